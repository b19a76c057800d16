import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_PARTY_SIZE, SEARCH_DEBOUNCE_MS } from '@goodtable/shared';
import { SelectionList } from '../../components/form/selection-list.tsx';
import { inputClassName } from '../../components/form/text-field.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useSession } from '../../lib/session.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { SiteLayout } from '../layout/site-layout.tsx';
import { directoryStateFromParams, prefilledParams, RESTAURANT_SORT_OPTIONS } from './directory-query.ts';
import { RestaurantCard } from './restaurant-card.tsx';
import { useCuisineOptions, useRegionOptions } from './restaurant-options.ts';
import { fetchClientPreferences, fetchRestaurantDirectory, restaurantKeys } from './restaurants-api.ts';

/** /restaurants: the public directory (search debounced 300 ms, region, cuisine and party size, Latest / A-Z, paging). */
export function RestaurantsDirectoryPage() {
  const { t } = useTranslation('restaurants');
  usePageTitle(t('directory.pageTitle'));
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = directoryStateFromParams(searchParams);
  const [searchText, setSearchText] = useState(query.search ?? '');
  const [guestsText, setGuestsText] = useState(query.guests ? String(query.guests) : '');
  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const debouncedGuests = useDebouncedValue(guestsText, SEARCH_DEBOUNCE_MS);
  const ids = { search: useId(), guests: useId(), sort: useId() };
  const regionOptions = useRegionOptions();
  const cuisineOptions = useCuisineOptions();

  const update = (changes: Record<string, string | undefined>, resetPage = true) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  // A client's saved defaults (region, party size) pre-fill the filters once, when the address names none.
  const isClient = session.status === 'signed-in' && session.role === 'user';
  const preferences = useQuery({ queryKey: restaurantKeys.clientPreferences, queryFn: fetchClientPreferences, enabled: isClient });
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !preferences.data) return;
    prefilled.current = true;
    const next = prefilledParams(searchParams, preferences.data);
    if (!next) return;
    setSearchParams(next, { replace: true });
    setGuestsText(next.get('guests') ?? '');
  }, [preferences.data, searchParams, setSearchParams]);

  useEffect(() => {
    if ((debouncedSearch.trim() || undefined) !== query.search) update({ search: debouncedSearch.trim() || undefined });
    // Only the settled search text drives the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  useEffect(() => {
    const guests = /^\d+$/.test(debouncedGuests.trim()) ? debouncedGuests.trim() : undefined;
    if (guests !== (query.guests ? String(query.guests) : undefined)) update({ guests });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedGuests]);

  const result = useQuery({
    queryKey: restaurantKeys.directory(query),
    queryFn: ({ signal }) => fetchRestaurantDirectory(query, signal),
    placeholderData: keepPreviousData,
  });
  const data = result.data;
  const showSkeletons = result.isPending || (result.isFetching && result.isPlaceholderData);
  const hasFilters = Boolean(query.search || query.region || query.cuisine || query.guests);

  return (
    <SiteLayout>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('directory.heading')}</h1>
        <p className="mt-2 text-slate-600">{t('directory.subtitle')}</p>

        <div className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-[1fr_14rem_14rem_8rem_10rem]">
          <div>
            <label htmlFor={ids.search} className="block text-sm font-medium text-slate-700">
              {t('directory.search')}
            </label>
            <input
              id={ids.search}
              type="search"
              value={searchText}
              placeholder={t('directory.searchPlaceholder')}
              onChange={(event) => setSearchText(event.target.value)}
              className={`mt-1 ${inputClassName} border-slate-300`}
            />
          </div>
          <SelectionList
            label={t('directory.region')}
            options={[{ value: '', label: t('directory.allRegions') }, ...regionOptions]}
            value={query.region ?? ''}
            onChange={(value) => update({ region: value || undefined })}
          />
          <SelectionList
            label={t('directory.cuisine')}
            options={[{ value: '', label: t('directory.allCuisines') }, ...cuisineOptions]}
            value={query.cuisine ?? ''}
            onChange={(value) => update({ cuisine: value || undefined })}
          />
          <div>
            <label htmlFor={ids.guests} className="block text-sm font-medium text-slate-700">
              {t('directory.guests')}
            </label>
            <input
              id={ids.guests}
              type="number"
              min={1}
              max={MAX_PARTY_SIZE}
              inputMode="numeric"
              value={guestsText}
              onChange={(event) => setGuestsText(event.target.value)}
              className={`mt-1 ${inputClassName} border-slate-300`}
            />
          </div>
          <div>
            <label htmlFor={ids.sort} className="block text-sm font-medium text-slate-700">
              {t('directory.sort')}
            </label>
            <select id={ids.sort} value={query.sortBy} onChange={(event) => update({ sortBy: event.target.value })} className={`mt-1 ${inputClassName} border-slate-300`}>
              {RESTAURANT_SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(`directory.sortOptions.${option.labelKey}`)}
                </option>
              ))}
            </select>
          </div>
        </div>

        <p className="mt-6 text-sm text-slate-500" aria-live="polite">
          {data && !showSkeletons ? t('directory.results', { count: data.totalResults }) : '\u00a0'}
        </p>

        {result.isError && !data ? (
          <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-6 text-sm text-red-800">
            <p>{t('directory.loadError')}</p>
            <button type="button" onClick={() => void result.refetch()} className="mt-3 font-semibold underline">
              {t('directory.retry')}
            </button>
          </div>
        ) : null}

        {showSkeletons ? (
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true" aria-label={t('directory.loading')}>
            {Array.from({ length: 8 }, (_, index) => (
              <li key={index} data-testid="restaurant-skeleton" className="animate-pulse overflow-hidden rounded-xl border border-slate-200">
                <div className="aspect-[4/3] bg-slate-200" />
                <div className="space-y-3 p-4">
                  <div className="h-4 w-3/4 rounded bg-slate-200" />
                  <div className="h-3 w-1/2 rounded bg-slate-200" />
                </div>
              </li>
            ))}
          </ul>
        ) : null}

        {data && !showSkeletons && data.data.length === 0 ? (
          <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-10 text-center">
            <h2 className="text-lg font-semibold text-slate-900">{t('directory.emptyHeading')}</h2>
            <p className="mt-1 text-sm text-slate-600">{t(hasFilters ? 'directory.emptyFiltered' : 'directory.emptyText')}</p>
            {hasFilters ? (
              <button
                type="button"
                className="mt-4 text-sm font-semibold text-brand-700 hover:text-brand-800"
                onClick={() => {
                  setSearchText('');
                  setGuestsText('');
                  update({ search: undefined, region: undefined, cuisine: undefined, guests: undefined });
                }}
              >
                {t('directory.clearFilters')}
              </button>
            ) : null}
          </div>
        ) : null}

        {data && !showSkeletons && data.data.length > 0 ? (
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {data.data.map((restaurant) => (
              <li key={restaurant.id}>
                <RestaurantCard restaurant={restaurant} />
              </li>
            ))}
          </ul>
        ) : null}

        {data && data.totalPages > 1 ? (
          <nav aria-label={t('directory.pagination')} className="mt-8 flex items-center justify-between border-t border-slate-200 pt-6">
            <button
              type="button"
              disabled={query.page <= 1}
              onClick={() => update({ page: String(query.page - 1) }, false)}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
            >
              {t('directory.previous')}
            </button>
            <span className="text-sm text-slate-600">{t('directory.pageOf', { page: query.page, totalPages: data.totalPages })}</span>
            <button
              type="button"
              disabled={query.page >= data.totalPages}
              onClick={() => update({ page: String(query.page + 1) }, false)}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
            >
              {t('directory.next')}
            </button>
          </nav>
        ) : null}
      </div>
    </SiteLayout>
  );
}

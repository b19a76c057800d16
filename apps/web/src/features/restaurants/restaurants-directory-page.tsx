import { useEffect, useId, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_PARTY_SIZE, SEARCH_DEBOUNCE_MS } from '@goodtable/shared';
import { DirectoryResults } from '../../components/directory/directory-results.tsx';
import { DirectorySkeleton, SkeletonLine } from '../../components/directory/directory-skeleton.tsx';
import { SearchField } from '../../components/directory/search-field.tsx';
import { SortSelect } from '../../components/form/sort-select.tsx';
import { useDebouncedSearch, useDirectoryAddress } from '../../components/directory/use-directory-address.ts';
import { SelectField } from '../../components/form/select-field.tsx';
import { inputClassName } from '../../components/form/input-styles.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { usePublicPageMeta } from '../../hooks/use-page-title.ts';
import { useSession } from '../../lib/session.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { directoryStateFromParams, prefilledParams, RESTAURANT_SORT_OPTIONS } from './directory-query.ts';
import { RestaurantCard } from './restaurant-card.tsx';
import { useCuisineOptions, useDirectoryRegionOptions } from './restaurant-options.ts';
import { clientPreferencesQuery, restaurantDirectoryQuery } from './restaurants-api.ts';

/** /restaurants: the public directory (search debounced 300 ms, region, cuisine and party size, Latest / A-Z, paging). */
export function RestaurantsDirectoryPage() {
  const { t } = useTranslation('restaurants');
  usePublicPageMeta('restaurants');
  const session = useSession();
  const { searchParams, setSearchParams, update } = useDirectoryAddress();
  const query = directoryStateFromParams(searchParams);
  const [guestsText, setGuestsText] = useState(query.guests ? String(query.guests) : '');
  const debouncedGuests = useDebouncedValue(guestsText, SEARCH_DEBOUNCE_MS);
  const guestsId = useId();
  const regionOptions = useDirectoryRegionOptions();
  const cuisineOptions = useCuisineOptions();

  // A client's saved defaults (region, party size) pre-fill the filters once, when the address names none.
  const isClient = session.status === 'signed-in' && session.role === 'user';
  const preferences = useQuery({ ...clientPreferencesQuery(), enabled: isClient });
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !preferences.data) return;
    prefilled.current = true;
    const next = prefilledParams(searchParams, preferences.data);
    if (!next) return;
    setSearchParams(next, { replace: true });
    setGuestsText(next.get('guests') ?? '');
  }, [preferences.data, searchParams, setSearchParams]);

  const [searchText, setSearchText] = useDebouncedSearch(query.search, update);

  useEffect(() => {
    const guests = /^\d+$/.test(debouncedGuests.trim()) ? debouncedGuests.trim() : undefined;
    if (guests !== (query.guests ? String(query.guests) : undefined)) update({ guests });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedGuests]);

  const result = useQuery({ ...restaurantDirectoryQuery(query), placeholderData: keepPreviousData });
  const hasFilters = Boolean(query.search || query.region || query.cuisine || query.guests);

  return (
    <SiteLayout>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('directory.heading')}</h1>
        <p className="mt-2 text-slate-600">{t('directory.subtitle')}</p>

        <div className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-[1fr_14rem_14rem_8rem_10rem]">
          <SearchField label={t('directory.search')} placeholder={t('directory.searchPlaceholder')} value={searchText} onChange={setSearchText} />
          <SelectField
            label={t('directory.region')}
            options={[{ value: '', label: t('directory.allRegions') }, ...regionOptions]}
            value={query.region ?? ''}
            onChange={(value) => update({ region: value || undefined })}
          />
          <SelectField
            label={t('directory.cuisine')}
            options={[{ value: '', label: t('directory.allCuisines') }, ...cuisineOptions]}
            value={query.cuisine ?? ''}
            onChange={(value) => update({ cuisine: value || undefined })}
          />
          <div>
            <label htmlFor={guestsId} className="block text-sm font-medium text-slate-700">
              {t('directory.guests')}
            </label>
            <input
              id={guestsId}
              type="number"
              min={1}
              max={MAX_PARTY_SIZE}
              inputMode="numeric"
              value={guestsText}
              onChange={(event) => setGuestsText(event.target.value)}
              className={`mt-1 ${inputClassName} border-slate-300`}
            />
          </div>
          <SortSelect
            value={query.sortBy}
            options={RESTAURANT_SORT_OPTIONS.map((option) => ({ value: option.value, label: t(`directory.sortOptions.${option.labelKey}`) }))}
            onChange={(sortBy) => update({ sortBy })}
          />
        </div>

        <DirectoryResults
          result={result}
          page={query.page}
          onPageChange={(page) => update({ page: String(page) }, false)}
          texts={{
            results: (count) => t('directory.results', { count }),
            loadError: t('directory.loadError'),
            emptyHeading: t('directory.emptyHeading'),
            emptyText: t(hasFilters ? 'directory.emptyFiltered' : 'directory.emptyText'),
          }}
          skeleton={
            <DirectorySkeleton
              count={8}
              label={t('directory.loading')}
              testId="restaurant-skeleton"
              gridClassName="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
              itemClassName="overflow-hidden rounded-xl border border-slate-200"
            >
              <div className="aspect-[4/3] bg-slate-200" />
              <div className="space-y-3 p-4">
                <SkeletonLine className="h-4 w-3/4" />
                <SkeletonLine className="h-3 w-1/2" />
              </div>
            </DirectorySkeleton>
          }
          onClearFilters={
            hasFilters
              ? () => {
                  setSearchText('');
                  setGuestsText('');
                  update({ search: undefined, region: undefined, cuisine: undefined, guests: undefined });
                }
              : undefined
          }
          gridClassName="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          itemKey={(restaurant) => restaurant.id}
          renderItem={(restaurant) => <RestaurantCard restaurant={restaurant} />}
        />
      </div>
    </SiteLayout>
  );
}

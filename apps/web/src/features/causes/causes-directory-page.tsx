import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAUSE_CATEGORIES, CAUSE_SORT_OPTIONS, SEARCH_DEBOUNCE_MS } from '@goodtable/shared';
import { inputClassName } from '../../components/form/text-field.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { SiteLayout } from '../layout/site-layout.tsx';
import { CauseLogo } from './cause-logo.tsx';
import { causeKeys, fetchCauseDirectory } from './causes-api.ts';
import { directoryQueryFromParams } from './directory-query.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';

/** /causes: the public cause directory (category filter, search debounced 300 ms, Latest / A-Z, paging). */
export function CausesDirectoryPage() {
  const { t } = useTranslation('causes');
  usePageTitle(t('directory.pageTitle'));
  const [searchParams, setSearchParams] = useSearchParams();
  const query = directoryQueryFromParams(searchParams);
  const [searchText, setSearchText] = useState(query.search ?? '');
  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const ids = { search: useId(), category: useId(), sort: useId() };

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

  useEffect(() => {
    if ((debouncedSearch.trim() || undefined) !== query.search) update({ search: debouncedSearch.trim() || undefined });
    // Only the settled search text drives the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const result = useQuery({
    queryKey: causeKeys.directory(query),
    queryFn: ({ signal }) => fetchCauseDirectory(query, signal),
    placeholderData: keepPreviousData,
  });
  const data = result.data;
  const showSkeletons = result.isPending || (result.isFetching && result.isPlaceholderData);

  return (
    <SiteLayout>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('directory.heading')}</h1>
        <p className="mt-2 text-slate-600">{t('directory.subtitle')}</p>

        <div className="mt-8 grid gap-4 sm:grid-cols-[1fr_14rem_10rem]">
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
          <div>
            <label htmlFor={ids.category} className="block text-sm font-medium text-slate-700">
              {t('directory.category')}
            </label>
            <select
              id={ids.category}
              value={query.category ?? ''}
              onChange={(event) => update({ category: event.target.value || undefined })}
              className={`mt-1 ${inputClassName} border-slate-300`}
            >
              <option value="">{t('directory.allCategories')}</option>
              {CAUSE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.sort} className="block text-sm font-medium text-slate-700">
              {t('sort.label')}
            </label>
            <select
              id={ids.sort}
              value={query.sortBy}
              onChange={(event) => update({ sortBy: event.target.value })}
              className={`mt-1 ${inputClassName} border-slate-300`}
            >
              {CAUSE_SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(`sort.${option.labelKey}`)}
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
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('directory.loading')}>
            {Array.from({ length: 6 }, (_, index) => (
              <li key={index} data-testid="cause-skeleton" className="flex animate-pulse gap-4 rounded-xl border border-slate-200 p-5">
                <div className="size-16 rounded-lg bg-slate-200" />
                <div className="flex-1 space-y-3 py-1">
                  <div className="h-4 w-3/4 rounded bg-slate-200" />
                  <div className="h-3 w-1/3 rounded bg-slate-200" />
                </div>
              </li>
            ))}
          </ul>
        ) : null}

        {data && !showSkeletons && data.data.length === 0 ? (
          <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-10 text-center">
            <h2 className="text-lg font-semibold text-slate-900">{t('directory.emptyHeading')}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('directory.emptyText')}</p>
            {query.search || query.category ? (
              <button
                type="button"
                className="mt-4 text-sm font-semibold text-brand-700 hover:text-brand-800"
                onClick={() => {
                  setSearchText('');
                  update({ search: undefined, category: undefined });
                }}
              >
                {t('directory.clearFilters')}
              </button>
            ) : null}
          </div>
        ) : null}

        {data && !showSkeletons && data.data.length > 0 ? (
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {data.data.map((cause) => (
              <li key={cause.id}>
                <Link
                  to={`/cause/${cause.slug}`}
                  className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <CauseLogo name={cause.name} logo={cause.logo} />
                  <div className="min-w-0">
                    <h2 className="font-semibold text-slate-900">{cause.name}</h2>
                    <p className="mt-1 inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                      {t(`categories.${cause.category}`)}
                    </p>
                  </div>
                </Link>
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

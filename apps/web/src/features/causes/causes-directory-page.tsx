import { useId } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAUSE_CATEGORIES, CAUSE_SORT_OPTIONS } from '@goodtable/shared';
import { DirectoryResults } from '../../components/directory/directory-results.tsx';
import { DirectorySkeleton, SkeletonLine } from '../../components/directory/directory-skeleton.tsx';
import { SearchField } from '../../components/directory/search-field.tsx';
import { SortSelect } from '../../components/form/sort-select.tsx';
import { useDebouncedSearch, useDirectoryAddress } from '../../components/directory/use-directory-address.ts';
import { inputClassName } from '../../components/form/input-styles.ts';
import { usePublicPageMeta } from '../../hooks/use-page-title.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { CauseLogo } from './cause-logo.tsx';
import { causeDirectoryQuery } from './causes-api.ts';
import { directoryQueryFromParams } from './directory-query.ts';

/** /causes: the public cause directory (category filter, search debounced 300 ms, Latest / A-Z, paging). */
export function CausesDirectoryPage() {
  const { t } = useTranslation('causes');
  usePublicPageMeta('causes');
  const { searchParams, update } = useDirectoryAddress();
  const query = directoryQueryFromParams(searchParams);
  const [searchText, setSearchText] = useDebouncedSearch(query.search, update);
  const categoryId = useId();

  const result = useQuery({ ...causeDirectoryQuery(query), placeholderData: keepPreviousData });

  return (
    <SiteLayout>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('directory.heading')}</h1>
        <p className="mt-2 text-slate-600">{t('directory.subtitle')}</p>

        <div className="mt-8 grid gap-4 sm:grid-cols-[1fr_14rem_10rem]">
          <SearchField label={t('directory.search')} placeholder={t('directory.searchPlaceholder')} value={searchText} onChange={setSearchText} />
          <div>
            <label htmlFor={categoryId} className="block text-sm font-medium text-slate-700">
              {t('directory.category')}
            </label>
            <select
              id={categoryId}
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
          <SortSelect
            value={query.sortBy}
            options={CAUSE_SORT_OPTIONS.map((option) => ({ value: option.value, label: t(`sort.${option.labelKey}`) }))}
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
            emptyText: t('directory.emptyText'),
          }}
          skeleton={
            <DirectorySkeleton
              count={6}
              label={t('directory.loading')}
              testId="cause-skeleton"
              gridClassName="sm:grid-cols-2 lg:grid-cols-3"
              itemClassName="flex gap-4 rounded-xl border border-slate-200 p-5"
            >
              <div className="size-16 rounded-lg bg-slate-200" />
              <div className="flex-1 space-y-3 py-1">
                <SkeletonLine className="h-4 w-3/4" />
                <SkeletonLine className="h-3 w-1/3" />
              </div>
            </DirectorySkeleton>
          }
          onClearFilters={
            query.search || query.category
              ? () => {
                  setSearchText('');
                  update({ search: undefined, category: undefined });
                }
              : undefined
          }
          gridClassName="sm:grid-cols-2 lg:grid-cols-3"
          itemKey={(cause) => cause.id}
          renderItem={(cause) => (
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
          )}
        />
      </div>
    </SiteLayout>
  );
}

import { useMemo } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CAUSE_SORT_OPTIONS, localeToLanguageTag } from '@goodtable/shared';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { SelectionList } from '../../components/form/selection-list.tsx';
import { SortSelect } from '../../components/form/sort-select.tsx';
import { useDirectoryAddress } from '../../components/directory/use-directory-address.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { CauseLogo } from './cause-logo.tsx';
import { countryLabel } from '../../components/form/country-options.ts';
import { causeQuery } from './causes-api.ts';
import { isCauseSortValue, selectCause } from './cause-selection.ts';
import { COMPLETE_PROFILE_STATE } from './complete-profile-state.ts';
import { useCausesErrorToast } from './causes-error-toast.ts';
import { ALL_MY_CAUSES_LIMIT, useMyCauses } from './use-my-causes.ts';

/**
 * /cause-profile: the cause user's causes with the dashboard cause selector (`causeId` selects, else
 * the first) and its sorts (Latest, A-Z). A cause user without any cause is sent to /add-cause with the
 * "Please complete your profile first" dialog (docs/product.md, Validation rules).
 */
export function CauseProfilePage() {
  const { t } = useTranslation('causes');
  usePageTitle(t('profile.pageTitle'));
  // The chosen cause and the sort live in the address, changed as a directory's are: each change starts from the
  // address as it is now.
  const { searchParams, update: updateAddress } = useDirectoryAddress();
  const sortParam = searchParams.get('sortBy');
  const sortBy = isCauseSortValue(sortParam) ? sortParam : 'created_at:desc';
  const { data: causes, error, isPending } = useMyCauses({ limit: ALL_MY_CAUSES_LIMIT, sortBy });
  useCausesErrorToast(error);
  const selected = causes ? selectCause(causes, searchParams.get('causeId')) : undefined;
  const options = useMemo(() => (causes ?? []).map((cause) => ({ value: cause.id, label: cause.name })), [causes]);

  if (causes && causes.length === 0) return <Navigate to="/add-cause" replace state={COMPLETE_PROFILE_STATE} />;

  const update = (changes: Record<string, string>) => updateAddress(changes, false);

  return (
    <SignedInLayout>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('profile.heading')}</h1>
        <Link to="/add-cause" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50">
          {t('profile.addAnother')}
        </Link>
      </div>
      {isPending ? <PageLoading /> : null}
      {causes && selected ? (
        <>
          <div className="mb-6 grid gap-4 sm:grid-cols-[1fr_12rem]">
            <SelectionList label={t('profile.selector')} name="causeId" options={options} value={selected.id} onChange={(id) => update({ causeId: id })} />
            <SortSelect
              value={sortBy}
              options={CAUSE_SORT_OPTIONS.map((option) => ({ value: option.value, label: t(`sort.${option.labelKey}`) }))}
              onChange={(value) => update({ sortBy: value })}
            />
          </div>
          <SelectedCause causeId={selected.id} />
        </>
      ) : null}
    </SignedInLayout>
  );
}


function SelectedCause({ causeId }: { causeId: string }) {
  const { t, i18n } = useTranslation('causes');
  const query = useQuery(causeQuery(causeId));
  useCausesErrorToast(query.error);
  const cause = query.data;
  if (!cause) return query.isPending ? <PageLoading /> : null;
  const languageTag = localeToLanguageTag(currentLocale(i18n));

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="selected-cause-heading">
      <div className="flex flex-wrap items-start gap-5">
        <CauseLogo name={cause.name} logo={cause.logo} className="size-20" />
        <div className="min-w-0 flex-1">
          <h2 id="selected-cause-heading" className="text-xl font-semibold text-slate-900">
            {cause.name}
          </h2>
          <p className="mt-1 text-sm text-slate-500">/cause/{cause.slug}</p>
          <span
            className={`mt-2 inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${cause.published ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'}`}
          >
            {t(cause.published ? 'profile.published' : 'profile.draft')}
          </span>
        </div>
        <div className="flex gap-2">
          <Link to={`/cause/${cause.slug}`} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
            {t('profile.viewPage')}
          </Link>
          <Link to={`/cause/${cause.id}/edit`} className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t('profile.edit')}
          </Link>
        </div>
      </div>
      <dl className="mt-6 grid gap-4 border-t border-slate-100 pt-6 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500">{t('profile.category')}</dt>
          <dd className="mt-1 text-slate-900">{t(`categories.${cause.category}`)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t('profile.country')}</dt>
          <dd className="mt-1 text-slate-900">{cause.country ? countryLabel({ id: cause.country, name: cause.country, flag: '' }, languageTag) : t('profile.notSet')}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t('profile.website')}</dt>
          <dd className="mt-1 truncate text-slate-900">
            {cause.website ? (
              <a href={cause.website} className="text-brand-700 hover:underline" target="_blank" rel="noreferrer noopener">
                {cause.website}
              </a>
            ) : (
              t('profile.notSet')
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t('profile.registration')}</dt>
          <dd className="mt-1 text-slate-900">{cause.charity_registration_number ?? t('profile.notSet')}</dd>
        </div>
      </dl>
      <p className="mt-6 text-sm whitespace-pre-line text-slate-700">{cause.story || t('profile.noStory')}</p>
    </section>
  );
}

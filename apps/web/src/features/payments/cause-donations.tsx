import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, MAX_PAGE_SIZE, type CauseDonation } from '@goodtable/shared';
import { DirectoryResults } from '../../components/directory/directory-results.tsx';
import { DirectorySkeleton, SkeletonLine } from '../../components/directory/directory-skeleton.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { formatShortDate } from '../../lib/date-format.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { userCausesQuery } from '../causes/causes-api.ts';
import { causeDonationsQuery } from './donations-api.ts';

const CAUSES_SORT = 'name:asc';

/** The donor as the cause's owner reads it: "Anonymous (Jane Doe)" for a gift anonymous to the public. */
export function useDonorName() {
  const { t } = useTranslation('payment-history');
  return (donation: { name: string | null; anonymous: boolean }) => {
    const donor = donation.name ?? t('donation.unnamed');
    return donation.anonymous ? t('donation.anonymous', { name: donor }) : donor;
  };
}

function DonationItem({ donation }: { donation: CauseDonation }) {
  const { t, i18n } = useTranslation('payment-history');
  const locale = currentLocale(i18n);
  const donorName = useDonorName();
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="cause-donation">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">{donorName(donation)}</p>
        <p className="text-base font-semibold text-slate-900">{formatMoney(donation.amount, { currency: donation.currency, locale })}</p>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        <time dateTime={donation.created_at}>{formatShortDate({ instant: donation.created_at, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, locale })}</time>
        {' · '}
        {donation.event_id ? (
          <Link to={`/bookings/${donation.event_id}`} className="font-medium text-brand-800 hover:underline">
            {t('causeDonations.forEvent')}
          </Link>
        ) : (
          t('causeDonations.noEvent')
        )}
      </p>
      {donation.message ? (
        <blockquote className="mt-2 border-l-2 border-slate-300 pl-3 text-sm text-slate-600 italic [overflow-wrap:anywhere]">
          <span className="sr-only">{t('donation.message')}: </span>“{donation.message}”
        </blockquote>
      ) : null}
    </article>
  );
}

/**
 * A cause owner's donations and the donors' messages, one of its causes at a time (a choice when it has several),
 * newest first with pages: `GET /v1/causes/{id}/donations`.
 */
export function CauseDonations({ ownerId }: { ownerId: string }) {
  const { t } = useTranslation('payment-history');
  const causes = useQuery(userCausesQuery({ userId: ownerId, limit: MAX_PAGE_SIZE, sortBy: CAUSES_SORT }));
  const [chosen, setChosen] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const causeId = chosen ?? causes.data?.[0]?.id ?? null;
  const donations = useQuery({
    ...causeDonationsQuery(causeId ?? 'none', page),
    enabled: causeId !== null,
    placeholderData: keepPreviousData,
  });
  if (!causes.data || causes.data.length === 0 || causeId === null) return null;

  return (
    <section aria-labelledby="cause-donations-heading" className="mt-8">
      <h2 id="cause-donations-heading" className="text-lg font-semibold text-slate-900">
        {t('causeDonations.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('causeDonations.intro')}</p>
      {causes.data.length > 1 ? (
        <div className="mt-3 max-w-sm">
          <SelectField
            label={t('causeDonations.cause')}
            value={causeId}
            options={causes.data.map((cause) => ({ value: cause.id, label: cause.name }))}
            onChange={(id) => {
              setChosen(id);
              setPage(1);
            }}
          />
        </div>
      ) : null}
      <DirectoryResults
        result={donations}
        page={page}
        onPageChange={setPage}
        texts={{
          results: (count) => t('causeDonations.results', { count }),
          loadError: t('causeDonations.loadError'),
          emptyHeading: t('causeDonations.emptyHeading'),
          emptyText: t('causeDonations.emptyText'),
        }}
        skeleton={
          <DirectorySkeleton count={2} label={t('causeDonations.loading')} testId="cause-donation-skeleton" gridClassName="" itemClassName="rounded-xl border border-slate-200 bg-white p-4">
            <SkeletonLine className="h-4 w-40" />
          </DirectorySkeleton>
        }
        gridClassName=""
        itemKey={(donation) => donation.id}
        renderItem={(donation) => <DonationItem donation={donation} />}
      />
    </section>
  );
}

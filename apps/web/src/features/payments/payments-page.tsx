import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EarnerTotals, Me, PaymentListItem } from '@goodtable/shared';
import { secondaryButtonClassName } from '../../components/button-styles.ts';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { TotalFigure } from '../../components/money/total-figure.tsx';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { formatShortDate } from '../../lib/date-format.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useSpeaker } from '../../lib/speaker.ts';
import { CauseDonations } from './cause-donations.tsx';
import { MoneyChart } from './money-chart.tsx';
import { paymentsCsv } from './payment-history.ts';
import { PaymentListSkeleton, PaymentRows, usePaymentListAddress } from './payment-list-parts.tsx';
import { earnerPaymentsQuery, fetchAllPages, fetchEarnerPayments, type PaymentListParams } from './payments-api.ts';

const LIMIT = 10;

/** The totals of the rows, each explained for whose money it is: a restaurant's (seller, manager) or a cause's. */
function EarnerTotalsCard({ totals, earner }: { totals: EarnerTotals[]; earner: 'restaurant' | 'cause' }) {
  const { t } = useTranslation('payment-history');
  if (totals.length === 0) return null;
  return (
    <section aria-labelledby="earner-totals-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="earner-totals-heading" className="text-base font-semibold text-slate-900">
        {t('earner.totals')}
      </h2>
      {totals.map((total) => (
        <dl key={total.currency} className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label={total.currency} data-testid={`earner-totals-${total.currency}`}>
          <TotalFigure label={t('earner.held')} amount={total.held} currency={total.currency} help={t(`earner.heldHelp.${earner}`)} />
          <TotalFigure label={t('earner.earned')} amount={total.earned} currency={total.currency} help={t(`earner.earnedHelp.${earner}`)} />
          <TotalFigure label={t('earner.paidOut')} amount={total.paid_out} currency={total.currency} />
          <TotalFigure label={t('earner.pending')} amount={total.pending} currency={total.currency} help={t('earner.pendingHelp')} />
        </dl>
      ))}
    </section>
  );
}

/** Saves `text` as a file named `fileName` (a link to a blob, clicked). */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Every row of the current filter as CSV, built in the browser from the API's pages (no CSV endpoint needed). */
function ExportCsvButton({ filter }: { filter: Pick<PaymentListParams, 'booking_id' | 'restaurant_id'> }) {
  const { t, i18n } = useTranslation('payment-history');
  const showErrorToast = useErrorToast();
  const [busy, setBusy] = useState(false);
  const locale = currentLocale(i18n);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const exportCsv = async () => {
    setBusy(true);
    try {
      const items = await fetchAllPages(fetchEarnerPayments, filter);
      const csv = paymentsCsv({
        items,
        viewer: 'earner',
        texts: {
          headers: {
            date: t('columns.date'),
            booking: t('columns.booking'),
            restaurant: t('columns.restaurant'),
            cause: t('columns.cause'),
            type: t('columns.type'),
            status: t('columns.status'),
            amount: t('columns.amount'),
            notIncome: t('columns.notIncome'),
            currency: t('columns.currency'),
            reference: t('columns.reference'),
          },
          type: (item: PaymentListItem) => t(`types.${item.type}`),
          status: (item: PaymentListItem) => t(`statuses.${item.status}`),
          date: (instant) => formatShortDate({ instant, timeZone, locale }),
        },
      });
      // A byte-order mark so spreadsheet programs read the Vietnamese text as UTF-8.
      download(`\uFEFF${csv}`, `${t('earner.fileName')}.csv`);
    } catch (error) {
      showErrorToast(error, t('earner.exportError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className={secondaryButtonClassName} onClick={() => void exportCsv()} disabled={busy} aria-busy={busy}>
      {busy ? t('earner.exporting') : t('earner.export')}
    </button>
  );
}

/** The page's title: whose money this is (a manager's All Payments, or one restaurant it runs). */
function useEarnerTitle(user: Me, restaurantId: string | undefined): string {
  const { t } = useTranslation('payment-history');
  const { restaurants } = useSpeaker(user);
  if (user.role !== 'manager') return t('earner.title');
  if (!restaurantId) return t('earner.titleManager');
  const restaurant = restaurants.find((candidate) => candidate.id === restaurantId);
  return restaurant?.name ? t('earner.titleRestaurant', { restaurant: restaurant.name }) : t('earner.titleOneRestaurant');
}

function EarnerPayments({ user }: { user: Me }) {
  const { t } = useTranslation('payment-history');
  const { page, bookingId, restaurantId } = usePaymentListAddress();
  const title = useEarnerTitle(user, restaurantId);
  usePageTitle(title);
  const filter = { ...(bookingId ? { booking_id: bookingId } : {}), ...(restaurantId ? { restaurant_id: restaurantId } : {}) };
  const params = { page, limit: LIMIT, ...filter };
  const result = useQuery({ ...earnerPaymentsQuery(params), placeholderData: keepPreviousData });
  // A manager acting for one restaurant reads that restaurant's money only: the subtitle says so.
  const introKey = user.role === 'manager' && restaurantId ? 'managerRestaurant' : user.role === 'manager' || user.role === 'cause' ? user.role : 'seller';

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{t(`earner.intro.${introKey}`)}</p>
        </div>
        {result.data && result.data.totalResults > 0 ? <ExportCsvButton filter={filter} /> : null}
      </div>
      {/* The totals and the chart come above the list, the cause's donations below it: all show at once, a
          placeholder in their place until then (docs/decisions/0201-pages-keep-their-place-while-loading.md). */}
      {result.isPending ? (
        <div className="mt-8">
          <PaymentListSkeleton />
        </div>
      ) : (
        <>
          {result.data ? <EarnerTotalsCard totals={result.data.totals} earner={user.role === 'cause' ? 'cause' : 'restaurant'} /> : null}
          {result.data && result.data.months.length > 0 ? <MoneyChart months={result.data.months} /> : null}
          <section aria-labelledby="earner-list-heading" className="mt-8">
            <h2 id="earner-list-heading" className="text-lg font-semibold text-slate-900">
              {t('earner.listHeading')}
            </h2>
            <PaymentRows result={result} viewer="earner" texts={{ loadError: t('earner.loadError'), emptyHeading: t('earner.emptyHeading'), emptyText: t('earner.emptyText') }} />
          </section>
          {user.role === 'cause' ? <CauseDonations ownerId={user.id} /> : null}
        </>
      )}
    </>
  );
}

/**
 * `/payments` (seller, cause; a manager's "All Payments" across the restaurants it runs), only the viewer's own money:
 * a restaurant's clients' deposits held until each event settles (not income), a cause's donations with the donors'
 * messages, what the events earned, payouts with their status, totals per currency that are the rows' sums, money
 * over time, CSV.
 */
export function PaymentsPage() {
  const session = useSession();
  return <SignedInLayout>{session.status === 'signed-in' ? <EarnerPayments user={session.user} /> : null}</SignedInLayout>;
}

import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PayerTotals } from '@goodtable/shared';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { TotalFigure } from '../../components/money/total-figure.tsx';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PaymentListSkeleton, PaymentRows, usePaymentListAddress } from './payment-list-parts.tsx';
import { payerPaymentsQuery } from './payments-api.ts';

const LIMIT = 10;

function PayerTotalsCard({ totals }: { totals: PayerTotals[] }) {
  const { t } = useTranslation('payment-history');
  if (totals.length === 0) return null;
  return (
    <section aria-labelledby="payer-totals-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="payer-totals-heading" className="text-base font-semibold text-slate-900">
        {t('client.totals')}
      </h2>
      {totals.map((total) => (
        <dl key={total.currency} className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3" aria-label={total.currency} data-testid={`payer-totals-${total.currency}`}>
          <TotalFigure label={t('client.paid')} amount={total.paid} currency={total.currency} />
          <TotalFigure label={t('client.refunded')} amount={total.refunded} currency={total.currency} />
          <TotalFigure label={t('client.net')} amount={total.paid - total.refunded} currency={total.currency} />
        </dl>
      ))}
    </section>
  );
}

/**
 * `/bookings/payments`: what the viewer paid for its bookings, refunds, totals per currency and a receipt for each
 * payment. A failed load shows "Get Bookings Account Detail error!" (docs/product.md, Errors).
 */
function BookingsPayments() {
  const { t } = useTranslation('payment-history');
  usePageTitle(t('client.title'));
  const showErrorToast = useErrorToast();
  const { page, bookingId } = usePaymentListAddress();
  const params = { page, limit: LIMIT, ...(bookingId ? { booking_id: bookingId } : {}) };
  const result = useQuery({ ...payerPaymentsQuery(params), placeholderData: keepPreviousData });
  const failed = result.isError;
  const error = result.error;
  useEffect(() => {
    if (failed) showErrorToast(error, t('client.loadError'));
  }, [failed, error, showErrorToast, t]);

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('client.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('client.intro')}</p>
      {/* The totals come above the list: both show at once, a placeholder in their place until then
          (docs/decisions/0201-pages-keep-their-place-while-loading.md). */}
      {result.isPending ? (
        <div className="mt-8">
          <PaymentListSkeleton />
        </div>
      ) : (
        <>
          {result.data ? <PayerTotalsCard totals={result.data.totals} /> : null}
          <section aria-labelledby="payer-list-heading" className="mt-8">
            <h2 id="payer-list-heading" className="text-lg font-semibold text-slate-900">
              {t('client.listHeading')}
            </h2>
            <PaymentRows result={result} viewer="payer" texts={{ loadError: t('client.loadError'), emptyHeading: t('client.emptyHeading'), emptyText: t('client.emptyText') }} />
          </section>
        </>
      )}
    </>
  );
}

export function BookingsPaymentsPage() {
  return (
    <SignedInLayout>
      <BookingsPayments />
    </SignedInLayout>
  );
}

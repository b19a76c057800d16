import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, type PaymentReceipt } from '@goodtable/shared';
import { primaryButtonClassName } from '../../components/button-styles.ts';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { QueryState } from '../../components/feedback/query-state.tsx';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { formatLongDateTime } from '../../lib/date-format.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { paymentReceiptQuery } from './payments-api.ts';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Receipt({ receipt, backTo }: { receipt: PaymentReceipt; backTo: string }) {
  const { t, i18n } = useTranslation('payment-history');
  const locale = currentLocale(i18n);
  const { payment } = receipt;
  const money = (amount: number) => formatMoney(amount, { currency: payment.currency, locale });
  const zone = receipt.restaurant?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const address = [receipt.restaurant?.address, receipt.restaurant?.city].filter(Boolean).join(', ');
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3" data-print-hidden>
        <Link to={backTo} className="text-sm font-semibold text-brand-800 hover:underline">
          {t('receipt.back')}
        </Link>
        <button type="button" className={primaryButtonClassName} onClick={() => window.print()}>
          {t('receipt.print')}
        </button>
      </div>
      <article data-receipt aria-labelledby="receipt-heading" className="mt-6 max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-semibold tracking-wide text-brand-800">GoodTable</p>
        <h1 id="receipt-heading" className="mt-1 text-2xl font-bold text-slate-900">
          {t('receipt.heading')}
        </h1>
        <dl className="mt-4">
          <Line label={t('receipt.reference')}>
            <span className="font-mono text-xs">{payment.id}</span>
          </Line>
          <Line label={t('receipt.paidAt')}>{formatLongDateTime({ instant: receipt.paid_at, timeZone: zone, locale })}</Line>
          <Line label={t('receipt.paymentType')}>{t(`types.${payment.type}`)}</Line>
          <Line label={t('receipt.amount')}>{money(payment.amount)}</Line>
          {receipt.refunded > 0 ? (
            <>
              <Line label={t('receipt.refunded')}>{money(receipt.refunded)}</Line>
              <Line label={t('receipt.net')}>{money(payment.amount - receipt.refunded)}</Line>
            </>
          ) : null}
          <Line label={t('receipt.payer')}>
            {receipt.payer.first_name} {receipt.payer.last_name} ({receipt.payer.email})
          </Line>
          <Line label={t('receipt.event')}>{receipt.booking.title ?? t('untitled')}</Line>
          {receipt.booking.date ? <Line label={t('receipt.eventDate')}>{formatLongDateTime({ instant: receipt.booking.date, timeZone: zone, locale })}</Line> : null}
          {receipt.booking.guests !== null ? <Line label={t('receipt.guests')}>{receipt.booking.guests}</Line> : null}
          {receipt.restaurant ? (
            <Line label={t('receipt.restaurant')}>
              {receipt.restaurant.name}
              {address ? <span className="block text-xs font-normal text-slate-600">{address}</span> : null}
            </Line>
          ) : null}
          {receipt.cause ? <Line label={t('receipt.cause')}>{receipt.cause.name}</Line> : null}
        </dl>
        <p className="mt-6 text-xs text-slate-500">{t('receipt.issuedBy')}</p>
      </article>
    </>
  );
}

/** `/payments/{id}/receipt`: a succeeded payment's printable receipt (the payer and the booking's parties). */
export function ReceiptPage() {
  const { t } = useTranslation('payment-history');
  usePageTitle(t('receipt.title'));
  const { id = '' } = useParams();
  const session = useSession();
  const receipt = useQuery(paymentReceiptQuery(id));
  const backTo = session.role === 'user' ? '/bookings/payments' : '/payments';
  if (receipt.error instanceof ApiRequestError && (receipt.error.statusCode === 404 || receipt.error.statusCode === 400)) {
    // Unknown, or not the payer nor a party of its booking: the 404 page either way, at the address asked for.
    return <NotFoundPage />;
  }
  return (
    <SignedInLayout>
      <QueryState data={receipt.data} isError={receipt.isError} errorText={t('receipt.loadError')}>
        {(data) => <Receipt receipt={data} backTo={backTo} />}
      </QueryState>
    </SignedInLayout>
  );
}

import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, paymentMethodOf, type PayableType, type Payment, type PaymentOptions } from '@goodtable/shared';
import { primaryButtonClassName, secondaryButtonClassName } from '../../components/button-styles.ts';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { formatLongDateTime } from '../../lib/date-format.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { bookingKeys, bookingQuery } from '../bookings/bookings-api.ts';
import { BankTransferDetails } from './bank-transfer-details.tsx';
import { BecsPaymentForm } from './becs-payment-form.tsx';
import { CardPaymentForm } from './card-payment-form.tsx';
import { PaymentFailure } from './payment-failure.tsx';
import { createPayment, newIdempotencyKey, openPaymentsQuery, paymentOptionsQuery, paymentQuery } from './payments-api.ts';

/** A BECS debit still clearing: no second payment until it has (it could charge twice). */
function DebitProcessing({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation('payments');
  const session = useSession();
  const locale = currentLocale(i18n);
  // The viewer's time zone, as the booking page shows its deadlines.
  const timeZone = session.user?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      {t('processing.text', {
        amount: formatMoney(payment.amount, { currency: payment.currency, locale }),
        date: payment.processing_until ? formatLongDateTime({ instant: payment.processing_until, timeZone, locale }) : '',
      })}
    </p>
  );
}

function PaymentForm({ bookingId, options, open }: { bookingId: string; options: PaymentOptions; open: Payment[] }) {
  const { t, i18n } = useTranslation('payments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const [searchParams] = useSearchParams();
  const typeGroupId = useId();
  const awaitedTransfer = open.find((payment) => payment.type === 'BANK_DEPOSIT') ?? null;
  // Back with a transfer already asked for: its details first (the client came back for the reference).
  const [type, setType] = useState<PayableType>(awaitedTransfer ? 'BANK_DEPOSIT' : options.options[0]!.type);
  const [failure, setFailure] = useState<Payment | null>(null);
  const [transfer, setTransfer] = useState<Payment | null>(awaitedTransfer);
  // One payment per type for this visit: submitting again (a double click, a retry after a decline) reuses it.
  const createKeys = useRef<Partial<Record<PayableType, string>>>({});
  const locale = currentLocale(i18n);
  // Back from a failed extra step: its payment's message.
  const returned = useQuery({ ...paymentQuery(searchParams.get('payment') ?? ''), enabled: searchParams.has('payment') });
  const shownFailure = failure ?? (returned.data?.status === 'failed' ? returned.data : null);
  const method = paymentMethodOf(type);
  const amount = formatMoney(options.options.find((option) => option.type === type)!.amount, { currency: options.currency, locale });

  const start = () => createPayment({ bookingId, type, idempotencyKey: (createKeys.current[type] ??= newIdempotencyKey()) });
  const onResult = (payment: Payment) => {
    setFailure(payment.status === 'failed' ? payment : null);
    if (payment.status === 'requires_action' && payment.next_action_url) {
      void navigate(payment.next_action_url);
    } else if (payment.status === 'succeeded' || payment.status === 'processing') {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: openPaymentsQuery(bookingId).queryKey });
      showToast({ kind: 'success', message: t(payment.status === 'succeeded' ? 'paid' : 'processing.started') });
      void navigate(`/bookings/${bookingId}`, { replace: true });
    }
  };
  const requestTransfer = useMutation({
    mutationFn: start,
    onSuccess: (payment) => {
      setTransfer(payment);
      void queryClient.invalidateQueries({ queryKey: openPaymentsQuery(bookingId).queryKey });
    },
    onError: (error) => showErrorToast(error, t('payError')),
  });
  const back = (
    <Link to={`/bookings/${bookingId}`} className={secondaryButtonClassName}>
      {t('back')}
    </Link>
  );

  return (
    <div className="space-y-5">
      <fieldset>
        <legend id={typeGroupId} className="text-sm font-medium text-slate-700">
          {t('whatToPay')}
        </legend>
        <div className="mt-2 space-y-2">
          {options.options.map((option) => (
            <label key={option.type} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-brand-700">
              <input type="radio" name="payment-type" className="mt-1" checked={type === option.type} onChange={() => setType(option.type)} />
              <span>
                <span className="block font-semibold text-slate-900">
                  {t(`types.${option.type}.title`)} · {formatMoney(option.amount, { currency: options.currency, locale })}
                </span>
                <span className="block text-sm text-slate-600">{t(`types.${option.type}.text`, { percent: options.deposit_percent })}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <PaymentFailure payment={shownFailure} />
      {method === 'card' ? (
        <CardPaymentForm key={type} start={start} submitLabel={t('submit', { amount })} onResult={onResult}>
          {back}
        </CardPaymentForm>
      ) : method === 'becs' ? (
        <BecsPaymentForm key={type} start={start} submitLabel={t('becs.submit', { amount })} onResult={onResult}>
          {back}
        </BecsPaymentForm>
      ) : transfer ? (
        <>
          <BankTransferDetails payment={transfer} />
          <div className="flex justify-end">{back}</div>
        </>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">{t('bankTransfer.intro')}</p>
          <div className="flex flex-wrap justify-end gap-3">
            {back}
            <button type="button" className={primaryButtonClassName} disabled={requestTransfer.isPending} onClick={() => requestTransfer.mutate()}>
              {t('bankTransfer.start', { amount })}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

function PaymentScreen({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('payments');
  usePageTitle(t('title'));
  const booking = useQuery(bookingQuery(bookingId));
  const options = useQuery({ ...paymentOptionsQuery(bookingId), retry: false });
  const open = useQuery({ ...openPaymentsQuery(bookingId), retry: false });
  const debit = open.data?.data.find((payment) => paymentMethodOf(payment.type as PayableType) === 'becs');
  const status = options.error instanceof ApiRequestError ? options.error.statusCode : null;
  if (status === 404 || status === 400) return <NotFoundPage />;
  return (
    <SignedInLayout>
      <div className="mx-auto max-w-xl space-y-6">
        <div>
          <Link to={`/bookings/${bookingId}`} className="text-sm font-medium text-brand-800 hover:underline">
            <span aria-hidden="true">&larr; </span>
            {t('back')}
          </Link>
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
          {/* Its line is kept while the booking loads: the form below does not drop when the title arrives. */}
          <p className="mt-1 min-h-6 text-slate-600">{booking.data?.title}</p>
        </div>
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          {debit ? (
            <DebitProcessing payment={debit} />
          ) : options.data && open.data ? (
            <PaymentForm bookingId={bookingId} options={options.data} open={open.data.data} />
          ) : status === 409 || status === 403 ? (
            <p role="status" className="text-sm text-slate-700">
              {t(status === 403 ? 'notPayer' : 'notAwaitingPayment')}
            </p>
          ) : options.isError || open.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('loadError')}
            </p>
          ) : (
            <PageLoading />
          )}
        </section>
      </div>
    </SignedInLayout>
  );
}

/**
 * `/bookings/{id}/payment`: the client of an ACCEPTED booking pays the deposit (or the whole restaurant cost) by card
 * or BECS Direct Debit, or asks for bank transfer details.
 */
export function BookingPaymentPage() {
  const session = useSession();
  const { id } = useParams();
  return session.status === 'signed-in' && id ? <PaymentScreen key={id} bookingId={id} /> : null;
}

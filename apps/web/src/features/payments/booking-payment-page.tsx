import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatMoney, type CardInput, type PayableType, type Payment, type PaymentOptions } from '@goodtable/shared';
import { secondaryButtonClassName } from '../../components/button-styles.ts';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { bookingKeys, fetchBooking } from '../bookings/bookings-api.ts';
import { PaymentFailure } from './payment-failure.tsx';
import { confirmPayment, createPayment, fetchPayment, fetchPaymentOptions, newIdempotencyKey, paymentKeys } from './payments-api.ts';

/** The card form: what the payer types (spaces in the number, MM/YY), parsed into the API's card. */
const cardFormSchema = z
  .object({
    number: z.string().trim().min(1, 'validation.required').regex(/^\d[\d -]{10,21}\d$/, 'validation.invalidCardNumber'),
    expiry: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .regex(/^(0?[1-9]|1[0-2]) ?\/ ?(\d{2}|\d{4})$/, 'validation.invalidCardExpiry'),
    cvc: z.string().trim().min(1, 'validation.required').regex(/^\d{3,4}$/, 'validation.invalidCardCvc'),
  })
  .transform(({ number, expiry, cvc }): CardInput => {
    const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
    return { number: number.replace(/[\s-]/g, ''), exp_month: month!, exp_year: year! < 100 ? 2000 + year! : year!, cvc };
  });

function PaymentForm({ bookingId, options }: { bookingId: string; options: PaymentOptions }) {
  const { t, i18n } = useTranslation('payments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [searchParams] = useSearchParams();
  const typeGroupId = useId();
  const [type, setType] = useState<PayableType>(options.options[0]!.type);
  const [failure, setFailure] = useState<Payment | null>(null);
  // One payment per type for this visit: submitting again (a double click, a retry after a decline) reuses it.
  const createKeys = useRef<Partial<Record<PayableType, string>>>({});
  const form = useZodForm({ schema: cardFormSchema, defaultValues: { number: '', expiry: '', cvc: '' } });
  const locale = currentLocale(i18n);
  // Back from a failed extra step: its payment's message.
  const returned = useQuery({
    queryKey: paymentKeys.detail(searchParams.get('payment') ?? ''),
    queryFn: ({ signal }) => fetchPayment(searchParams.get('payment')!, signal),
    enabled: searchParams.has('payment'),
  });
  const shownFailure = failure ?? (returned.data?.status === 'failed' ? returned.data : null);

  const pay = useFormMutation({
    form,
    mutationFn: async (card: CardInput) => {
      const key = (createKeys.current[type] ??= newIdempotencyKey());
      const payment = await createPayment(bookingId, type, key);
      return confirmPayment(payment.id, card, newIdempotencyKey());
    },
    onSuccess: (payment) => {
      setFailure(payment.status === 'failed' ? payment : null);
      if (payment.status === 'requires_action' && payment.next_action_url) {
        void navigate(payment.next_action_url);
      } else if (payment.status === 'succeeded') {
        void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
        showToast({ kind: 'success', message: t('paid') });
        void navigate(`/bookings/${bookingId}`, { replace: true });
      }
    },
    errorMessage: t('payError'),
  });

  return (
    <form noValidate className="space-y-5" onSubmit={form.form.handleSubmit((card) => pay.mutate(card))}>
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
                  {t(`types.${option.type}.title`)} · {formatMoney(option.amount, options.currency, locale)}
                </span>
                <span className="block text-sm text-slate-600">{t(`types.${option.type}.text`, { percent: options.deposit_percent })}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <PaymentFailure payment={shownFailure} />
      <TextField
        label={t('card.number')}
        value={form.values.number}
        onChange={(value) => form.setValue('number', value)}
        error={form.errorOf('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('card.expiry')}
          value={form.values.expiry}
          onChange={(value) => form.setValue('expiry', value)}
          error={form.errorOf('expiry')}
          autoComplete="cc-exp"
          placeholder={t('card.expiryPlaceholder')}
        />
        <TextField
          label={t('card.cvc')}
          value={form.values.cvc}
          onChange={(value) => form.setValue('cvc', value)}
          error={form.errorOf('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
        />
      </div>
      <p className="text-xs text-slate-500">{t('card.testMode')}</p>
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={`/bookings/${bookingId}`} className={secondaryButtonClassName}>
          {t('back')}
        </Link>
        <SubmitButton pending={pay.isPending}>
          {t('submit', { amount: formatMoney(options.options.find((option) => option.type === type)!.amount, options.currency, locale) })}
        </SubmitButton>
      </div>
    </form>
  );
}

function PaymentScreen({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('payments');
  usePageTitle(t('title'));
  const booking = useQuery({ queryKey: bookingKeys.detail(bookingId), queryFn: ({ signal }) => fetchBooking(bookingId, signal) });
  const options = useQuery({ queryKey: paymentKeys.options(bookingId), queryFn: ({ signal }) => fetchPaymentOptions(bookingId, signal), retry: false });
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
          {booking.data?.title ? <p className="mt-1 text-slate-600">{booking.data.title}</p> : null}
        </div>
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          {options.data ? (
            <PaymentForm bookingId={bookingId} options={options.data} />
          ) : status === 409 || status === 403 ? (
            <p role="status" className="text-sm text-slate-700">
              {t(status === 403 ? 'notPayer' : 'notAwaitingPayment')}
            </p>
          ) : options.isError ? (
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

/** `/bookings/{id}/payment`: the client of an ACCEPTED booking pays the deposit (or the whole restaurant cost) by card. */
export function BookingPaymentPage() {
  const session = useSession();
  const { id } = useParams();
  return session.status === 'signed-in' && id ? <PaymentScreen key={id} bookingId={id} /> : null;
}

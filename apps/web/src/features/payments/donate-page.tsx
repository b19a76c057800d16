import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DONATION_MESSAGE_MAX, formatMoney, type Donation, type DonationCreateParsed, type DonationOptions, type Payment } from '@goodtable/shared';
import { secondaryButtonClassName } from '../../components/button-styles.ts';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { BoundTextField, EmailField } from '../../components/form/form-fields.tsx';
import { FieldError, TextField } from '../../components/form/text-field.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { CardPaymentForm } from './card-payment-form.tsx';
import { CUSTOM_AMOUNT, donationAmountOf, donationFormSchema, donationFormValues, type DonationFormValues } from './donation-form-schema.ts';
import { ExtraStepChoice } from './extra-step-choice.tsx';
import { createDonation, donationOptionsQuery, donationQuery } from './donations-api.ts';
import { PaymentFailure } from './payment-failure.tsx';
import { completePaymentAction, fetchPayment, newIdempotencyKey } from './payments-api.ts';

function DonationForm({ options, onCreated }: { options: DonationOptions; onCreated: (donation: Donation) => void }) {
  const { t, i18n } = useTranslation('donations');
  const locale = currentLocale(i18n);
  const session = useSession();
  const [key] = useState(newIdempotencyKey);
  const signedInEmail = session.status === 'signed-in' ? session.user.email : '';
  // The signed-in donor's email fills the field once the session is known, unless the donor typed another.
  const initialValues = useMemo(() => donationFormValues(options, signedInEmail), [options, signedInEmail]);
  const form = useZodForm({ schema: donationFormSchema({ currency: options.currency, eventId: options.event?.id ?? null }), defaultValues: initialValues, values: initialValues });
  const create = useFormMutation({ form, mutationFn: (input: DonationCreateParsed) => createDonation({ causeId: options.cause.id, input, idempotencyKey: key }), onSuccess: onCreated, errorMessage: t('error') });
  const { values } = form;
  const amount = donationAmountOf(values, options.currency);
  const amountError = form.errorOf('amount');
  const chooseAmount = (patch: Partial<Pick<DonationFormValues, 'amount' | 'custom'>>) => {
    for (const [field, value] of Object.entries(patch)) form.setValue(field as 'amount' | 'custom', value);
    // Both fields make the one amount: its error goes when either changes.
    form.form.clearErrors('amount');
  };
  return (
    <form noValidate className="space-y-5" onSubmit={form.form.handleSubmit((input) => create.mutate(input))}>
      <fieldset>
        <legend className="block text-sm font-medium text-slate-700">{t('amount')}</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {[...options.presets.map(String), CUSTOM_AMOUNT].map((value) => (
            <label key={value} className="flex items-center gap-2 rounded-md px-3 py-2 ring-1 ring-slate-300 has-[:checked]:ring-2 has-[:checked]:ring-brand-700">
              <input type="radio" name="amount" value={value} checked={values.amount === value} onChange={() => chooseAmount({ amount: value })} />
              {value === CUSTOM_AMOUNT ? t('custom') : formatMoney(Number(value), { currency: options.currency, locale })}
            </label>
          ))}
        </div>
      </fieldset>
      {values.amount === CUSTOM_AMOUNT ? (
        <TextField
          label={t('customAmount', { currency: options.currency })}
          value={values.custom}
          onChange={(custom) => chooseAmount({ custom })}
          inputMode="decimal"
          hint={t('limits', { min: formatMoney(options.min, { currency: options.currency, locale }), max: formatMoney(options.max, { currency: options.currency, locale }) })}
          error={amountError}
        />
      ) : amountError ? (
        <p role="alert" className="text-sm text-red-700">
          {amountError}
        </p>
      ) : null}
      <EmailField form={form} label={t('email')} />
      <BoundTextField form={form} name="name" label={t('name')} autoComplete="name" />
      <div>
        <label htmlFor="donation-message" className="block text-sm font-medium text-slate-700">
          {t('message')}
        </label>
        <textarea
          id="donation-message"
          rows={3}
          maxLength={DONATION_MESSAGE_MAX}
          className="mt-1 block w-full rounded-md border-slate-300 shadow-sm"
          value={values.message}
          onChange={(event) => form.setValue('message', event.target.value)}
          aria-invalid={form.errorOf('message') ? true : undefined}
          aria-describedby={form.errorOf('message') ? 'donation-message-error' : undefined}
        />
        <FieldError id="donation-message-error" message={form.errorOf('message')} />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={values.anonymous} onChange={(event) => form.setValue('anonymous', event.target.checked)} />
        {t('anonymous')}
      </label>
      <div className="flex justify-end">
        <SubmitButton pending={create.isPending}>{t('continue', { amount: amount !== undefined && Number.isFinite(amount) && amount > 0 ? formatMoney(amount, { currency: options.currency, locale }) : '' })}</SubmitButton>
      </div>
    </form>
  );
}

/** The extra confirmation step (3-D Secure) right on the page: a guest has no session for `/intermediary/{id}`. */
function ExtraStep({ payment, onResult }: { payment: Payment; onResult: (payment: Payment) => void }) {
  const { t } = useTranslation('payments');
  const showErrorToast = useErrorToast();
  const answer = useMutation({ mutationFn: (outcome: 'approve' | 'fail') => completePaymentAction(payment.id, outcome), onSuccess: onResult, onError: (error) => showErrorToast(error, t('intermediary.error')) });
  return (
    <section aria-labelledby="extra-step-heading" className="space-y-4 rounded-xl bg-slate-50 p-6">
      <h2 id="extra-step-heading" className="text-lg font-semibold text-slate-900">
        {t('intermediary.title')}
      </h2>
      <ExtraStepChoice payment={payment} pending={answer.isPending} onAnswer={(outcome) => answer.mutate(outcome)} />
    </section>
  );
}

/** The success state: the receipt as the email states it, opened by its secret (the donor's own; a donation id opens nothing). */
function DonationReceipt({ receiptToken }: { receiptToken: string }) {
  const { t, i18n } = useTranslation('donations');
  const locale = currentLocale(i18n);
  const donation = useQuery({ ...donationQuery(receiptToken), retry: false });
  if (!donation.data) return donation.isError ? <NotFoundPage /> : <PageLoading />;
  const { data } = donation;
  const money = formatMoney(data.amount, { currency: data.currency, locale });
  if (data.status !== 'paid') {
    return (
      <p role="status" className="text-slate-700">
        {t(data.status === 'refunded' ? 'refunded' : 'notPaid', { amount: money })}
      </p>
    );
  }
  return (
    <section role="status" aria-labelledby="donation-thanks" className="space-y-3 rounded-xl bg-emerald-50 p-6">
      <h2 id="donation-thanks" className="text-xl font-semibold text-emerald-900">
        {t('thanks', { amount: money, cause: data.cause.name })}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800">
        <dt className="font-medium">{t('receipt.amount')}</dt>
        <dd>{money}</dd>
        <dt className="font-medium">{t('receipt.giftAmount')}</dt>
        <dd>{formatMoney(data.tax_deductible, { currency: data.currency, locale })}</dd>
        {data.cause.charity_registration_number ? (
          <>
            <dt className="font-medium">{t('receipt.registration')}</dt>
            <dd>{data.cause.charity_registration_number}</dd>
          </>
        ) : null}
        {data.event ? (
          <>
            <dt className="font-medium">{t('receipt.event')}</dt>
            <dd>{data.event.title}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t('receipt.reference')}</dt>
        <dd className="break-all">{data.id}</dd>
      </dl>
      <p className="text-sm text-slate-700">{t('receipt.emailed', { email: data.email })}</p>
    </section>
  );
}

/** `/donate/{cause id}` (`?event=` ties it to an event): amount, details, then the card; the receipt once paid (`?receipt=` its secret). */
export function DonatePage() {
  const { t, i18n } = useTranslation('donations');
  const locale = currentLocale(i18n);
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const eventId = search.get('event');
  const receiptToken = search.get('receipt');
  const [donation, setDonation] = useState<Donation | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const options = useQuery({ ...donationOptionsQuery(id, eventId), retry: false, enabled: !receiptToken });
  usePageTitle(t('title'));
  const start = useMemo(() => (donation ? () => fetchPayment(donation.payment.id) : null), [donation]);
  const onResult = (result: Payment) => {
    setPayment(result);
    if (result.status === 'succeeded' && donation) setSearch({ receipt: donation.receipt_token }, { replace: true });
  };

  let body;
  if (receiptToken) body = <DonationReceipt receiptToken={receiptToken} />;
  else if (options.error instanceof ApiRequestError && [400, 404].includes(options.error.statusCode)) return <NotFoundPage />;
  else if (!options.data) body = options.isError ? <p role="alert">{t('loadError')}</p> : <PageLoading />;
  else if (!donation || !start) body = <DonationForm options={options.data} onCreated={setDonation} />;
  else if (payment?.status === 'requires_action') body = <ExtraStep payment={payment} onResult={onResult} />;
  else
    body = (
      <div className="space-y-4">
        <p className="text-slate-700" data-testid="donation-amount">
          {t('cardStepAmount', { amount: formatMoney(donation.amount, { currency: donation.currency, locale }), cause: donation.cause.name })}
        </p>
        <PaymentFailure payment={payment} />
        <CardPaymentForm start={start} submitLabel={t('pay')} onResult={onResult}>
          <button type="button" className={secondaryButtonClassName} onClick={() => setDonation(null)}>
            {t('back')}
          </button>
        </CardPaymentForm>
      </div>
    );

  return (
    <SiteLayout>
      <div className="mx-auto max-w-xl space-y-6 px-4 py-12">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {options.data ? t('heading', { cause: options.data.cause.name }) : t('title')}
        </h1>
        {options.data?.event ? (
          <p className="text-slate-700">
            {t('forEvent')}{' '}
            <Link to={`/share/${options.data.event.id}`} className="font-medium text-brand-800 underline">
              {options.data.event.title}
            </Link>
          </p>
        ) : null}
        {body}
        {options.data && !receiptToken ? (
          <p className="text-sm text-slate-600">
            <Link to={`/cause/${options.data.cause.slug}`} className="underline">
              {t('backToCause', { cause: options.data.cause.name })}
            </Link>
          </p>
        ) : null}
      </div>
    </SiteLayout>
  );
}


import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, TICKET_HOLD_MINUTES, type Payment, type PublicEventDetail, type TicketCheckout, type TicketCheckoutCreateInput } from '@goodtable/shared';
import { secondaryButtonClassName } from '../../components/button-styles.ts';
import { QueryState } from '../../components/feedback/query-state.tsx';
import { BoundTextField, EmailField } from '../../components/form/form-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { publicEventQuery } from '../share/share-api.ts';
import { CardPaymentForm } from './card-payment-form.tsx';
import { PaymentFailure } from './payment-failure.tsx';
import { createTicketCheckout, newIdempotencyKey, rememberTicketCheckout } from './payments-api.ts';
import { attendeeFieldCount, ticketCheckoutFormSchema, ticketCheckoutFormValues } from './ticket-checkout-form-schema.ts';

/** Minutes and seconds left until `deadline` (ms, the browser's clock), ticking every second; 0 once passed. */
function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

function HoldCountdown({ deadline }: { deadline: number }) {
  const { t } = useTranslation('share');
  const seconds = useSecondsLeft(deadline);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <p role="timer" aria-live="off" data-testid="hold-countdown" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {seconds > 0 ? t('checkout.heldFor', { time: clock }) : t('checkout.holdExpired')}
    </p>
  );
}

function TicketsForm({ event, onHeld }: { event: PublicEventDetail; onHeld: (checkout: TicketCheckout) => void }) {
  const { t, i18n } = useTranslation('share');
  const form = useZodForm({ schema: ticketCheckoutFormSchema(event.currency), defaultValues: ticketCheckoutFormValues() });
  const queryClient = useQueryClient();
  // One key per visit: a double submit or a retry answers the same checkout.
  const key = useRef(newIdempotencyKey());
  const hold = useFormMutation({
    form,
    mutationFn: (input: TicketCheckoutCreateInput) => createTicketCheckout({ eventId: event.id, input, idempotencyKey: key.current }),
    onSuccess: onHeld,
    errorMessage: t('checkout.holdError'),
    // Sold out or sales over meanwhile (409): the event is read again, so the page says so after the toast has gone.
    onError: (error) => {
      if (hasErrorStatus(error, [409])) void queryClient.invalidateQueries({ queryKey: publicEventQuery(event.id).queryKey });
    },
  });
  const count = attendeeFieldCount(form.values.quantity);
  const names = form.values.attendees;
  const setName = (index: number, value: string) => {
    const next = Array.from({ length: Math.max(count, names.length) }, (_, position) => names[position] ?? '');
    next[index] = value;
    form.setValue('attendees', next);
  };
  const namesError = form.errorOf('attendees' as never) ?? (form.form.formState.errors.attendees as unknown as { message?: string }[] | undefined)?.find?.((item) => item?.message)?.message;
  const money = (amount: number) => formatMoney(amount, { currency: event.currency, locale: currentLocale(i18n) });
  return (
    <form noValidate className="space-y-5" onSubmit={form.form.handleSubmit((input) => hold.mutate(input))}>
      <BoundTextField form={form} name="quantity" label={t('checkout.quantity')} inputMode="numeric" hint={t('checkout.quantityHint', { left: event.tickets_left, price: money(event.ticket_price) })} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">{t('checkout.attendees')}</legend>
        {Array.from({ length: count }, (_, index) => (
          <TextField key={index} label={t('checkout.attendeeName', { number: index + 1 })} value={names[index] ?? ''} onChange={(value) => setName(index, value)} autoComplete="off" />
        ))}
        {namesError ? (
          <p role="alert" className="text-sm text-red-700">
            {t(namesError, { ns: 'common' })}
          </p>
        ) : null}
      </fieldset>
      <EmailField form={form} label={t('checkout.email')} />
      <BoundTextField form={form} name="donation" label={t('checkout.donation', { currency: event.currency })} inputMode="decimal" hint={t('checkout.donationHint')} />
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={`/share/${event.id}`} className={secondaryButtonClassName}>
          {t('checkout.back')}
        </Link>
        <SubmitButton pending={hold.isPending}>{t('checkout.continue')}</SubmitButton>
      </div>
    </form>
  );
}

function PayStep({ event, checkout, deadline }: { event: PublicEventDetail; checkout: TicketCheckout; deadline: number }) {
  const { t, i18n } = useTranslation('share');
  const navigate = useNavigate();
  const [failed, setFailed] = useState<Payment | null>(null);
  const money = (amount: number) => formatMoney(amount, { currency: checkout.currency, locale: currentLocale(i18n) });
  const onResult = (payment: Payment) => {
    if (payment.status === 'succeeded') return void navigate(`/tickets/${checkout.id}`);
    if (payment.status === 'requires_action' && payment.next_action_url) return void navigate(payment.next_action_url);
    setFailed(payment);
  };
  return (
    <div className="space-y-5">
      <HoldCountdown deadline={deadline} />
      <dl className="space-y-1 text-sm text-slate-700" data-testid="checkout-summary">
        <div className="flex justify-between">
          <dt>{t('checkout.ticketsLine', { count: checkout.quantity, price: money(checkout.ticket_price) })}</dt>
          <dd>{money(checkout.ticket_price * checkout.quantity)}</dd>
        </div>
        {checkout.donation > 0 ? (
          <div className="flex justify-between">
            <dt>{t('checkout.donationLine')}</dt>
            <dd>{money(checkout.donation)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between font-semibold text-slate-900">
          <dt>{t('checkout.total')}</dt>
          <dd data-testid="checkout-total">{money(checkout.amount)}</dd>
        </div>
      </dl>
      <PaymentFailure payment={failed} />
      <CardPaymentForm start={async () => ({ id: checkout.payment.id }) as Payment} submitLabel={t('checkout.pay', { amount: money(checkout.amount) })} onResult={onResult}>
        <Link to={`/share/${event.id}`} className={secondaryButtonClassName}>
          {t('checkout.back')}
        </Link>
      </CardPaymentForm>
    </div>
  );
}

function Checkout({ event }: { event: PublicEventDetail }) {
  const { t } = useTranslation('share');
  const [held, setHeld] = useState<{ checkout: TicketCheckout; deadline: number } | null>(null);
  if (!held && (!event.sales_open || event.tickets_left <= 0)) {
    return (
      <div className="space-y-4">
        <p role="status">{t(event.status !== 'CONFIRMED' ? 'checkout.eventEnded' : event.sales_open ? 'checkout.soldOut' : 'checkout.salesClosed')}</p>
        <Link to={`/share/${event.id}`} className={secondaryButtonClassName}>
          {t('checkout.back')}
        </Link>
      </div>
    );
  }
  if (!held) {
    return (
      <TicketsForm
        event={event}
        onHeld={(checkout) => {
          rememberTicketCheckout(checkout.payment.id, checkout.id);
          // The hold's 15 minutes on the browser's clock, from now (the server's clock may be moved in tests and demos).
          setHeld({ checkout, deadline: Date.now() + TICKET_HOLD_MINUTES * 60 * 1000 });
        }}
      />
    );
  }
  return <PayStep event={event} checkout={held.checkout} deadline={held.deadline} />;
}

/** `/share/{id}/payment` (signed out): tickets for a confirmed event as a guest, held 15 minutes while paying by card. */
export function TicketCheckoutPage() {
  const { t } = useTranslation('share');
  usePageTitle(t('checkout.title'));
  const { id = '' } = useParams();
  const query = useQuery(publicEventQuery(id));
  return (
    <SiteLayout>
      <div className="mx-auto max-w-xl space-y-6 px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('checkout.title')}</h1>
        <QueryState data={query.data} isError={query.isError} errorText={t('loadError')}>
          {(event) => (
            <>
              <p className="text-slate-700">{event.title}</p>
              <Checkout event={event} />
            </>
          )}
        </QueryState>
      </div>
    </SiteLayout>
  );
}

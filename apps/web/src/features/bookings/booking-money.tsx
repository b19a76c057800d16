import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Booking, Me } from '@goodtable/shared';
import { TotalFigure } from '../../components/money/total-figure.tsx';
import { earnerPaymentsQuery, payerPaymentsQuery } from '../payments/payments-api.ts';

/** Statuses a booking can hold or have moved money in. */
const WITH_MONEY: readonly Booking['status'][] = ['CONFIRMED', 'COMPLETED', 'CANCELED', 'INCOMPLETE'];
const EARNER_ROLES: readonly Me['role'][] = ['seller', 'manager', 'cause'];

type BookingWithMoney = Pick<Booking, 'id' | 'status' | 'client'>;

function MoneySection({ children, link, note }: { children: ReactNode; link: string; note?: string | null }) {
  const { t } = useTranslation('payment-history');
  return (
    <section aria-labelledby="booking-money-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="booking-money-title" className="text-lg font-semibold text-slate-900">
        {t('bookingMoney.title')}
      </h2>
      {children}
      {note ? <p className="mt-3 text-sm text-slate-700">{note}</p> : null}
      <Link to={link} className="mt-3 inline-block text-sm font-semibold text-brand-800 hover:underline">
        {t('bookingMoney.link')}
      </Link>
    </section>
  );
}

/** The client's money for the booking: what it paid and what came back (a cancellation's refund, settlement's rest). */
function usePayerMoney({ bookingId, status, enabled }: { bookingId: string; status: Booking['status']; enabled: boolean }) {
  const params = { page: 1, limit: 1, booking_id: bookingId };
  return useQuery({ ...payerPaymentsQuery(params, status), enabled });
}

function PayerMoney({ bookingId, status }: { bookingId: string; status: Booking['status'] }) {
  const { t } = useTranslation('payment-history');
  const list = usePayerMoney({ bookingId, status, enabled: true });
  if (!list.data || list.data.totals.length === 0) return null;
  return (
    <MoneySection link={`/bookings/payments?booking=${bookingId}`} note={status === 'INCOMPLETE' ? t('bookingMoney.incompleteClient') : null}>
      {list.data.totals.map((total) => (
        <dl key={total.currency} aria-label={total.currency} className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3">
          <TotalFigure label={t('client.paid')} amount={total.paid} currency={total.currency} />
          <TotalFigure label={t('client.refunded')} amount={total.refunded} currency={total.currency} />
          <TotalFigure label={t('client.net')} amount={total.paid - total.refunded} currency={total.currency} />
        </dl>
      ))}
    </MoneySection>
  );
}

/** The restaurant's or cause's money from the booking: held until it settles, then earned. */
function useEarnerMoney({ bookingId, status, enabled }: { bookingId: string; status: Booking['status']; enabled: boolean }) {
  const params = { page: 1, limit: 1, booking_id: bookingId };
  return useQuery({ ...earnerPaymentsQuery(params, status), enabled });
}

function EarnerMoney({ bookingId, status }: { bookingId: string; status: Booking['status'] }) {
  const { t } = useTranslation('payment-history');
  const list = useEarnerMoney({ bookingId, status, enabled: true });
  if (!list.data || list.data.totals.length === 0) return null;
  return (
    <MoneySection link={`/payments?booking=${bookingId}`} note={status === 'INCOMPLETE' ? t('bookingMoney.incompleteEarner') : null}>
      {list.data.totals.map((total) => (
        <dl key={total.currency} aria-label={total.currency} className="mt-3 grid grid-cols-2 gap-4">
          <TotalFigure label={t('earner.held')} amount={total.held} currency={total.currency} />
          <TotalFigure label={t('earner.earned')} amount={total.earned} currency={total.currency} />
        </dl>
      ))}
    </MoneySection>
  );
}

/**
 * On the booking page, once money may have moved: the client sees what it paid and got back (a cancellation's refund
 * shows here), the restaurant side and the cause what is held and what they earned, each with a link to the booking's
 * payments. Nothing while no money moved.
 */
/** Whose money the viewer sees on the booking's page: what it paid, what it earns, or none. */
function moneyViewer(booking: BookingWithMoney, user: Me): 'payer' | 'earner' | null {
  if (!WITH_MONEY.includes(booking.status)) return null;
  if (user.id === booking.client.id) return 'payer';
  return EARNER_ROLES.includes(user.role) ? 'earner' : null;
}

export function BookingMoney({ booking, user }: { booking: BookingWithMoney; user: Me }) {
  const viewer = moneyViewer(booking, user);
  // The status is part of the query key: a cancellation or a completion moves money, so the figures are asked again.
  if (viewer === 'payer') return <PayerMoney bookingId={booking.id} status={booking.status} />;
  return viewer === 'earner' ? <EarnerMoney bookingId={booking.id} status={booking.status} /> : null;
}

/** True while the figures BookingMoney shows are loading (the same queries: it starts them early). */
export function useBookingMoneyLoading(booking: BookingWithMoney, user: Me): boolean {
  const viewer = moneyViewer(booking, user);
  const payer = usePayerMoney({ bookingId: booking.id, status: booking.status, enabled: viewer === 'payer' });
  const earner = useEarnerMoney({ bookingId: booking.id, status: booking.status, enabled: viewer === 'earner' });
  return payer.isLoading || earner.isLoading;
}

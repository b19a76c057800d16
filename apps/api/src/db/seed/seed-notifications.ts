import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { bookingEvents, bookings, payments, payouts, refunds, type NewNotificationRow } from '../schema/index.ts';
import { listRestaurantManagerIds } from '../../modules/managers/managers.service.ts';
import {
  bookingNotificationRows,
  insertNotifications,
  paymentNotificationRows,
  payoutNotificationRows,
  refundNotificationRows,
} from '../../modules/notifications/notifications.service.ts';

/** How many of each person's newest demo notifications stay unread (the rest are read). */
const UNREAD_PER_RECIPIENT = 3;

/**
 * The notifications the demo bookings' and money's histories would have sent (docs/product.md, Demo data), made by the same rules
 * as live changes, at the times of their events: booking changes, payments (succeeded or failed), refunds and payouts
 * (paid or failed for good). Each person's newest few stay unread, the older ones are read. Run after the demo money.
 */
export async function seedDemoNotifications(db: Executor): Promise<number> {
  const rows = await db
    .select({ booking: bookings, event: bookingEvents })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
  const made = [];
  const teams = new Map<string, string[]>();
  const teamOf = async (restaurantId: string | null) => {
    if (!restaurantId) return [];
    if (!teams.has(restaurantId)) teams.set(restaurantId, await listRestaurantManagerIds(db, restaurantId));
    return teams.get(restaurantId)!;
  };
  for (const { booking, event } of rows) {
    const change = {
      row: booking,
      event: { action: event.action, actor: event.actor, from: event.fromStatus, to: event.toStatus, reason: event.reason },
      actorUserId: event.actorUserId,
      restaurantTeam: await teamOf(booking.restaurantId),
    };
    made.push(...(await bookingNotificationRows(db, { change, createdAt: event.createdAt })));
  }
  made.push(...(await moneyNotificationRows(db, teamOf)));
  // Newest first per recipient: the first few stay unread.
  made.sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime());
  const seen = new Map<string, number>();
  const marked = made.map((row) => {
    const rank = seen.get(row.recipientId) ?? 0;
    seen.set(row.recipientId, rank + 1);
    return { ...row, isRead: rank >= UNREAD_PER_RECIPIENT };
  });
  return (await insertNotifications(db, marked)).length;
}

/** A deposit or total fee that succeeded while the booking waited for it confirmed the booking (the demo's all did). */
const CONFIRMING_TYPES: readonly string[] = ['CREDIT_CARD_DEPOSIT', 'CREDIT_CARD_TOTAL_FEE', 'BANK_DEPOSIT', 'BECS_DEBIT_DEPOSIT', 'BECS_DEBIT_TOTAL_FEE'];

/** The demo money's notifications: each finished payment, each refund, each payout paid or failed, at its time. */
async function moneyNotificationRows(db: Executor, teamOf: (restaurantId: string | null) => Promise<string[]>): Promise<NewNotificationRow[]> {
  const made: NewNotificationRow[] = [];
  const finished = await db
    .select({ payment: payments, restaurantId: bookings.restaurantId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(inArray(payments.status, ['succeeded', 'failed']))
    .orderBy(asc(payments.updatedAt), asc(payments.id));
  for (const { payment, restaurantId } of finished) {
    const { payerId, bookingId } = payment;
    // Ticket purchases and donations are told otherwise (milestones, receipts).
    if (payerId === null || bookingId === null || payment.type === 'CREDIT_CARD_TICKETS' || payment.type === 'CREDIT_CARD_DONATION') continue;
    const outcome = payment.status === 'succeeded' ? 'succeeded' : 'failed';
    const notice = { payment: { ...payment, payerId, bookingId }, outcome, confirmed: outcome === 'succeeded' && CONFIRMING_TYPES.includes(payment.type), restaurantTeam: await teamOf(restaurantId), actorUserId: null } as const;
    made.push(...(await paymentNotificationRows(db, { notice, createdAt: payment.updatedAt })).map(({ email: _email, ...row }) => row));
  }
  const refunded = await db
    .select({ refund: refunds, clientId: bookings.clientId })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const { refund, clientId } of refunded) {
    made.push(...(await refundNotificationRows(db, { notice: { bookingId: refund.bookingId, clientId, amount: refund.amount, currency: refund.currency, reason: refund.reason }, createdAt: refund.createdAt })));
  }
  for (const payout of await db.select().from(payouts).where(inArray(payouts.status, ['paid', 'failed']))) {
    const rows = payoutNotificationRows({ payout, event: payout.status === 'paid' ? 'paid' : 'failed', createdAt: payout.paidAt ?? payout.nextAttemptAt });
    made.push(...rows.map(({ email: _email, ...row }) => row));
  }
  return made;
}

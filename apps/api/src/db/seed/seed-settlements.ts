import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_DEPOSIT_PERCENT, DEFAULT_PLATFORM_FEE_PERCENT } from '@goodtable/shared';
import type { Database } from '../client.ts';
import { bookingEvents, bookings, menus } from '../schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { seedDemoMoney, type DemoPaidBooking } from '../../modules/payments/payments.service.ts';

/**
 * The demo client's deposits (every CONFIRMED and COMPLETED booking it organised, paid when its `deposit-paid` event
 * says), the settlement of the COMPLETED ones, connected accounts for the demo seller and cause, and their payouts.
 * Run after `seedDemoBookings`; the deployment's default percents (the seed has no environment).
 */
export async function seedDemoSettlements(db: Database, options: { clientId: string; sellerId: string; causeOwnerId: string; clock: Clock }): Promise<number> {
  const rows = await db
    .select({ id: bookings.id, status: bookings.status, currency: bookings.currency, price: menus.pricePerHead, minGuests: menus.minGuests, paidAt: bookingEvents.createdAt })
    .from(bookings)
    .innerJoin(menus, eq(menus.id, bookings.menuId))
    .innerJoin(bookingEvents, and(eq(bookingEvents.bookingId, bookings.id), eq(bookingEvents.action, 'deposit-paid')))
    .where(and(eq(bookings.clientId, options.clientId), eq(bookings.hostEvent, false), inArray(bookings.status, ['CONFIRMED', 'COMPLETED'])));
  const paid: DemoPaidBooking[] = rows.map((row) => ({
    bookingId: row.id,
    clientId: options.clientId,
    deposit: Math.round((row.price * row.minGuests * DEFAULT_DEPOSIT_PERCENT) / 100),
    currency: row.currency!,
    paidAt: row.paidAt,
    completed: row.status === 'COMPLETED',
    hostEvent: false,
  }));
  await seedDemoMoney(db, { bookings: paid, connectedUserIds: [options.sellerId, options.causeOwnerId], clock: options.clock, platformFeePercent: DEFAULT_PLATFORM_FEE_PERCENT });
  return paid.length;
}

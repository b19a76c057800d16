import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payments, refunds } from '../../db/schema/index.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { settleIncompleteBooking } from './booking-money.ts';
import { ledgerBalance } from './ledger.ts';
import { testCard } from '@goodtable/shared';

/**
 * An INCOMPLETE booking (CONFIRMED, the event over, no ticket sold) keeps the client's prepayment for the restaurant
 * and charges nothing more (docs/decisions/0072-incomplete-bookings-forfeit-the-prepayment.md). The kit's menu:
 * 50.00 per head, minimum 2 guests, 20 booked: deposit 2,000, total fee 100,000 (AUD cents).
 */
describe('INCOMPLETE bookings’ prepayments', () => {
  const { testApp, kit, w } = useBookingWorld();

  const db = () => testApp.app.db;
  async function pay(bookingId: string, type: 'CREDIT_CARD_DEPOSIT' | 'CREDIT_CARD_TOTAL_FEE') {
    const created = await kit.expectOk(await kit.api.post(`/v1/bookings/${bookingId}/payments`, { body: { type }, token: w.client.token, headers: { 'idempotency-key': randomUUID() } }), 201);
    const paid = await kit.expectOk(await kit.api.post(`/v1/payments/${created.id}/confirm`, { body: { card: testCard() }, token: w.client.token }));
    expect(paid.status).toBe('succeeded');
    return paid as { id: string; amount: number };
  }
  async function legs(bookingId: string, kind: string) {
    const rows = await db()
      .select({ purpose: ledgerAccounts.purpose, ownerId: ledgerAccounts.ownerId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerTransactions.kind, kind)));
    return rows.map((row) => ({ ...row, amount: Number(row.amount) })).sort((a, b) => a.amount - b.amount);
  }
  /** The event (2 hours ahead) passes with no ticket sold: the sweep makes it INCOMPLETE. */
  async function lapse(bookingId: string) {
    await kit.advance(6 * kit.HOUR);
    expect((await kit.get(bookingId, w.client)).status).toBe('INCOMPLETE');
  }

  it('the deposit goes to the restaurant with the sweep, once; nothing is refunded or charged; the money section shows it', async () => {
    const booking = await kit.accepted(w, 2);
    const deposit = await pay(booking.id, 'CREDIT_CARD_DEPOSIT');
    const earnedBefore = await ledgerBalance(db(), { ownerId: w.restaurant.id, purpose: 'restaurant_earnings', currency: booking.currency });
    await lapse(booking.id);

    expect(await legs(booking.id, 'forfeit')).toEqual([
      { purpose: 'platform_holding', ownerId: null, amount: -2000 },
      { purpose: 'restaurant_earnings', ownerId: w.restaurant.id, amount: 2000 },
    ]);
    expect(await ledgerBalance(db(), { ownerId: w.restaurant.id, purpose: 'restaurant_earnings', currency: booking.currency })).toBe(earnedBefore + 2000);
    expect(await db().select().from(refunds).where(eq(refunds.bookingId, booking.id))).toEqual([]);
    expect((await db().select().from(payments).where(eq(payments.bookingId, booking.id))).map((row) => row.type)).toEqual(['CREDIT_CARD_DEPOSIT']);
    expect(await legs(booking.id, 'settlement')).toEqual([]);

    // A replay (the sweep job retried) writes nothing more.
    await db().transaction((tx) => settleIncompleteBooking(tx, { bookingId: booking.id, now: new Date(Date.now()) }));
    expect(await legs(booking.id, 'forfeit')).toHaveLength(2);

    // The booking page's money section: the restaurant holds nothing and earned the deposit; the client paid it.
    const earner = await kit.expectOk(await kit.api.get(`/v1/payments?booking_id=${booking.id}&page=1&limit=10`, { token: w.restaurant.token }));
    expect(earner.totals).toEqual([expect.objectContaining({ currency: booking.currency, held: 0, earned: 2000 })]);
    expect(earner.data.find((item: { id: string }) => item.id === deposit.id)).toMatchObject({ status: 'settled' });
    expect(earner.data.find((item: { type: string }) => item.type === 'FORFEIT')).toMatchObject({ amount: 2000, status: 'succeeded' });
    const payer = await kit.expectOk(await kit.api.get(`/v1/bookings/payments?booking_id=${booking.id}&page=1&limit=10`, { token: w.client.token }));
    expect(payer.totals).toEqual([expect.objectContaining({ currency: booking.currency, paid: 2000, refunded: 0 })]);
  });

  it('a total fee paid up front (the food cost of the guests booked) goes to the restaurant in full', async () => {
    const booking = await kit.accepted(w, 2);
    await pay(booking.id, 'CREDIT_CARD_TOTAL_FEE');
    await lapse(booking.id);
    expect(await legs(booking.id, 'forfeit')).toEqual([
      { purpose: 'platform_holding', ownerId: null, amount: -100_000 },
      { purpose: 'restaurant_earnings', ownerId: w.restaurant.id, amount: 100_000 },
    ]);
    expect(await db().select().from(refunds).where(eq(refunds.bookingId, booking.id))).toEqual([]);
  });

  it('a booking confirmed without a prepayment (a restaurant’s own host event) moves no money', async () => {
    const booking = await kit.accepted(w, 2);
    await kit.payDeposit(booking.id); // confirmed by the lifecycle alone: nothing held
    await lapse(booking.id);
    expect(await legs(booking.id, 'forfeit')).toEqual([]);
  });
  it('donations given for the event go to its cause, not back to the donors; the deposit still goes to the restaurant', async () => {
    const booking = await kit.accepted(w, 2);
    await pay(booking.id, 'CREDIT_CARD_DEPOSIT');
    const created = await kit.expectOk(
      await kit.api.post(`/v1/causes/${w.cause.causeId}/donations`, { body: { amount: 3000, email: 'giver@example.test', event_id: booking.id }, headers: { 'idempotency-key': randomUUID() } }),
      201,
    );
    const paid = await kit.expectOk(await kit.api.post(`/v1/payments/${created.payment.id}/confirm`, { body: { card: testCard() } }));
    expect(paid.status).toBe('succeeded');
    const causeBefore = await ledgerBalance(db(), { ownerId: w.cause.id, purpose: 'cause_earnings', currency: booking.currency });
    await lapse(booking.id);

    expect(await legs(booking.id, 'forfeit')).toEqual([
      { purpose: 'platform_holding', ownerId: null, amount: -2000 },
      { purpose: 'restaurant_earnings', ownerId: w.restaurant.id, amount: 2000 },
    ]);
    expect(await legs(booking.id, 'settlement')).toEqual([
      { purpose: 'platform_holding', ownerId: null, amount: -3000 },
      { purpose: 'cause_earnings', ownerId: w.cause.id, amount: 3000 },
    ]);
    expect(await ledgerBalance(db(), { ownerId: w.cause.id, purpose: 'cause_earnings', currency: booking.currency })).toBe(causeBefore + 3000);
    expect(await db().select().from(refunds).where(eq(refunds.bookingId, booking.id))).toEqual([]);
    expect((await kit.expectOk(await kit.api.get(`/v1/donations/${created.receipt_token}`))).status).toBe('paid');

    // A replay (the sweep job retried) writes nothing more.
    await db().transaction((tx) => settleIncompleteBooking(tx, { bookingId: booking.id, now: new Date(Date.now()) }));
    expect(await legs(booking.id, 'settlement')).toHaveLength(2);
    expect(await legs(booking.id, 'forfeit')).toHaveLength(2);
  });
});

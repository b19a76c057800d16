import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema/index.ts';
import { useBookingWorld } from './test/booking-test-kit.ts';

/**
 * The scheduler's deadlines on the business clock (`POST /dev/clock` runs due jobs before answering), with the
 * deadlines configured shorter than the defaults (so the settings are what the scheduler uses).
 */
describe('booking deadlines', () => {
  const { testApp, kit, w } = useBookingWorld({ env: { BOOKING_RESPONSE_HOURS: '24', BOOKING_DEPOSIT_HOURS: '48', BOOKING_AUTO_COMPLETE_DAYS: '3' } });
  const MINUTE = 60_000;

  const lastEvent = async (bookingId: string) => (await kit.api.get(`/v1/bookings/${bookingId}/events`, { token: w.client.token })).body.data.at(-1);

  it('a request the restaurant does not answer in BOOKING_RESPONSE_HOURS is cancelled: "Restaurant did not respond"', async () => {
    const sentAt = await kit.now();
    const booking = await kit.pending(w);
    expect(Date.parse(booking.response_due_at) - sentAt).toBeGreaterThanOrEqual(24 * kit.HOUR);
    expect(Date.parse(booking.response_due_at) - sentAt).toBeLessThan(24 * kit.HOUR + MINUTE);
    await kit.advance(24 * kit.HOUR - 2 * MINUTE);
    expect((await kit.get(booking.id, w.client)).status).toBe('PENDING');
    await kit.advance(3 * MINUTE);
    const expired = await kit.get(booking.id, w.client);
    expect(expired).toMatchObject({ status: 'CANCELED', cancel_reason: 'RESPONSE_TIMEOUT', response_due_at: null, label: { key: 'restaurantDidNotRespond' } });
    expect((await kit.get(booking.id, w.restaurant)).label.key).toBe('eventCancelledDueToInaction');
    expect(await lastEvent(booking.id)).toMatchObject({ action: 'response-timeout', actor: 'system', from: 'PENDING', to: 'CANCELED', reason: 'RESPONSE_TIMEOUT', user: null });
    // Every party's live topic heard of it (what in-app notifications will listen to).
    const heard = await testApp.database.db
      .select({ topic: liveEvents.topic })
      .from(liveEvents)
      .where(sql`${liveEvents.data}->>'booking_id' = ${booking.id} and ${liveEvents.data}->>'action' = 'response-timeout'`);
    expect(heard.map((row) => row.topic).sort()).toEqual([w.client.id, w.restaurant.id, w.manager.id, w.subManager.id, w.cause.id].map((id) => `user:${id}`).sort());
  });

  it('an accepted booking whose deposit is not paid in BOOKING_DEPOSIT_HOURS is cancelled "due to inaction"', async () => {
    const booking = await kit.accepted(w);
    await kit.advance(48 * kit.HOUR - 2 * MINUTE);
    expect((await kit.get(booking.id, w.client)).status).toBe('ACCEPTED');
    await kit.advance(3 * MINUTE);
    expect(await kit.get(booking.id, w.client)).toMatchObject({ status: 'CANCELED', cancel_reason: 'DEPOSIT_TIMEOUT', deposit_due_at: null, label: { key: 'eventCancelledDueToInaction' } });
    expect(await lastEvent(booking.id)).toMatchObject({ action: 'deposit-timeout', actor: 'system', from: 'ACCEPTED', to: 'CANCELED' });
  });

  it('a confirmed event over without a ticket sold is swept to INCOMPLETE: "No tickets were purchased"', async () => {
    const booking = await kit.confirmed(w, 2);
    await kit.advance(6 * kit.HOUR);
    expect(await kit.get(booking.id, w.client)).toMatchObject({ status: 'INCOMPLETE', cancel_reason: 'NO_TICKETS_SOLD', label: { key: 'noTicketsWerePurchased' } });
    expect((await kit.get(booking.id, w.restaurant)).label.key).toBe('eventIncomplete');
    expect(await lastEvent(booking.id)).toMatchObject({ action: 'no-tickets-sweep', actor: 'system', from: 'CONFIRMED', to: 'INCOMPLETE' });
  });

  it('an event marked complete is confirmed for the client after BOOKING_AUTO_COMPLETE_DAYS', async () => {
    const booking = await kit.confirmed(w, 2);
    await kit.sellTickets(booking.id, 8);
    await kit.advance(6 * kit.HOUR);
    expect((await kit.get(booking.id, w.client)).status).toBe('CONFIRMED');
    await kit.act(booking, { action: 'mark-complete', by: w.restaurant }).then(kit.expectOk);
    // The client is told the charge 48 hours before the automatic confirmation, which then charges it.
    await kit.advance(24 * kit.HOUR + MINUTE);
    await kit.advance(2 * 24 * kit.HOUR - 3 * MINUTE);
    expect((await kit.get(booking.id, w.client)).completion.outcome).toBeNull();
    const previewed = await kit.settlementPreview(booking.id, w.client);
    await kit.advance(3 * MINUTE);
    expect(await kit.get(booking.id, w.client)).toMatchObject({ status: 'COMPLETED', completion: { outcome: 'AUTO_CONFIRMED' }, label: { key: 'eventCompleted' } });
    await kit.expectSettledAsPreviewed(booking.id, { previewed, by: w.client });
    expect(await lastEvent(booking.id)).toMatchObject({ action: 'auto-complete', actor: 'system', from: 'CONFIRMED', to: 'COMPLETED' });
  });

  it('bookings answered in time are left alone', async () => {
    const declined = await kit.pending(w);
    await kit.act(declined, { action: 'decline', by: w.restaurant, body: { reason: 'NOT_AVAILABLE' } }).then(kit.expectOk);
    const paid = await kit.confirmed(w);
    await kit.advance(60 * kit.HOUR);
    expect((await kit.get(declined.id, w.client)).cancel_reason).toBe('DECLINED');
    expect((await kit.get(paid.id, w.client)).status).toBe('CONFIRMED');
  });
});

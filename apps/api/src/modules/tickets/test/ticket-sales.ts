import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { BookingTestKit, BookingWorld } from '../../bookings/test/booking-test-kit.ts';
import { testCard } from '@goodtable/shared';

/** The local provider's card that succeeds. */
export const TEST_CARD = testCard();

/**
 * Events selling tickets and donations over HTTP (not a test file itself): the kit's requests book `guests` with
 * tickets at 60.00 and a menu at 50.00 per head, in AUD; buyers and donors are guests.
 */
export function ticketSalesKit(kit: BookingTestKit, w: BookingWorld) {
  const { api, expectOk } = kit;

  /** A CONFIRMED event (deposit paid by card), `hoursAhead` from now, with `guests` seats and a fundraising `goal`, for `cause`. */
  async function confirmedEvent(options: { guests?: number; goal?: number; hoursAhead?: number; cause?: BookingWorld['cause'] } = {}) {
    const terms = { guests: options.guests ?? 20, ...(options.goal === undefined ? {} : { goal: options.goal }) };
    const created = await kit.draft(w.client, await kit.requestBody({ ...w, cause: options.cause ?? w.cause }, { overrides: terms, hoursAhead: options.hoursAhead }));
    await expectOk(await kit.act(created, { action: 'submit', by: w.client }));
    await expectOk(await kit.act(created, { action: 'accept', by: w.restaurant }));
    const payment = await expectOk(await api.post(`/v1/bookings/${created.id}/payments`, { body: { type: 'CREDIT_CARD_DEPOSIT' }, token: w.client.token, headers: { 'idempotency-key': randomUUID() } }), 201);
    expect((await expectOk(await api.post(`/v1/payments/${payment.id}/confirm`, { body: { card: TEST_CARD }, token: w.client.token }))).status).toBe('succeeded');
    return created as { id: string };
  }

  /** `quantity` tickets (and a `donation`) bought and paid by card. */
  async function buyTickets(eventId: string, { quantity, donation = 0 }: { quantity: number; donation?: number }) {
    const attendees = Array.from({ length: quantity }, (_, index) => `Guest ${index + 1}`);
    const checkout = await expectOk(await api.post(`/v1/events/${eventId}/checkouts`, { body: { quantity, email: 'buyer@example.test', attendees, donation } }), 201);
    const paid = await expectOk(await api.post(`/v1/payments/${checkout.payment.id}/confirm`, { body: { card: TEST_CARD } }));
    expect(paid.status).toBe('succeeded');
    return checkout as { id: string; amount: number };
  }

  /** A donation of `amount` to `causeId` (for `eventId` when given), paid by card. */
  async function donate(causeId: string, { amount, eventId }: { amount: number; eventId?: string }) {
    const body = { amount, email: 'giver@example.test', ...(eventId ? { event_id: eventId } : {}) };
    const created = await expectOk(await api.post(`/v1/causes/${causeId}/donations`, { body, headers: { 'idempotency-key': randomUUID() } }), 201);
    expect((await expectOk(await api.post(`/v1/payments/${created.payment.id}/confirm`, { body: { card: TEST_CARD } }))).status).toBe('succeeded');
  }

  return { confirmedEvent, buyTickets, donate };
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AMOUNT_COLUMN_MAX } from '@goodtable/shared';
import { bookings, menus, payments, ticketCheckouts } from '../../db/schema/index.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';

const YEAR = 365 * 24 * 3_600_000;

/**
 * Amounts are 32-bit integer columns and event dates are bounded (docs/decisions/0111-amount-bounds.md): what would
 * overflow a column, or lie beyond two years, is refused with 400 naming the field, and nothing is written.
 */
describe('amount and date bounds', () => {
  const { testApp, kit, w } = useBookingWorld();

  const api = () => kit.api;
  const db = () => testApp.app.db;
  const expectRefused = (response: { status: number; body: any }, { field, message }: { field: string; message: string }) => {
    expect(response.status).toBe(400);
    expect(response.body.details).toContainEqual({ field, message });
  };

  describe('menus', () => {
    const menusOf = async () => (await kit.expectOk(await api().get(`/v1/restaurants/${w.restaurant.id}/profile`, { token: w.restaurant.token }))).menus;

    it.each([
      ['a price beyond the column', { price_per_head: 3_000_000_000, max_guests: 1 }, 'validation.tooLarge'],
      ['a price of 2,000,000,000 for 40 guests', { price_per_head: 2_000_000_000, max_guests: 40 }, 'validation.menuFoodCostTooLarge'],
      ['a price of 0', { price_per_head: 0 }, 'validation.tooSmall'],
    ])('refuses %s, naming price_per_head, and keeps the menus as they were', async (_case, overrides, message) => {
      const before = await menusOf();
      const created = await api().post(`/v1/restaurants/${w.restaurant.id}/menus`, { body: kit.menu(overrides), token: w.restaurant.token });
      expectRefused(created, { field: 'price_per_head', message });
      const updated = await api().put(`/v1/restaurants/${w.restaurant.id}/menus/${w.restaurant.menuId}`, { body: kit.menu(overrides), token: w.restaurant.token });
      expectRefused(updated, { field: 'price_per_head', message });
      expect(await menusOf()).toEqual(before);
    });

    it('takes the largest menu that fits: price × maximum guests at the column’s bound', async () => {
      const largest = Math.floor(AMOUNT_COLUMN_MAX / 40);
      const created = await kit.expectOk(await api().post(`/v1/restaurants/${w.restaurant.id}/menus`, { body: kit.menu({ price_per_head: largest, max_guests: 40, active: false }), token: w.restaurant.token }), 201);
      expect(created.price_per_head).toBe(largest);
    });
  });

  describe('bookings', () => {
    const draftsOf = async () => (await kit.expectOk(await api().get(`/v1/users/${w.client.id}/bookings?status=DRAFT&limit=100`, { token: w.client.token }))).totalResults;

    it('refuses a ticket price whose sales (× guests) would overflow, naming ticket_price; nothing is created', async () => {
      const before = await draftsOf();
      expectRefused(await api().post('/v1/bookings', { body: await kit.requestBody(w, { overrides: { ticket_price: 2_000_000_000 } }), token: w.client.token }), { field: 'ticket_price', message: 'validation.tooLarge' });
      expectRefused(await api().post('/v1/bookings', { body: await kit.requestBody(w, { overrides: { ticket_price: 60_000_000, guests: 20 } }), token: w.client.token }), { field: 'ticket_price', message: 'validation.ticketSalesTooLarge' });
      expect(await draftsOf()).toBe(before);
    });

    it('refuses raising a draft’s guests so that its ticket sales overflow; the draft is unchanged', async () => {
      const draft = await kit.draft(w.client, await kit.requestBody(w, { overrides: { ticket_price: 50_000_000, guests: 20 } }));
      const response = await api().put(`/v1/bookings/${draft.id}`, { body: { guests: 21 }, token: w.client.token });
      expectRefused(response, { field: 'ticket_price', message: 'validation.ticketSalesTooLarge' });
      expect((await kit.get(draft.id, w.client)).guests).toBe(20);
    });

    it('refuses a date more than two years ahead of the business clock, naming date, on create and update', async () => {
      const before = await draftsOf();
      const farAhead = new Date((await kit.now()) + 2 * YEAR + 3 * 24 * 3_600_000).toISOString();
      expectRefused(await api().post('/v1/bookings', { body: await kit.requestBody(w, { overrides: { date: farAhead } }), token: w.client.token }), { field: 'date', message: 'validation.dateTooFarAhead' });
      expectRefused(await api().post('/v1/bookings', { body: await kit.requestBody(w, { overrides: { date: '9999-12-31T19:00:00Z' } }), token: w.client.token }), { field: 'date', message: 'validation.dateTooFarAhead' });
      expect(await draftsOf()).toBe(before);

      const draft = await kit.draft(w.client, await kit.requestBody(w));
      expectRefused(await api().put(`/v1/bookings/${draft.id}`, { body: { date: farAhead }, token: w.client.token }), { field: 'date', message: 'validation.dateTooFarAhead' });
      expect((await kit.get(draft.id, w.client)).date).toBe(draft.date);
    });

    it('refuses suggesting or changing to a time beyond two years; the booking is unchanged', async () => {
      const farAhead = '9999-06-01T19:00:00Z';
      const pending = await kit.pending(w);
      expectRefused(await kit.act(pending, { action: 'suggest-time', by: w.restaurant, body: { date: farAhead } }), { field: 'date', message: 'validation.dateTooFarAhead' });
      expect(await kit.get(pending.id, w.client)).toMatchObject({ status: 'PENDING', suggestion: null, date: pending.date });

      const declined = await kit.expectOk(await kit.act(await kit.pending(w), { action: 'decline', by: w.restaurant, body: { reason: 'NOT_AVAILABLE' } }));
      expectRefused(await kit.act(declined, { action: 'change-time', by: w.client, body: { date: farAhead } }), { field: 'date', message: 'validation.dateTooFarAhead' });
      expect(await kit.get(declined.id, w.client)).toMatchObject({ status: declined.status, date: declined.date });
    });
  });

  describe('events and payments priced before the bounds', () => {
    /** A CONFIRMED event whose ticket price is then set beyond the bounds, as a row written before them may be. */
    async function legacyEvent(ticketPrice: number) {
      const booking = await kit.confirmed(w);
      await db().update(bookings).set({ ticketPrice }).where(eq(bookings.id, booking.id));
      return booking;
    }
    const checkoutsOf = async (eventId: string) => db().select().from(ticketCheckouts).where(eq(ticketCheckouts.bookingId, eventId));
    const checkout = (eventId: string, { quantity, donation }: { quantity: number; donation?: number }) =>
      api().post(`/v1/events/${eventId}/checkouts`, { body: { quantity, email: 'buyer@example.test', attendees: Array.from({ length: quantity }, (_, index) => `Guest ${index + 1}`), ...(donation === undefined ? {} : { donation }) } });

    it('refuses 2 tickets at 2,000,000,000 (naming quantity) and 1 ticket with a 1,000,000,000 donation (naming donation); nothing is held', async () => {
      const event = await legacyEvent(2_000_000_000);
      const before = await kit.expectOk(await api().get(`/v1/events/${event.id}`));
      expectRefused(await checkout(event.id, { quantity: 2 }), { field: 'quantity', message: 'validation.checkoutTooLarge' });
      expectRefused(await checkout(event.id, { quantity: 1, donation: 1_000_000_000 }), { field: 'donation', message: 'validation.checkoutTooLarge' });
      expect(await checkoutsOf(event.id)).toEqual([]);
      expect((await kit.expectOk(await api().get(`/v1/events/${event.id}`))).tickets_left).toBe(before.tickets_left);
    });

    it('refuses a donation the event’s donations counter cannot add, naming donation', async () => {
      const event = await kit.confirmed(w);
      await db().update(bookings).set({ donationsRaised: AMOUNT_COLUMN_MAX - 100 }).where(eq(bookings.id, event.id));
      expectRefused(await checkout(event.id, { quantity: 1, donation: 500 }), { field: 'donation', message: 'validation.eventDonationsFull' });
      expect(await checkoutsOf(event.id)).toEqual([]);
    });

    it('a booking of a menu priced 2,000,000,000 before the bounds offers no payment it cannot hold and answers 409, writing nothing', async () => {
      const place = await kit.restaurant();
      const world = { ...w, restaurant: place };
      const booking = await kit.accepted(world);
      await db().update(menus).set({ pricePerHead: 2_000_000_000 }).where(eq(menus.id, place.menuId));
      const options = await kit.expectOk(await api().get(`/v1/bookings/${booking.id}/payment-options`, { token: w.client.token }));
      expect(options.options.map((option: { type: string }) => option.type)).not.toContain('CREDIT_CARD_TOTAL_FEE');
      const response = await api().post(`/v1/bookings/${booking.id}/payments`, { body: { type: 'CREDIT_CARD_TOTAL_FEE' }, token: w.client.token, headers: { 'idempotency-key': randomUUID() } });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('payments.amountTooLarge');
      expect(await db().select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { readZonedClock } from '@goodtable/shared';
import { parseInvitation } from '../../../test/support/calendar.ts';
import { readMailbox, waitForEmail } from '../../../test/support/mailbox.ts';
import { useBookingWorld } from './test/booking-test-kit.ts';

/** The bookings API over real HTTP: drafts, every row of the lifecycle, refusals, access, versions and validation. */
describe('bookings API', () => {
  const { testApp, kit, w } = useBookingWorld();

  const events = async (bookingId: string) => (await kit.api.get(`/v1/bookings/${bookingId}/events`, { token: w.client.token })).body.data;

  describe('drafts', () => {
    it('creates a partial draft for the client, with the currency of the restaurant’s country, and edits it field by field', async () => {
      const created = await kit.draft(w.client, { restaurant_id: w.restaurant.id, title: 'Gala' });
      expect(created).toMatchObject({
        status: 'DRAFT',
        title: 'Gala',
        currency: 'AUD',
        host_event: false,
        guest_preferences: null,
        menu: null,
        date: null,
        restaurant: { id: w.restaurant.id, name: w.restaurant.name, timezone: w.restaurant.timezone },
        client: { id: w.client.id },
        label: { key: 'resumeDraft', colour: 'gray' },
      });
      expect(created.allowed_actions).toEqual(['submit', 'edit', 'delete', 'guest-preferences']);

      const edited = await kit.api.put(`/v1/bookings/${created.id}`, { body: { menu_id: w.restaurant.menuId, guests: 12, title: '  Spring gala ' }, token: w.client.token });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ title: 'Spring gala', guests: 12, menu: { id: w.restaurant.menuId, price: 5000 }, restaurant: { id: w.restaurant.id } });
      expect(Date.parse(edited.body.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
      // Saving a draft is not an event of its history.
      expect(await events(created.id)).toEqual([]);
      // A client's draft is the client's alone: neither the restaurant side nor the cause sees it before it is sent.
      expect((await kit.api.get(`/v1/bookings/${created.id}`, { token: w.restaurant.token })).status).toBe(404);
      expect((await kit.api.get(`/v1/bookings/${created.id}`, { token: w.cause.token })).status).toBe(404);
    });

    it('deletes a draft; deleting a sent request is refused with 409', async () => {
      const created = await kit.draft(w.client, { title: 'To delete' });
      expect((await kit.api.delete(`/v1/bookings/${created.id}`, { token: w.client.token })).status).toBe(204);
      expect((await kit.api.get(`/v1/bookings/${created.id}`, { token: w.client.token })).status).toBe(404);
      const sent = await kit.pending(w);
      const refused = await kit.api.delete(`/v1/bookings/${sent.id}`, { token: w.client.token });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'bookings.wrongStatus', message: expect.stringMatching(/status/) });
    });

    it('names each invalid field of a draft, and checks what it names: restaurant, menu, ticket price, cause', async () => {
      const invalid = await kit.api.post('/v1/bookings', { body: { restaurant_id: 'nope', guests: 0, date: '2026-07-10 19:00' }, token: w.client.token });
      expect(invalid.status).toBe(400);
      expect(invalid.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual(['date', 'guests', 'restaurant_id']);

      const unpublished = await kit.account('seller');
      const other = await kit.restaurant();
      const hidden = await kit.cause();
      await kit.api.put(`/v1/causes/${hidden.causeId}`, { body: { name: 'Hidden', slug: `hidden-${Date.now()}`, category: 'education', story: 'x', published: false }, token: hidden.token });
      const refused = async (body: Record<string, unknown>) => (await kit.api.post('/v1/bookings', { body, token: w.client.token })).body.details;
      expect(await refused({ restaurant_id: unpublished.id })).toEqual([{ field: 'restaurant_id', message: 'validation.restaurantNotBookable' }]);
      expect(await refused({ restaurant_id: w.restaurant.id, menu_id: other.menuId })).toEqual([{ field: 'menu_id', message: 'validation.menuNotAtRestaurant' }]);
      expect(await refused({ restaurant_id: w.restaurant.id, menu_id: w.restaurant.menuId, ticket_price: 4999 })).toEqual([
        { field: 'ticket_price', message: 'validation.ticketBelowMenuPrice' },
      ]);
      expect(await refused({ cause_id: hidden.causeId })).toEqual([{ field: 'cause_id', message: 'validation.causeNotFound' }]);
    });

    it('restaurants and causes cannot book (403)', async () => {
      for (const who of [w.restaurant, w.cause]) {
        const response = await kit.api.post('/v1/bookings', { body: { title: 'x' }, token: who.token });
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('bookings.cannotBook');
      }
    });
  });

  describe('submit', () => {
    it('sends a complete request: PENDING with a response deadline, the restaurant sees Action Required', async () => {
      const created = await kit.draft(w.client, await kit.requestBody(w));
      const before = await kit.now();
      const sent = await kit.act(created, { action: 'submit', by: w.client });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ status: 'PENDING', label: { key: 'awaitingRestaurantResponse' }, allowed_actions: ['cancel', 'edit', 'guest-preferences'] });
      const dueIn = Date.parse(sent.body.response_due_at) - before;
      expect(dueIn).toBeGreaterThanOrEqual(72 * kit.HOUR - 1000);
      expect(dueIn).toBeLessThan(72 * kit.HOUR + 60_000);
      for (const member of [w.restaurant, w.manager, w.subManager]) {
        const seen = await kit.get(created.id, member);
        expect(seen.label).toEqual({ key: 'actionRequired', colour: 'amber' });
        expect(seen.allowed_actions).toEqual(['accept', 'decline', 'suggest-time']);
      }
      expect((await kit.get(created.id, w.cause)).label.key).toBe('awaitingGuestResponse');
      expect((await kit.get(created.id, w.cause)).allowed_actions).toEqual([]);
      expect(await events(created.id)).toEqual([
        expect.objectContaining({ action: 'submit', actor: 'client', from: 'DRAFT', to: 'PENDING', reason: null, user: { id: w.client.id, first_name: 'Lan', last_name: 'Pham' } }),
      ]);
    });

    it('names each missing field of an incomplete draft (400) and sends nothing', async () => {
      const created = await kit.draft(w.client, { restaurant_id: w.restaurant.id, title: 'Half done' });
      const refused = await kit.act(created, { action: 'submit', by: w.client });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual(
        ['menu_id', 'date', 'guests', 'cause_id', 'story', 'ticket_price'].map((field) => ({ field, message: 'validation.required' })),
      );
      expect((await kit.get(created.id, w.client)).status).toBe('DRAFT');
    });

    it('checks the restaurant’s hosting preferences and the menu’s limits, naming the field', async () => {
      const strict = await kit.world({ weekdays: ['saturday'], service_start: '18:00', service_end: '22:00', notice_days: 3, min_guests: 10, max_guests: 30 });
      const tooSoon = await kit.draft(strict.client, await kit.requestBody(strict, { overrides: { guests: 5 }, hoursAhead: 24 }));
      const refused = await kit.act(tooSoon, { action: 'submit', by: strict.client });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([
        { field: 'date', message: 'validation.tooLittleNotice' },
        { field: 'guests', message: 'validation.tooFewGuests' },
      ]);
      expect((await kit.get(tooSoon.id, strict.client)).status).toBe('DRAFT');
    });

    it('a manager’s event at a restaurant it runs is a host event: submit confirms it (no response, no deposit)', async () => {
      const created = await kit.draft(w.manager, await kit.requestBody(w));
      expect(created.host_event).toBe(true);
      // The team sees its own event's draft (label Draft); the seller and team act on it only once it is sent.
      expect((await kit.get(created.id, w.subManager)).label).toEqual({ key: 'draft', colour: 'gray' });
      const sent = await kit.act(created, { action: 'submit', by: w.manager });
      expect(sent.body).toMatchObject({ status: 'CONFIRMED', host_event: true, response_due_at: null, deposit_due_at: null, label: { key: 'bookingReserved' } });
      expect(sent.body.allowed_actions).toEqual(['cancel', 'guest-preferences']);
      expect(await kit.api.get(`/v1/bookings/${created.id}/events`, { token: w.manager.token }).then((response) => response.body.data)).toEqual([
        expect.objectContaining({ action: 'submit', actor: 'manager-host', from: 'DRAFT', to: 'CONFIRMED' }),
      ]);
      // Its team sees it from the restaurant side.
      expect((await kit.get(created.id, w.subManager)).label.key).toBe('prepareForEvent');
    });

    it('a manager booking a restaurant it does not run is an ordinary client', async () => {
      const elsewhere = await kit.restaurant();
      const created = await kit.draft(w.manager, await kit.requestBody({ restaurant: elsewhere, cause: w.cause }));
      expect(created.host_event).toBe(false);
      expect((await kit.act(created, { action: 'submit', by: w.manager })).body.status).toBe('PENDING');
    });
  });

  describe('the restaurant answers', () => {
    it('accept: ACCEPTED with a deposit deadline; the client sees Awaiting Payment', async () => {
      const booking = await kit.pending(w);
      const accepted = await kit.act(booking, { action: 'accept', by: w.subManager });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ status: 'ACCEPTED', response_due_at: null, label: { key: 'awaitingClient' } });
      expect(accepted.body.deposit_due_at).not.toBeNull();
      expect((await kit.get(booking.id, w.client)).label).toEqual({ key: 'awaitingPayment', colour: 'amber' });
      expect((await events(booking.id)).at(-1)).toMatchObject({ action: 'accept', actor: 'restaurant', from: 'PENDING', to: 'ACCEPTED', user: { id: w.subManager.id } });
    });

    it('decline NOT_AVAILABLE: the client may ask for another time (change-time → PENDING again)', async () => {
      const booking = await kit.pending(w);
      const declined = await kit.act(booking, { action: 'decline', by: w.restaurant, body: { reason: 'NOT_AVAILABLE' } });
      expect(declined.body).toMatchObject({ status: 'CANCELED', decline_reason: 'NOT_AVAILABLE', cancel_reason: 'DECLINED', label: { key: 'requestDeclined' } });
      const asClient = await kit.get(booking.id, w.client);
      expect(asClient.label.key).toBe('rebook');
      expect(asClient.allowed_actions).toEqual(['change-time', 'rebook']);
      const newDate = await kit.inHours(40 * 24);
      const changed = await kit.act(booking, { action: 'change-time', by: w.client, body: { date: newDate } });
      expect(changed.body).toMatchObject({ status: 'PENDING', date: newDate, decline_reason: null, cancel_reason: null });
      expect(changed.body.response_due_at).not.toBeNull();
      expect((await events(booking.id)).map((event: { action: string; reason: string | null }) => [event.action, event.reason])).toEqual([
        ['submit', null],
        ['decline', 'NOT_AVAILABLE'],
        ['change-time', null],
      ]);
    });

    it('decline NOT_SUITABLE is final: no change of time', async () => {
      const booking = await kit.pending(w);
      await kit.act(booking, { action: 'decline', by: w.manager, body: { reason: 'NOT_SUITABLE' } });
      const asClient = await kit.get(booking.id, w.client);
      expect(asClient).toMatchObject({ label: { key: 'requestDeclined' }, allowed_actions: ['rebook'] });
      const refused = await kit.act(booking, { action: 'change-time', by: w.client, body: { date: await kit.inHours(50 * 24) } });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'bookings.timeChangeNotOffered', message: expect.stringMatching(/suggestion|not available/) });
    });

    it('suggest-time, then the client accepts the suggestion: ACCEPTED at the suggested time', async () => {
      const booking = await kit.pending(w);
      const suggestedDate = await kit.inHours(45 * 24);
      const suggested = await kit.act(booking, { action: 'suggest-time', by: w.restaurant, body: { date: suggestedDate } });
      expect(suggested.body).toMatchObject({ status: 'CANCELED', suggestion: { date: suggestedDate }, cancel_reason: 'TIME_SUGGESTED', label: { key: 'awaitingClientResponse' } });
      expect((await kit.get(booking.id, w.client))).toMatchObject({ label: { key: 'actionRequired' }, allowed_actions: ['accept-suggestion', 'decline-suggestion', 'change-time'] });
      const taken = await kit.act(booking, { action: 'accept-suggestion', by: w.client });
      expect(taken.body).toMatchObject({ status: 'ACCEPTED', date: suggestedDate, suggestion: null, cancel_reason: null });
      expect(taken.body.deposit_due_at).not.toBeNull();
    });

    it('suggest-time, then the client declines it: "Client does not wish to proceed"', async () => {
      const booking = await kit.pending(w);
      await kit.act(booking, { action: 'suggest-time', by: w.restaurant, body: { date: await kit.inHours(45 * 24) } });
      const declined = await kit.act(booking, { action: 'decline-suggestion', by: w.client });
      expect(declined.body).toMatchObject({ status: 'CANCELED', suggestion: null, cancel_reason: 'CLIENT_DECLINED_SUGGESTION', label: { key: 'clientDoesNotWishToProceed' } });
    });

    it('suggest-time, then the client asks for yet another time: PENDING at its date', async () => {
      const booking = await kit.pending(w);
      await kit.act(booking, { action: 'suggest-time', by: w.restaurant, body: { date: await kit.inHours(45 * 24) } });
      const date = await kit.inHours(50 * 24);
      expect((await kit.act(booking, { action: 'change-time', by: w.client, body: { date } })).body).toMatchObject({ status: 'PENDING', date, suggestion: null });
    });

    it('answers need a reason or a future date (400 naming the field); a change of time must suit the restaurant', async () => {
      const booking = await kit.pending(w);
      const noReason = await kit.act(booking, { action: 'decline', by: w.restaurant, body: {} });
      expect(noReason.status).toBe(400);
      expect(noReason.body.details).toEqual([{ field: 'reason', message: 'validation.invalidDeclineReason' }]);
      const past = await kit.act(booking, { action: 'suggest-time', by: w.restaurant, body: { date: await kit.inHours(-1) } });
      expect(past.status).toBe(400);
      expect(past.body.details).toEqual([{ field: 'date', message: 'validation.dateInPast' }]);
      const noOffset = await kit.act(booking, { action: 'suggest-time', by: w.restaurant, body: { date: '2027-01-01T19:00:00' } });
      expect(noOffset.body.details).toEqual([{ field: 'date', message: 'validation.invalidDate' }]);
      expect((await kit.get(booking.id, w.client)).status).toBe('PENDING');

      const strict = await kit.world({ weekdays: ['saturday', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'], service_start: '18:00', service_end: '22:00' });
      const evening = new Date(Date.parse(await kit.inHours(30 * 24)));
      const zoned = await kit.draft(strict.client, await kit.requestBody(strict, { overrides: { date: atHourIn({ timeZone: strict.restaurant.timezone, day: evening, hour: 19 }) } }));
      await kit.act(zoned, { action: 'submit', by: strict.client }).then(kit.expectOk);
      await kit.act(zoned, { action: 'decline', by: strict.restaurant, body: { reason: 'NOT_AVAILABLE' } }).then(kit.expectOk);
      const atNoon = await kit.act(zoned, { action: 'change-time', by: strict.client, body: { date: atHourIn({ timeZone: strict.restaurant.timezone, day: evening, hour: 12 }) } });
      expect(atNoon.status).toBe(400);
      expect(atNoon.body.details).toEqual([{ field: 'date', message: 'validation.outsideServiceHours' }]);
    });

    it('two members accepting at once: exactly one wins, the other gets 409', async () => {
      const booking = await kit.pending(w);
      const answers = await Promise.all([kit.act(booking, { action: 'accept', by: w.manager }), kit.act(booking, { action: 'accept', by: w.subManager })]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect((await events(booking.id)).filter((event: { action: string }) => event.action === 'accept')).toHaveLength(1);
    });
  });

  describe('cancellations', () => {
    it('the client cancels a request, an accepted and a confirmed booking', async () => {
      const request = await kit.pending(w);
      const accepted = await kit.accepted(w);
      const confirmed = await kit.confirmed(w);
      for (const booking of [request, accepted, confirmed]) {
        const cancelled = await kit.act(booking, { action: 'cancel', by: w.client });
        expect(cancelled.body).toMatchObject({ status: 'CANCELED', cancel_reason: 'CLIENT_CANCELED', label: { key: 'bookingCancelled' } });
        expect((await kit.get(booking.id, w.restaurant)).label.key).toBe('eventCancelledByClient');
      }
    });

    it('the restaurant cancels an accepted and a confirmed booking, but not a request (it declines those)', async () => {
      for (const booking of [await kit.accepted(w), await kit.confirmed(w)]) {
        const cancelled = await kit.act(booking, { action: 'cancel', by: w.manager });
        expect(cancelled.body).toMatchObject({ status: 'CANCELED', cancel_reason: 'RESTAURANT_CANCELED', label: { key: 'bookingCancelled' } });
        expect((await kit.get(booking.id, w.client)).label.key).toBe('eventCancelledByRestaurant');
      }
      const request = await kit.pending(w);
      expect((await kit.act(request, { action: 'cancel', by: w.restaurant })).status).toBe(409);
    });

    it('the organiser of a host event cancels it', async () => {
      const hosted = await kit.draft(w.manager, await kit.requestBody(w));
      await kit.act(hosted, { action: 'submit', by: w.manager }).then(kit.expectOk);
      expect((await kit.act(hosted, { action: 'cancel', by: w.manager })).body).toMatchObject({ status: 'CANCELED', cancel_reason: 'RESTAURANT_CANCELED' });
    });
  });

  describe('after the event', () => {
    it('the restaurant marks it complete; the client confirms: COMPLETED', async () => {
      const booking = await kit.confirmed(w, 2);
      await kit.sellTickets(booking.id, 12);
      const early = await kit.act(booking, { action: 'mark-complete', by: w.restaurant });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('bookings.eventNotPassed');
      await kit.advance(6 * kit.HOUR);
      expect((await kit.get(booking.id, w.restaurant))).toMatchObject({ label: { key: 'awaitingCompletion' }, allowed_actions: ['mark-complete'] });
      const marked = await kit.act(booking, { action: 'mark-complete', by: w.subManager });
      expect(marked.body).toMatchObject({ status: 'CONFIRMED', completion: { outcome: null }, label: { key: 'awaitingClientResponse' } });
      expect((await kit.get(booking.id, w.client))).toMatchObject({ label: { key: 'eventMarkedComplete' }, allowed_actions: ['confirm-complete', 'mark-unsatisfactory'] });
      const done = await kit.confirmComplete(booking, w.client);
      expect(done).toMatchObject({ status: 'COMPLETED', completion: { outcome: 'CONFIRMED' }, label: { key: 'eventCompleted' }, allowed_actions: ['rebook'] });
    });

    it('the client marks it unsatisfactory: held for review (CONFIRMED, On Hold for the restaurant)', async () => {
      const booking = await kit.confirmed(w, 2);
      await kit.sellTickets(booking.id, 3);
      await kit.advance(6 * kit.HOUR);
      await kit.act(booking, { action: 'mark-complete', by: w.restaurant }).then(kit.expectOk);
      const held = await kit.act(booking, { action: 'mark-unsatisfactory', by: w.client });
      expect(held.body).toMatchObject({ status: 'CONFIRMED', completion: { outcome: 'UNSATISFACTORY' }, label: { key: 'eventMarkedUnsatisfactory' }, allowed_actions: [] });
      expect((await kit.get(booking.id, w.restaurant)).label.key).toBe('eventOnHold');
      expect((await events(booking.id)).at(-1)).toMatchObject({ action: 'mark-unsatisfactory', reason: 'UNSATISFACTORY' });
    });

    it('a host event’s organiser marks it complete and confirms it', async () => {
      const hosted = await kit.draft(w.manager, await kit.requestBody(w, { overrides: {}, hoursAhead: 2 }));
      await kit.act(hosted, { action: 'submit', by: w.manager }).then(kit.expectOk);
      await kit.sellTickets(hosted.id, 20);
      await kit.advance(6 * kit.HOUR);
      await kit.act(hosted, { action: 'mark-complete', by: w.manager }).then(kit.expectOk);
      expect(await kit.confirmComplete(hosted, w.manager)).toMatchObject({ status: 'COMPLETED', completion: { outcome: 'CONFIRMED' } });
    });

    it('the deposit confirms an accepted booking (payment), which nobody can do over the API', async () => {
      const booking = await kit.accepted(w);
      await kit.payDeposit(booking.id);
      expect((await kit.get(booking.id, w.client))).toMatchObject({ status: 'CONFIRMED', deposit_due_at: null, label: { key: 'bookingReserved' } });
      expect((await events(booking.id)).at(-1)).toMatchObject({ action: 'deposit-paid', actor: 'payment', from: 'ACCEPTED', to: 'CONFIRMED', user: null });
      expect((await kit.api.post(`/v1/bookings/${booking.id}/deposit-paid`, { body: {}, token: w.client.token })).status).toBe(400);
    });
  });

  describe('refusals', () => {
    it('an action never the viewer’s is 403; not possible now is 409 with the reason', async () => {
      const booking = await kit.pending(w);
      const clientAccepts = await kit.act(booking, { action: 'accept', by: w.client });
      expect(clientAccepts.status).toBe(403);
      expect(clientAccepts.body.code).toBe('bookings.wrongActor');
      const restaurantEdits = await kit.api.put(`/v1/bookings/${booking.id}`, { body: { title: 'Mine now' }, token: w.restaurant.token });
      expect(restaurantEdits.status).toBe(403);
      const notNow = await kit.act(booking, { action: 'accept-suggestion', by: w.client });
      expect(notNow.status).toBe(409);
      expect(notNow.body).toMatchObject({ code: 'bookings.wrongStatus', message: 'This action is not possible in the booking’s current status' });
      const unknown = await kit.act(booking, { action: 'refund', by: w.client });
      expect(unknown.status).toBe(400);
      expect(unknown.body.details).toEqual([{ field: 'action', message: 'validation.invalidAction' }]);
    });

    it('the cause reads its bookings and their timeline but changes nothing (403)', async () => {
      const booking = await kit.pending(w);
      expect((await kit.api.get(`/v1/bookings/${booking.id}/events`, { token: w.cause.token })).status).toBe(200);
      for (const response of [
        await kit.act(booking, { action: 'cancel', by: w.cause }),
        await kit.api.put(`/v1/bookings/${booking.id}`, { body: { title: 'x' }, token: w.cause.token }),
        await kit.api.put(`/v1/bookings/${booking.id}/guest-preferences`, { body: {}, token: w.cause.token }),
        await kit.api.delete(`/v1/bookings/${booking.id}`, { token: w.cause.token }),
      ]) {
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('bookings.readOnly');
      }
    });

    it('anyone else gets 404 on every booking route, and changes nothing', async () => {
      const booking = await kit.pending(w);
      const outsiders = [w.stranger, await kit.account('seller'), await kit.account('manager'), await kit.account('cause')];
      for (const outsider of outsiders) {
        const token = { token: outsider.token };
        const responses = [
          await kit.api.get(`/v1/bookings/${booking.id}`, token),
          await kit.api.put(`/v1/bookings/${booking.id}`, { body: { title: 'x' }, ...token }),
          await kit.api.delete(`/v1/bookings/${booking.id}`, token),
          await kit.api.get(`/v1/bookings/${booking.id}/events`, token),
          await kit.api.put(`/v1/bookings/${booking.id}/guest-preferences`, { body: {}, ...token }),
          await kit.api.post(`/v1/bookings/${booking.id}/rebook`, { ...token }),
          await kit.act(booking, { action: 'accept', by: outsider }),
          await kit.act(booking, { action: 'cancel', by: outsider }),
        ];
        expect(responses.map((response) => response.status)).toEqual(Array(responses.length).fill(404));
      }
      expect((await kit.get(booking.id, w.client)).status).toBe('PENDING');
      expect((await kit.api.get(`/v1/bookings/${crypto.randomUUID()}`, { token: w.client.token })).status).toBe(404);
    });

    it('a stale updated_at (body) or If-Unmodified-Since (header) is 409 and changes nothing; the current one passes', async () => {
      const booking = await kit.pending(w);
      const edited = await kit.api.put(`/v1/bookings/${booking.id}`, { body: { guests: 25, updated_at: booking.updated_at }, token: w.client.token });
      expect(edited.status).toBe(200);
      const staleEdit = await kit.api.put(`/v1/bookings/${booking.id}`, { body: { guests: 30, updated_at: booking.updated_at }, token: w.client.token });
      expect(staleEdit.status).toBe(409);
      expect(staleEdit.body.code).toBe('bookings.stale');
      const staleAccept = await kit.api.post(`/v1/bookings/${booking.id}/accept`, { token: w.restaurant.token, headers: { 'if-unmodified-since': booking.updated_at } });
      expect(staleAccept.status).toBe(409);
      const staleHttpDate = new Date(Date.parse(edited.body.updated_at) - 2000).toUTCString();
      expect((await kit.api.post(`/v1/bookings/${booking.id}/accept`, { token: w.restaurant.token, headers: { 'if-unmodified-since': staleHttpDate } })).status).toBe(409);
      expect((await kit.get(booking.id, w.client))).toMatchObject({ status: 'PENDING', guests: 25 });
      const fresh = await kit.api.post(`/v1/bookings/${booking.id}/accept`, { body: { updated_at: edited.body.updated_at }, token: w.restaurant.token, headers: { 'if-unmodified-since': edited.body.updated_at } });
      expect(fresh.status).toBe(200);
    });
  });

  describe('editing a sent request', () => {
    it('the client edits a PENDING request (checked again, the restaurant told by an event); its restaurant stays', async () => {
      const booking = await kit.pending(w);
      const edited = await kit.api.put(`/v1/bookings/${booking.id}`, { body: { guests: 30, story: 'Now thirty guests.' }, token: w.client.token });
      expect(edited.body).toMatchObject({ status: 'PENDING', guests: 30, story: 'Now thirty guests.' });
      expect((await events(booking.id)).at(-1)).toMatchObject({ action: 'edit', from: 'PENDING', to: 'PENDING' });
      const tooMany = await kit.api.put(`/v1/bookings/${booking.id}`, { body: { guests: 80 }, token: w.client.token });
      expect(tooMany.body.details).toEqual([{ field: 'guests', message: 'validation.tooManyGuests' }]);
      const cleared = await kit.api.put(`/v1/bookings/${booking.id}`, { body: { title: null }, token: w.client.token });
      expect(cleared.body.details).toEqual([{ field: 'title', message: 'validation.required' }]);
      const moved = await kit.api.put(`/v1/bookings/${booking.id}`, { body: { restaurant_id: (await kit.restaurant()).id }, token: w.client.token });
      expect(moved.body.details).toEqual([{ field: 'restaurant_id', message: 'validation.restaurantFixed' }]);
      expect((await kit.get(booking.id, w.client)).guests).toBe(30);
    });
  });

  describe('guest preferences', () => {
    const preferences = { dietary: [{ need: 'vegan', count: 4 }, { need: 'gluten-free', count: 2 }], seating: 'LONG_TABLE', accessibility: 'Two wheelchairs', arrival_time: '18:30', notes: 'Birthday cake at 21:00' };

    it('the organiser sets them until the event starts; the restaurant reads them', async () => {
      const booking = await kit.accepted(w);
      const saved = await kit.api.put(`/v1/bookings/${booking.id}/guest-preferences`, { body: preferences, token: w.client.token });
      expect(saved.status).toBe(200);
      expect(saved.body.guest_preferences).toEqual(preferences);
      expect((await kit.get(booking.id, w.restaurant)).guest_preferences).toEqual(preferences);
      const restaurantTries = await kit.api.put(`/v1/bookings/${booking.id}/guest-preferences`, { body: preferences, token: w.restaurant.token });
      expect(restaurantTries.status).toBe(403);
    });

    it('refuses dietary counts above the guests (400) and a booking that ended (409)', async () => {
      const booking = await kit.pending(w);
      const tooMany = await kit.api.put(`/v1/bookings/${booking.id}/guest-preferences`, { body: { dietary: [{ need: 'vegan', count: 21 }] }, token: w.client.token });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.details).toEqual([{ field: 'dietary', message: 'validation.dietaryExceedsGuests' }]);
      await kit.act(booking, { action: 'cancel', by: w.client }).then(kit.expectOk);
      const closed = await kit.api.put(`/v1/bookings/${booking.id}/guest-preferences`, { body: preferences, token: w.client.token });
      expect(closed.status).toBe(409);
      expect(closed.body.code).toBe('bookings.guestPreferencesClosed');
      expect((await kit.get(booking.id, w.client)).guest_preferences).toBeNull();
    });
  });

  describe('rebook', () => {
    it('copies an ended booking into a new draft without its date; a live one is refused (409)', async () => {
      const booking = await kit.pending(w);
      const refused = await kit.api.post(`/v1/bookings/${booking.id}/rebook`, { token: w.client.token });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('bookings.notRebookable');
      await kit.act(booking, { action: 'decline', by: w.restaurant, body: { reason: 'NOT_SUITABLE' } }).then(kit.expectOk);
      const restaurantTries = await kit.api.post(`/v1/bookings/${booking.id}/rebook`, { token: w.restaurant.token });
      expect(restaurantTries.status).toBe(403);
      const copy = await kit.api.post(`/v1/bookings/${booking.id}/rebook`, { token: w.client.token });
      expect(copy.status).toBe(201);
      expect(copy.body.id).not.toBe(booking.id);
      expect(copy.body).toMatchObject({
        status: 'DRAFT',
        date: null,
        guests: booking.guests,
        title: booking.title,
        story: booking.story,
        ticket_price: booking.ticket_price,
        goal: booking.goal,
        currency: 'AUD',
        restaurant: { id: w.restaurant.id },
        menu: { id: w.restaurant.menuId },
        cause: { id: w.cause.causeId },
        client: { id: w.client.id },
      });
      expect((await kit.get(booking.id, w.client)).status).toBe('CANCELED');
    });
  });

  describe('emails', () => {
    it('tells the other party of each change (the restaurant side: seller, managers and sub-managers) in its language, with a calendar invitation once accepted and its cancellation', async () => {
      const client = await kit.account('user', { language: 'vn' });
      const booking = await kit.draft(client, await kit.requestBody(w, { overrides: { title: 'Tiệc gây quỹ' } }));
      await kit.act(booking, { action: 'submit', by: client }).then(kit.expectOk);
      const seller = await testApp.database.db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, w.restaurant.id) });
      const requested = await waitForEmail(testApp.baseUrl, { to: seller!.email, subject: /Tiệc gây quỹ/ });
      expect(requested.language).toBe('en');
      expect(requested.text).toContain(`/bookings/${booking.id}`);
      // Everyone running the restaurant hears of the request too, not only the seller.
      const subManager = await testApp.database.db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, w.subManager.id) });
      await waitForEmail(testApp.baseUrl, { to: subManager!.email, subject: /Tiệc gây quỹ/ });

      const accepted = await kit.act(booking, { action: 'accept', by: w.manager }).then(kit.expectOk);
      const toClient = await waitForEmail(testApp.baseUrl, { to: client.email, subject: /đã chấp nhận/ });
      expect(toClient.language).toBe('vn');
      const invitation = parseInvitation(toClient.attachments.find((file) => file.filename === 'invite.ics')!.content);
      expect(invitation).toMatchObject({ method: 'REQUEST', summary: 'Tiệc gây quỹ' });
      // Calendars keep whole seconds.
      expect(invitation.start.getTime()).toBe(Math.floor(Date.parse(accepted.date) / 1000) * 1000);

      await kit.act(booking, { action: 'cancel', by: client }).then(kit.expectOk);
      const cancelled = await waitForEmail(testApp.baseUrl, { to: seller!.email, subject: /cancelled Tiệc gây quỹ/ });
      expect(cancelled.attachments.map((file) => file.filename)).toEqual(['cancel.ics']);
      // Whoever acted is not emailed about it.
      expect((await readMailbox(testApp.baseUrl)).filter((email) => email.to === client.email)).toHaveLength(1);
    });
  });

  describe('booking options', () => {
    it('gives what a request is checked against, for a published restaurant or one the viewer runs; 404 otherwise', async () => {
      const options = await kit.api.get(`/v1/restaurants/${w.restaurant.id}/booking-options`, { token: w.stranger.token });
      expect(options.status).toBe(200);
      expect(options.body).toMatchObject({
        restaurant: { id: w.restaurant.id, name: w.restaurant.name, currency: 'AUD', country: 'AU', timezone: w.restaurant.timezone },
        menus: [{ id: w.restaurant.menuId, price: 5000, min_guests: 2, max_guests: 50 }],
        hosting: { service_start: '00:00', service_end: '23:59', notice_days: 0, min_guests: 1, max_guests: 100 },
      });
      const unpublished = await kit.account('seller');
      expect((await kit.api.get(`/v1/restaurants/${unpublished.id}/booking-options`, { token: w.stranger.token })).status).toBe(404);
      const { manager } = await kit.managerOf(unpublished.id);
      expect((await kit.api.get(`/v1/restaurants/${unpublished.id}/booking-options`, { token: manager.token })).body).toMatchObject({
        menus: [],
        hosting: { service_start: '18:00', service_end: '22:00', notice_days: 14 },
      });
      expect((await kit.api.get(`/v1/restaurants/${w.restaurant.id}/booking-options`)).status).toBe(401);
    });
  });
});

/** `hour`:00 on the calendar day of `day` in `timeZone` (the restaurant's clock), as an ISO instant. */
function atHourIn({ timeZone, day, hour }: { timeZone: string; day: Date; hour: number }): string {
  const { minutes } = readZonedClock(day, timeZone);
  const start = Math.floor(day.getTime() / 60_000) * 60_000;
  return new Date(start + (hour * 60 - minutes) * 60_000).toISOString();
}

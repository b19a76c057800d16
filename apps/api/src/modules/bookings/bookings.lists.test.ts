import { beforeAll, describe, expect, it } from 'vitest';
import { bookingNeedsAction, type Booking } from '@goodtable/shared';
import { useBookingWorld, type BookingTestKit } from './test/booking-test-kit.ts';

/**
 * GET /v1/users/{id}/bookings and its summary: each filter, both sorts, search, paging, one restaurant, what needs
 * the viewer's action; one client with a booking in every group, at two restaurants one manager runs.
 */
describe('bookings lists', () => {
  const { testApp, kit, w } = useBookingWorld();
  let second: Awaited<ReturnType<BookingTestKit['restaurant']>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    second = await kit.restaurant({}, { name: 'Phở Đà Nẵng' });
    await kit.link({ managerId: w.manager.id, restaurantId: second.id });
    const accentedCause = await kit.cause('Bếp Yêu Thương');

    // Events that are over first (the clock moves 6 hours): one completed, one waiting for the restaurant's mark, one
    // marked and waiting for the client's answer.
    const soon = async () => {
      const booking = await kit.confirmed(w, 2);
      await kit.sellTickets(booking.id, 5);
      return booking.id;
    };
    ids.completed = await soon();
    ids.passed = await soon();
    ids.marked = await soon();
    await kit.advance(6 * kit.HOUR);
    await kit.act({ id: ids.completed }, { action: 'mark-complete', by: w.restaurant }).then(kit.expectOk);
    await kit.confirmComplete({ id: ids.completed }, w.client);
    await kit.act({ id: ids.marked }, { action: 'mark-complete', by: w.restaurant }).then(kit.expectOk);

    const days = (count: number) => count * 24;
    ids.pending = (await kit.pending(w, { overrides: { title: 'Spring gala' }, hoursAhead: days(20) })).id;
    ids.accepted = (await kit.accepted(w, days(21))).id;
    ids.confirmed = (await kit.confirmed(w, days(22))).id;
    const suggested = await kit.pending(w, { overrides: { title: 'Harvest supper' }, hoursAhead: days(23) });
    await kit.act(suggested, { action: 'suggest-time', by: w.restaurant, body: { date: await kit.inHours(days(24)) } }).then(kit.expectOk);
    ids.suggested = suggested.id;
    const notAvailable = await kit.pending(w, { overrides: {}, hoursAhead: days(25) });
    await kit.act(notAvailable, { action: 'decline', by: w.restaurant, body: { reason: 'NOT_AVAILABLE' } }).then(kit.expectOk);
    ids.notAvailable = notAvailable.id;
    const notSuitable = await kit.pending(w, { overrides: {}, hoursAhead: days(26) });
    await kit.act(notSuitable, { action: 'decline', by: w.restaurant, body: { reason: 'NOT_SUITABLE' } }).then(kit.expectOk);
    ids.notSuitable = notSuitable.id;
    ids.elsewhere = (await kit.pending(w, { overrides: { restaurant_id: second.id, menu_id: second.menuId, cause_id: accentedCause.causeId, title: 'Winter table' }, hoursAhead: days(27) })).id;
    ids.draft = (await kit.draft(w.client, { restaurant_id: w.restaurant.id, title: 'Unfinished idea' })).id;
  }, 180_000);

  type Account = { id: string; token: string };
  const list = async (who: Account, query = '') => {
    const response = await kit.api.get(`/v1/users/${who.id}/bookings${query ? `?${query}` : ''}`, { token: who.token });
    if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body as { data: Booking[]; page: number; limit: number; totalPages: number; totalResults: number };
  };
  const idsOf = (page: { data: Booking[] }) => page.data.map((booking) => booking.id);
  const named = (...keys: string[]) => keys.map((key) => ids[key]!);
  const sorted = (values: string[]) => [...values].sort();

  it('filters by the list groups, ALL including drafts', async () => {
    const expected: Record<string, string[]> = {
      ALL: Object.values(ids),
      DRAFT: named('draft'),
      IN_PROGRESS: named('pending', 'accepted', 'suggested', 'elsewhere'),
      CONFIRMED: named('confirmed', 'passed', 'marked'),
      COMPLETED: named('completed'),
      CANCELED: named('notAvailable', 'notSuitable'),
    };
    for (const [status, wanted] of Object.entries(expected)) {
      const page = await list(w.client, `status=${status}&limit=100`);
      expect(sorted(idsOf(page)), status).toEqual(sorted(wanted));
      expect(page.totalResults).toBe(wanted.length);
    }
  });

  it('sorts Latest (last changed first) and Event Date (soonest first, drafts without a date last)', async () => {
    const latest = (await list(w.client, 'limit=100')).data;
    const changed = latest.map((booking) => Date.parse(booking.updated_at));
    expect(changed).toEqual([...changed].sort((a, b) => b - a));
    expect(latest[0]!.id).toBe(ids.draft);

    const byDate = (await list(w.client, 'sortBy=date:asc&limit=100')).data;
    expect(byDate.at(-1)!.id).toBe(ids.draft);
    const dates = byDate.filter((booking) => booking.date).map((booking) => Date.parse(booking.date!));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(idsOf({ data: byDate.slice(0, 3) }).sort()).toEqual(sorted(named('completed', 'passed', 'marked')));
  });

  it('pages through the results without repeating or skipping one', async () => {
    const seen: string[] = [];
    const first = await list(w.client, 'sortBy=date:asc&limit=4&page=1');
    expect(first).toMatchObject({ page: 1, limit: 4, totalResults: Object.keys(ids).length, totalPages: Math.ceil(Object.keys(ids).length / 4) });
    for (let page = 1; page <= first.totalPages; page++) seen.push(...idsOf(await list(w.client, `sortBy=date:asc&limit=4&page=${page}`)));
    expect(seen).toEqual(idsOf(await list(w.client, 'sortBy=date:asc&limit=100')));
    expect((await list(w.client, 'limit=4&page=99')).data).toEqual([]);
  });

  it('searches titles, restaurant names and cause names, ignoring case and accents', async () => {
    expect(idsOf(await list(w.client, 'search=GALA'))).toEqual(named('pending'));
    expect(idsOf(await list(w.client, `search=${encodeURIComponent('pho da')}`))).toEqual(named('elsewhere'));
    expect(idsOf(await list(w.client, 'search=bep%20yeu'))).toEqual(named('elsewhere'));
    expect(idsOf(await list(w.client, `search=${encodeURIComponent('hope supper')}`))).toEqual(named('suggested'));
    expect((await list(w.client, 'search=nothing-like-this')).totalResults).toBe(0);
    expect(idsOf(await list(w.client, 'search=gala&status=CANCELED'))).toEqual([]);
  });

  it('each party sees its side: the restaurant its sent requests (not the client’s draft), the manager both restaurants, the cause its sent ones', async () => {
    const atFirst = Object.keys(ids).filter((key) => key !== 'elsewhere');
    const sentAtFirst = atFirst.filter((key) => key !== 'draft');
    expect(sorted(idsOf(await list(w.restaurant, 'limit=100')))).toEqual(sorted(named(...sentAtFirst)));
    expect(sorted(idsOf(await list(w.subManager, 'limit=100')))).toEqual(sorted(named(...sentAtFirst, 'elsewhere')));
    const causeSees = await list(w.cause, 'limit=100');
    expect(sorted(idsOf(causeSees))).toEqual(sorted(named(...sentAtFirst)));
    expect(causeSees.data.every((booking) => booking.allowed_actions.length === 0)).toBe(true);
    const pending = (await list(w.restaurant, 'status=IN_PROGRESS&limit=100')).data.find((booking) => booking.id === ids.pending)!;
    expect(pending).toMatchObject({ label: { key: 'actionRequired' }, allowed_actions: ['accept', 'decline', 'suggest-time'] });
    expect((await list(w.stranger)).totalResults).toBe(0);
  });

  it('one restaurant the manager runs (restaurant_id); another restaurant is 404; someone else’s list is 403', async () => {
    expect(idsOf(await list(w.manager, `restaurant_id=${second.id}`))).toEqual(named('elsewhere'));
    expect((await list(w.manager, `restaurant_id=${w.restaurant.id}&limit=100`)).totalResults).toBe(Object.keys(ids).length - 2);
    const notRun = await kit.restaurant();
    const refused = await kit.api.get(`/v1/users/${w.manager.id}/bookings?restaurant_id=${notRun.id}`, { token: w.manager.token });
    expect(refused.status).toBe(404);
    expect((await kit.api.get(`/v1/users/${w.restaurant.id}/bookings?restaurant_id=${second.id}`, { token: w.restaurant.token })).status).toBe(404);
    expect((await kit.api.get(`/v1/users/${w.client.id}/bookings`, { token: w.stranger.token })).status).toBe(403);
    const invalid = await kit.api.get(`/v1/users/${w.client.id}/bookings?status=PENDING&sortBy=title:asc&needs_action=maybe`, { token: w.client.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual(['needs_action', 'sortBy', 'status']);
  });

  it('needs_action=true lists what waits for the viewer, exactly as bookingNeedsAction says', async () => {
    expect(sorted(idsOf(await list(w.client, 'needs_action=true&limit=100')))).toEqual(sorted(named('accepted', 'suggested', 'notAvailable', 'marked')));
    expect(sorted(idsOf(await list(w.restaurant, 'needs_action=true&limit=100')))).toEqual(sorted(named('pending', 'passed')));
    expect(sorted(idsOf(await list(w.manager, `needs_action=true&restaurant_id=${second.id}`)))).toEqual(named('elsewhere'));
    expect((await list(w.cause, 'needs_action=true')).totalResults).toBe(0);

    const now = new Date(await kit.now());
    for (const [who, side] of [
      [w.client, 'client'],
      [w.restaurant, 'restaurant'],
    ] as const) {
      const all = (await list(who, 'limit=100')).data;
      const flagged = all.filter((booking) => bookingNeedsAction({ booking, viewer: side, now }));
      expect(sorted(idsOf(await list(who, 'needs_action=true&limit=100')))).toEqual(sorted(idsOf({ data: flagged })));
    }
  });

  it('the summary counts each group and what needs action, for all restaurants or one', async () => {
    const summary = await kit.api.get(`/v1/users/${w.client.id}/bookings/summary`, { token: w.client.token });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({ groups: { IN_PROGRESS: 4, CONFIRMED: 3, COMPLETED: 1, CANCELLED: 2, DRAFTS: 1 }, needs_action: 4 });
    const forRestaurant = await kit.api.get(`/v1/users/${w.manager.id}/bookings/summary?restaurant_id=${second.id}`, { token: w.manager.token });
    expect(forRestaurant.body).toEqual({ groups: { IN_PROGRESS: 1, CONFIRMED: 0, COMPLETED: 0, CANCELLED: 0, DRAFTS: 0 }, needs_action: 1 });
    const forCause = await kit.api.get(`/v1/users/${w.cause.id}/bookings/summary`, { token: w.cause.token });
    expect(forCause.body).toEqual({ groups: { IN_PROGRESS: 3, CONFIRMED: 3, COMPLETED: 1, CANCELLED: 2, DRAFTS: 0 }, needs_action: 0 });
    expect((await kit.api.get(`/v1/users/${w.client.id}/bookings/summary`, { token: w.restaurant.token })).status).toBe(403);
  });

  // Last: it moves the clock three days on (other bookings' deadlines pass too).
  it('needs_action follows the business clock: an event that ends and a deposit deadline that passes change the count', async () => {
    /** The viewer's needs_action total, checked against its list, its summary and `bookingNeedsAction` at the clock's now. */
    const waiting = async (who: Account, sideOf: (booking: Booking) => 'client' | 'restaurant') => {
      const now = new Date(await kit.now());
      const flagged = (await list(who, 'limit=100')).data.filter((booking) => bookingNeedsAction({ booking, viewer: sideOf(booking), now }));
      const listed = await list(who, 'needs_action=true&limit=100');
      expect(sorted(idsOf(listed))).toEqual(sorted(idsOf({ data: flagged })));
      expect(listed.totalResults).toBe(flagged.length);
      const summary = await kit.api.get(`/v1/users/${who.id}/bookings/summary`, { token: who.token });
      expect(summary.body.needs_action).toBe(flagged.length);
      return { total: listed.totalResults, ids: idsOf(listed) };
    };
    const asClient = () => waiting(w.client, () => 'client');
    const asRestaurant = () => waiting(w.restaurant, () => 'restaurant');
    // The manager organises (its own bookings) and acts for both restaurants (the others').
    const asManager = () => waiting(w.manager, (booking) => (booking.client.id === w.manager.id ? 'client' : 'restaurant'));

    const ending = await kit.confirmed(w, 1);
    await kit.sellTickets(ending.id, 4);
    const unpaid = await kit.accepted(w, 40 * 24);
    const before = { client: await asClient(), restaurant: await asRestaurant(), manager: await asManager() };
    expect(before.restaurant.ids).not.toContain(ending.id);
    expect(before.client.ids).toContain(unpaid.id);

    // The event (3 hours) ends: no job changes the booking (tickets sold, not marked), only the clock makes it wait.
    await kit.advance(4 * kit.HOUR);
    const over = { restaurant: await asRestaurant(), manager: await asManager() };
    expect(over.restaurant.total).toBe(before.restaurant.total + 1);
    expect(over.restaurant.ids).toContain(ending.id);
    expect(over.manager.total).toBe(before.manager.total + 1);

    // The deposit deadline passes with the deadline job stopped: still ACCEPTED, but no longer waiting for the client.
    const dueAt = Date.parse((await kit.get(unpaid.id, w.client)).deposit_due_at);
    await testApp.app.jobs.stop();
    try {
      await testApp.app.clock.advance(dueAt - (await kit.now()) + kit.HOUR);
      expect((await kit.get(unpaid.id, w.client)).status).toBe('ACCEPTED');
      const passed = await asClient();
      expect(passed.ids).not.toContain(unpaid.id);
      expect(passed.total).toBeLessThan(before.client.total);
      await asRestaurant();
      await asManager();
    } finally {
      await testApp.app.jobs.start();
    }
    // The job then cancels it; the lists agree again.
    await kit.advance(60_000);
    expect((await kit.get(unpaid.id, w.client)).status).toBe('CANCELED');
    expect((await asClient()).ids).not.toContain(unpaid.id);
  });
});

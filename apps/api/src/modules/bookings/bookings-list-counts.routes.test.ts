import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_GROUPS, BOOKING_LIST_FILTER_GROUPS, BOOKING_LIST_FILTERS, bookingGroup, bookingNeedsAction, type Booking, type BookingGroup } from '@goodtable/shared';
import { pick, random } from '../../../../../bench/bench-support.ts';
import { bookings, managerRestaurants } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { bookingTestKit, type BookingTestKit } from './test/booking-test-kit.ts';

type Account = { id: string; token: string };
/** The body of each action that takes one (the others send none). */
const BODIES: Record<string, (date: string) => unknown> = {
  decline: () => ({ reason: 'NOT_AVAILABLE' }),
  'suggest-time': (date) => ({ date }),
  'change-time': (date) => ({ date }),
};
/** How often each action is chosen among those allowed: moving forward likelier, so the walk reaches every status. */
const ACTION_WEIGHTS: Record<string, number> = { submit: 6, accept: 6, 'accept-suggestion': 4, 'mark-complete': 6, 'confirm-complete': 6, cancel: 1, delete: 1 };
type ListPage = { data: Booking[]; totalPages: number; totalResults: number };

/**
 * The list totals and summaries come from `booking_list_counts`, which triggers on bookings keep. After a random walk
 * through the lifecycle (creates, edits, submits, answers, suggestions, cancels, deletes, rebooks, guest preferences,
 * deposits, deadlines on the test clock, host events, team changes, a cause deleted), every party's totals and group
 * counts equal what its list holds, counted by walking the list's pages.
 */
describe('bookings list totals and summaries follow every change', () => {
  const next = random(20_261_123);
  const bookingIds: string[] = [];
  /** Who organises each booking (a rebook's organiser is the original's). */
  const organiserOf = new Map<string, Account>();
  let parties: Record<string, Account>;
  let organisers: Account[];
  let places: Awaited<ReturnType<BookingTestKit['restaurant']>>[];
  let causes: Awaited<ReturnType<BookingTestKit['cause']>>[];
  let manager: Account;
  let world: Awaited<ReturnType<BookingTestKit['world']>>;
  let titles = 0;
  /** What the walk did (accepted answers only), so the test shows it covered the lifecycle. */
  const done = new Set<string>();

  const testApp = useTestApp();
  const kit = bookingTestKit(testApp);
  beforeAll(async () => {
    const w = await kit.world();
    world = w;
    const second = await kit.restaurant({}, { name: 'Second Table' });
    const secondCause = await kit.cause('Second Harvest');
    const otherClient = await kit.account('user');
    manager = w.manager;
    places = [w.restaurant, second];
    causes = [w.cause, secondCause];
    organisers = [w.client, otherClient, w.manager];
    parties = {
      client: w.client,
      otherClient,
      seller: w.restaurant,
      secondSeller: second,
      manager: w.manager,
      subManager: w.subManager,
      causeOwner: w.cause,
      secondCauseOwner: secondCause,
    };
  }, 120_000);

  const sellerOf = (restaurantId: string | undefined) => places.find((place) => place.id === restaurantId);

  /** Every page of a list (`query` without paging), as the list itself pages it. */
  async function walk(who: Account, query: string): Promise<{ bookings: Booking[]; totalResults: number }> {
    const bookings: Booking[] = [];
    let first: ListPage | undefined;
    for (let page = 1; page <= (first?.totalPages ?? 1); page++) {
      const response = await kit.api.get(`/v1/users/${who.id}/bookings?${query}&limit=7&page=${page}`, { token: who.token });
      if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
      first ??= response.body as ListPage;
      bookings.push(...(response.body as ListPage).data);
    }
    return { bookings, totalResults: first!.totalResults };
  }

  const sortedIds = (bookings: Booking[]) => bookings.map((booking) => booking.id).sort();

  /**
   * Each party's list counted row by row: every booking's title holds "dinner", so searching it lists them all with
   * a `count(*)` (a search is never counted from the table). Then the whole list, each filter and the summary.
   */
  async function expectTotalsMatchLists(filters: readonly (typeof BOOKING_LIST_FILTERS)[number][]) {
    for (const [name, who] of Object.entries(parties)) {
      const reference = await walk(who, 'search=dinner');
      expect(reference.totalResults, name).toBe(reference.bookings.length);
      const whole = await walk(who, 'status=ALL');
      expect(whole.totalResults, name).toBe(reference.bookings.length);
      expect(sortedIds(whole.bookings), name).toEqual(sortedIds(reference.bookings));
      for (const filter of filters) {
        const groups = BOOKING_LIST_FILTER_GROUPS[filter];
        const expected = reference.bookings.filter((booking) => groups.includes(bookingGroup(booking)));
        const filtered = await walk(who, `status=${filter}&sortBy=date:asc`);
        expect(filtered.totalResults, `${name} ${filter}`).toBe(expected.length);
        expect(sortedIds(filtered.bookings), `${name} ${filter}`).toEqual(sortedIds(expected));
      }
      const summary = await kit.expectOk(await kit.api.get(`/v1/users/${who.id}/bookings/summary`, { token: who.token }));
      const tally = Object.fromEntries(BOOKING_GROUPS.map((group) => [group, 0])) as Record<BookingGroup, number>;
      for (const booking of reference.bookings) tally[bookingGroup(booking)]++;
      expect(summary.groups, name).toEqual(tally);
    }
  }

  async function create() {
    const organiser = pick(next, organisers);
    const title = `Dinner ${++titles}`;
    const body =
      next() < 0.15
        ? { title }
        : await kit.requestBody({ restaurant: pick(next, places), cause: pick(next, causes) }, { overrides: { title }, hoursAhead: 24 * (20 + Math.floor(next() * 20)) });
    const created = await kit.draft(organiser, body);
    bookingIds.push(created.id);
    organiserOf.set(created.id, organiser);
  }

  /** One of the actions the booking's organiser or its restaurant's seller may take now, chosen at random. */
  async function act() {
    const id = pick(next, bookingIds);
    const organiser = organiserOf.get(id)!;
    const seen = await kit.api.get(`/v1/bookings/${id}`, { token: organiser.token });
    if (seen.status === 404) return; // deleted
    let booking = seen.body as Booking;
    let party = organiser;
    if (next() < 0.5) {
      const seller = sellerOf(booking.restaurant?.id);
      const seenBySeller = seller && (await kit.api.get(`/v1/bookings/${id}`, { token: seller.token }));
      // The seller does not see a client's draft (nor one without a restaurant): the organiser acts then.
      if (seenBySeller?.status === 200) {
        party = seller!;
        booking = seenBySeller.body as Booking;
      }
    }
    if (booking.status === 'ACCEPTED' && next() < 0.5) {
      await kit.payDeposit(id);
      done.add('deposit').add('status CONFIRMED');
      return;
    }
    if (booking.allowed_actions.length === 0) return;
    const action = pick(next, booking.allowed_actions.flatMap((name) => Array<string>(ACTION_WEIGHTS[name] ?? 2).fill(name)));
    const date = await kit.inHours(24 * (10 + Math.floor(next() * 20)));
    let response: { status: number; body: any };
    switch (action) {
      case 'edit': {
        const place = booking.restaurant ? {} : { restaurant_id: places[0]!.id, menu_id: places[0]!.menuId };
        response = await kit.api.put(`/v1/bookings/${id}`, { body: { title: `Dinner ${++titles}`, cause_id: pick(next, causes).causeId, date, ...place }, token: party.token });
        break;
      }
      case 'delete':
        response = await kit.api.delete(`/v1/bookings/${id}`, { token: party.token });
        break;
      case 'guest-preferences':
        response = await kit.api.put(`/v1/bookings/${id}/guest-preferences`, { body: { seating: 'LONG_TABLE' }, token: party.token });
        break;
      case 'confirm-complete':
        // Through the settlement preview, as the booking page confirms: the settlement must be what was shown.
        response = { status: 200, body: await kit.confirmComplete(booking, party) };
        break;
      case 'rebook':
        response = await kit.act(booking, { action: 'rebook', by: party });
        if (response.status === 201) {
          bookingIds.push(response.body.id);
          organiserOf.set(response.body.id, organiser);
        }
        break;
      default:
        response = await kit.act(booking, { action, by: party, body: BODIES[action]?.(date) });
    }
    // An incomplete draft's submit is refused (400); whatever the answer, the lists must still add up.
    expect(response.status, `${action} ${JSON.stringify(response.body)}`).toBeLessThan(500);
    if (response.status < 300) done.add(action).add(`status ${response.body?.status ?? 'deleted'}`);
  }

  /** The manager's team starts or stops running the second restaurant. */
  async function toggleTeam() {
    const link = and(eq(managerRestaurants.managerId, manager.id), eq(managerRestaurants.restaurantId, places[1]!.id));
    const [existing] = await testApp.database.db.select().from(managerRestaurants).where(link);
    if (existing) await testApp.database.db.delete(managerRestaurants).where(link);
    else await kit.link({ managerId: manager.id, restaurantId: places[1]!.id });
  }

  /** `count` random steps, the whole lists checked every 30. */
  async function randomSteps(count: number) {
    for (let step = 1; step <= count; step++) {
      if (step % 30 === 0) await expectTotalsMatchLists([]);
      const roll = next();
      if (roll < 0.15 || bookingIds.length < 4) await create();
      else if (roll < 0.9) await act();
      else if (roll < 0.95) await kit.advance((20 + Math.floor(next() * 40)) * kit.HOUR);
      else await toggleTeam();
      if (roll >= 0.9) done.add(roll < 0.95 ? 'clock' : 'team');
    }
  }

  it('after creates, submits, answers, suggestions, cancels, deletes, rebooks, deposits, deadlines and team changes', async () => {
    await randomSteps(120);
    await toggleTeam();
    // Its bookings lose their cause (cause_id set null by the foreign key), which the triggers see as an update.
    expect((await kit.api.delete(`/v1/causes/${causes[1]!.causeId}`, { token: causes[1]!.token })).status).toBe(204);
    causes = [causes[0]!];
    await randomSteps(60);
    await expectTotalsMatchLists(BOOKING_LIST_FILTERS);
  }, 600_000);

  it('after the events: sweeps, completion marks and answers', async () => {
    // A few dinners sure to happen (the walk cancels many), and a suggestion the client takes.
    const dinners: string[] = [];
    for (let i = 0; i < 4; i++) {
      const dinner = await kit.confirmed(world, 24 * (2 + i));
      organiserOf.set(dinner.id, world.client);
      dinners.push(dinner.id);
    }
    const suggested = await kit.pending(world, { overrides: { title: 'Dinner suggested' }, hoursAhead: 48 });
    await kit.act(suggested, { action: 'suggest-time', by: world.restaurant, body: { date: await kit.inHours(72) } }).then(kit.expectOk);
    await kit.act(suggested, { action: 'accept-suggestion', by: world.client }).then(kit.expectOk);
    await kit.payDeposit(suggested.id);
    done.add('accept-suggestion').add('deposit');
    organiserOf.set(suggested.id, world.client);
    bookingIds.push(...dinners, suggested.id);
    for (const id of [...bookingIds.slice(0, Math.ceil(bookingIds.length / 2)), ...dinners.slice(0, 3)]) await kit.sellTickets(id, 5);
    await kit.advance(45 * kit.DAY);
    // What the sweeps made of the events without tickets (INCOMPLETE) and of the requests left unanswered (CANCELED).
    const swept = (await testApp.database.db.execute(sql`select distinct status from bookings`)) as unknown as { rows: { status: string }[] };
    for (const { status } of swept.rows) done.add(`status ${status}`);
    await kit.act({ id: dinners[0]! }, { action: 'mark-complete', by: world.restaurant }).then(kit.expectOk);
    await kit.confirmComplete({ id: dinners[0]! }, world.client);
    await kit.act({ id: dinners[1]! }, { action: 'mark-complete', by: world.restaurant }).then(kit.expectOk);
    done.add('mark-complete').add('status COMPLETED');
    await expectTotalsMatchLists(['COMPLETED', 'CONFIRMED']);
    await randomSteps(50);
    await expectTotalsMatchLists(BOOKING_LIST_FILTERS);
    const statuses = ['DRAFT', 'PENDING', 'ACCEPTED', 'CONFIRMED', 'COMPLETED', 'CANCELED', 'INCOMPLETE'].map((status) => `status ${status}`);
    const lifecycle = ['submit', 'accept', 'decline', 'suggest-time', 'accept-suggestion', 'cancel', 'edit', 'delete', 'rebook', 'guest-preferences', 'deposit', 'mark-complete'];
    expect([...done].sort()).toEqual(expect.arrayContaining([...lifecycle, ...statuses, 'clock', 'team']));
  }, 600_000);

  it('every booking’s stored list group (what the list filters read) is `bookingGroup` of its status and suggestion', async () => {
    // A suggestion still open (the walk's were taken or expired), next to the walk's other statuses.
    const suggested = await kit.pending(world, { overrides: { title: 'Dinner with a suggestion' }, hoursAhead: 48 });
    await kit.act(suggested, { action: 'suggest-time', by: world.restaurant, body: { date: await kit.inHours(72) } }).then(kit.expectOk);
    const rows = (await testApp.database.db.select({ status: bookings.status, suggestion: bookings.suggestionDate, listGroup: bookings.listGroup }).from(bookings)) satisfies {
      listGroup: BookingGroup;
    }[];
    // The walk left bookings in every status (tested above), so every branch of the expression is read.
    expect(new Set(rows.map((row) => row.listGroup))).toEqual(new Set(BOOKING_GROUPS));
    expect(rows.some((row) => row.status === 'CANCELED' && row.suggestion !== null)).toBe(true);
    expect(rows.some((row) => row.status === 'CANCELED' && row.suggestion === null)).toBe(true);
    for (const row of rows) expect(row.listGroup, `${row.status} ${row.suggestion ? 'suggested' : ''}`).toBe(bookingGroup(row));
  });

  it('needs_action=true (stored waits_for_* columns and the clock; the total from the waiting indexes) lists and counts exactly what `bookingNeedsAction` says, for each party', async () => {
    const now = new Date(await kit.now());
    type Side = 'client' | 'restaurant';
    // The manager organises its own bookings and acts for the restaurants it runs (the others' bookings there).
    const sides: [string, Account, (booking: Booking) => Side][] = [
      ['client', parties.client!, () => 'client'],
      ['otherClient', parties.otherClient!, () => 'client'],
      ['seller', parties.seller!, () => 'restaurant'],
      ['secondSeller', parties.secondSeller!, () => 'restaurant'],
      ['manager', parties.manager!, (booking) => (booking.client.id === parties.manager!.id ? 'client' : 'restaurant')],
    ];
    let waiting = 0;
    for (const [name, who, sideOf] of sides) {
      const all = await walk(who, 'status=ALL');
      const expected = all.bookings.filter((booking) => bookingNeedsAction({ booking, viewer: sideOf(booking), now }));
      waiting += expected.length;
      const listed = await walk(who, 'needs_action=true&sortBy=date:asc');
      expect(listed.totalResults, name).toBe(expected.length);
      expect(sortedIds(listed.bookings), name).toEqual(sortedIds(expected));
      const summary = await kit.expectOk(await kit.api.get(`/v1/users/${who.id}/bookings/summary`, { token: who.token }));
      expect(summary.needs_action, name).toBe(expected.length);
    }
    expect(waiting).toBeGreaterThan(0);
  });

  it('the migration’s backfill counts the existing bookings exactly as the triggers did', async () => {
    const db = testApp.database.db;
    const snapshot = async () =>
      ((await db.execute(sql`select client_id, restaurant_id, cause_id, status, has_suggestion, bookings from booking_list_counts where bookings <> 0 order by 1, 2, 3, 4, 5`)) as unknown as { rows: unknown[] }).rows;
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(0);
    const migration = fs.readFileSync(path.resolve(import.meta.dirname, '../../db/migrations/0004_bookings_list_counts.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('FROM "bookings"');
    await db.execute(sql`delete from booking_list_counts`);
    await db.execute(sql.raw(backfill));
    expect(await snapshot()).toEqual(kept);
  });
});

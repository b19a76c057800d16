import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { publicUrl } from '../../../config/env.ts';
import { bookings, ledgerAccounts, ledgerEntries, ledgerTransactions, payments, refunds } from '../../../db/schema/index.ts';
import { useTestApp, type TestApp, type UseTestAppOptions } from '../../../../test/support/test-app.ts';
import { restaurantTestKit } from '../../restaurants/test/restaurant-test-kit.ts';
import { bookingRulesOf } from '../bookings.routes.ts';
import { recordDepositPaid } from '../bookings.service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

type Account = { id: string; token: string };
/** What a test request differs in from the complete one: its fields, and how many hours ahead it is. */
type RequestShape = { overrides?: Record<string, unknown>; hoursAhead?: number };

/** Helpers shared by the bookings API tests (not a test file itself): parties, restaurants, causes and requests. */
export function bookingTestKit(testApp: TestApp) {
  const kit = restaurantTestKit(testApp);
  const { api, account, link, expectOk } = kit;
  let counter = 0;

  /** The business clock's now (it only moves forward; every date of a test is relative to it). */
  const now = async () => Date.parse((await expectOk(await api.get('/dev/clock'))).now);
  /** An event time `hours` from the business clock's now. */
  // The test restaurants host 00:00–23:59, the last minute excluded: an instant in a minute :59 moves a minute
  // earlier so that "in 2 hours" never lands on 23:59 in the restaurant's zone (whole- and half-hour offsets).
  const inHours = async (hours: number) => {
    const at = (await now()) + hours * HOUR;
    return new Date(new Date(at).getUTCMinutes() === 59 ? at - 60_000 : at).toISOString();
  };
  const advance = async (ms: number) => expectOk(await api.post('/dev/clock', { body: { advance_ms: ms } }));

  /**
   * A published restaurant (its menu: 50.00 per head, 2–50 guests) hosting every day at almost any hour without
   * notice, unless `hosting` says otherwise; with the seller's account and the menu.
   */
  async function restaurant(hosting: Record<string, unknown> = {}, profile: Record<string, unknown> = {}) {
    const seller = await kit.publishedRestaurant(profile, [{ price_per_head: 5000, min_guests: 2, max_guests: 50 }]);
    const body = { weekdays: EVERY_DAY, service_start: '00:00', service_end: '23:59', min_guests: 1, max_guests: 100, notice_days: 0, regions: [], cause_categories: [], ...hosting };
    await expectOk(await api.put(`/v1/restaurants/${seller.id}/hosting-preferences`, { body, token: seller.token }));
    const saved = await expectOk(await api.get(`/v1/restaurants/${seller.id}/profile`, { token: seller.token }));
    return { ...seller, menuId: saved.menus[0].id as string, name: saved.name as string, timezone: saved.timezone as string };
  }

  /** A cause account with one published cause. */
  async function cause(name = 'Hope Kitchen') {
    const owner = await account('cause');
    const created = await expectOk(
      await api.post('/v1/causes', { body: { name, slug: `cause-${Date.now().toString(36)}-${++counter}`, category: 'education', story: 'We cook for families.', published: true }, token: owner.token }),
      201,
    );
    return { ...owner, causeId: created.id as string, name };
  }

  /** A manager (and a sub-manager on its team) running `restaurantId`. */
  async function managerOf(restaurantId: string) {
    const manager = await account('manager', { name: 'Harbour Group' });
    const subManager = await account('manager', { name: 'Harbour Group', parentUserId: manager.id });
    await link({ managerId: manager.id, restaurantId });
    return { manager, subManager };
  }

  /** Everyone around one restaurant: client, seller, manager and sub-manager running it, the cause's owner, a stranger. */
  async function world(hosting: Record<string, unknown> = {}) {
    const place = await restaurant(hosting);
    const { manager, subManager } = await managerOf(place.id);
    return { restaurant: place, client: await account('user'), manager, subManager, cause: await cause(), stranger: await account('user') };
  }
  type World = Awaited<ReturnType<typeof world>>;

  /** A complete request body for `w`'s restaurant and cause, `hoursAhead` from now. */
  async function requestBody(w: Pick<World, 'restaurant' | 'cause'>, { overrides = {}, hoursAhead = 30 * 24 }: RequestShape = {}) {
    return {
      restaurant_id: w.restaurant.id,
      menu_id: w.restaurant.menuId,
      date: await inHours(hoursAhead),
      guests: 20,
      cause_id: w.cause.causeId,
      title: 'Dinner for the shelter',
      story: 'Every ticket feeds a family for a week.',
      ticket_price: 6000,
      goal: 100_000,
      ...overrides,
    };
  }

  async function draft(organiser: Account, body: Record<string, unknown>) {
    return expectOk(await api.post('/v1/bookings', { body, token: organiser.token }), 201);
  }

  async function act(booking: { id: string }, { action, by, body }: { action: string; by: Account; body?: unknown }) {
    return api.post(`/v1/bookings/${booking.id}/${action}`, { body, token: by.token });
  }

  /** A request sent by `w.client` (PENDING), `hoursAhead` from now. */
  async function pending(w: World, shape: RequestShape = {}) {
    const created = await draft(w.client, await requestBody(w, shape));
    return expectOk(await act(created, { action: 'submit', by: w.client }));
  }

  async function accepted(w: World, hoursAhead = 30 * 24) {
    return expectOk(await act(await pending(w, { overrides: {}, hoursAhead }), { action: 'accept', by: w.restaurant }));
  }

  const system = () => ({
    db: testApp.app.db,
    clock: testApp.app.clock,
    jobs: testApp.app.jobs,
    mailer: testApp.app.mailer,
    live: testApp.app.live,
    rules: bookingRulesOf(testApp.app.config),
    email: { publicUrl: publicUrl(testApp.app.config), mailFrom: testApp.app.config.MAIL_FROM },
    transitions: testApp.app.bookingTransitions,
  });

  /** The payment provider's deposit (the payments module calls the same service function). */
  const payDeposit = (bookingId: string) => recordDepositPaid(system(), bookingId);

  /** Tickets sold (set directly, without buying); the lifecycle only reads the count. */
  const sellTickets = (bookingId: string, count: number) => testApp.database.db.update(bookings).set({ ticketsSold: count }).where(eq(bookings.id, bookingId));

  async function confirmed(w: World, hoursAhead = 30 * 24) {
    const booking = await accepted(w, hoursAhead);
    await payDeposit(booking.id);
    return booking as { id: string };
  }

  async function get(bookingId: string, by: Account) {
    return expectOk(await api.get(`/v1/bookings/${bookingId}`, { token: by.token }));
  }

  /** GET /v1/bookings/{id}/settlement-preview as `by` sees it. */
  async function settlementPreview(bookingId: string, by: Account) {
    return expectOk(await api.get(`/v1/bookings/${bookingId}/settlement-preview`, { token: by.token }));
  }

  /** What the ledger and the payments say a booking's settlement moved, read here on their own (not through the API). */
  async function settlementInLedger(bookingId: string) {
    const db = testApp.database.db;
    const shares = await db
      .select({ purpose: ledgerAccounts.purpose, total: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerTransactions.kind, 'settlement')))
      .groupBy(ledgerAccounts.purpose);
    const share = (purpose: string) => Number(shares.find((row) => row.purpose === purpose)?.total ?? 0);
    const refunded = await db.select({ amount: refunds.amount }).from(refunds).where(and(eq(refunds.bookingId, bookingId), eq(refunds.reason, 'settlement_unused_prepayment')));
    const charged = await db.select({ amount: payments.amount }).from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.type, 'BECS_DEBIT_BALANCE_FEE')));
    const total = (rows: { amount: number }[]) => rows.reduce((sum, row) => sum + row.amount, 0);
    return {
      restaurant_amount: share('restaurant_earnings'),
      cause_amount: share('cause_earnings'),
      platform_fee: share('platform_fees'),
      client_refund: total(refunded),
      client_charge: total(charged),
    };
  }

  /**
   * After a booking settled: the ledger moved exactly what `previewed` (the preview taken just before) said, and the
   * preview now answers the same amounts as settled. Money out equals money in.
   */
  async function expectSettledAsPreviewed(bookingId: string, { previewed, by }: { previewed: Record<string, unknown>; by: Account }) {
    expect(previewed.settled).toBe(false);
    const { restaurant_amount, cause_amount, platform_fee, client_refund, client_charge } = previewed;
    expect(await settlementInLedger(bookingId)).toEqual({ restaurant_amount, cause_amount, platform_fee, client_refund, client_charge });
    const settled = await settlementPreview(bookingId, by);
    expect(settled).toEqual({ ...previewed, settled: true });
    expect(settled.restaurant_amount + settled.cause_amount + settled.platform_fee + settled.client_refund).toBe(
      settled.ticket_revenue + settled.donations + settled.client_prepaid + settled.client_charge,
    );
  }

  /**
   * The organiser confirms completion as the booking page does: the settlement preview first, then confirm-complete
   * with the charge it showed; the settlement that follows must be what was shown. Resolves with the booking.
   */
  async function confirmComplete(booking: { id: string }, by: Account) {
    const previewed = await settlementPreview(booking.id, by);
    const done = await expectOk(await act(booking, { action: 'confirm-complete', by, body: { expected_charge: previewed.client_charge } }));
    await expectSettledAsPreviewed(booking.id, { previewed, by });
    return done;
  }

  return {
    ...kit,
    HOUR,
    DAY,
    now,
    inHours,
    advance,
    restaurant,
    cause,
    managerOf,
    world,
    requestBody,
    draft,
    act,
    pending,
    accepted,
    confirmed,
    payDeposit,
    sellTickets,
    get,
    system,
    settlementPreview,
    expectSettledAsPreviewed,
    confirmComplete,
  };
}

export type BookingTestKit = ReturnType<typeof bookingTestKit>;
export type BookingWorld = Awaited<ReturnType<BookingTestKit['world']>>;

/**
 * The set-up of the booking and money test files: the file's app (`useTestApp`, closed with its ledger checked), the
 * kit over it, and `w`, everyone around one restaurant, filled in `beforeAll` (read it in hooks and tests only).
 */
export function useBookingWorld(options: UseTestAppOptions & { setupTimeoutMs?: number } = {}) {
  const { setupTimeoutMs = 120_000, ...appOptions } = options;
  const testApp = useTestApp(appOptions);
  const kit = bookingTestKit(testApp);
  const w = {} as BookingWorld;
  beforeAll(async () => {
    Object.assign(w, await kit.world());
  }, setupTimeoutMs);
  return { testApp, kit, w };
}

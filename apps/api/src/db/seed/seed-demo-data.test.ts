import { describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  allowedActions,
  BOOKING_GROUPS,
  BOOKING_STATUSES,
  bookingGroup,
  instantMs,
  statusLabel,
  type BookingViewerSide,
} from '@goodtable/shared';
import { useTestApp } from '../../../test/support/test-app.ts';
import { httpClient } from '../../../test/support/http-client.ts';
import {
  bookingEvents,
  bookings,
  causes,
  ledgerTransactions,
  managerRestaurants,
  notifications,
  payments,
  payouts,
  restaurantProfiles,
  ticketCheckouts,
  tickets,
  users,
  type BookingRow,
} from '../schema/index.ts';
import { checkLedger } from '../../modules/payments/ledger.ts';
import { lifecycleState } from '../../modules/bookings/booking.presenter.ts';
import { DEMO_CLIENT_LABELS } from './seed-bookings.ts';
import { DEMO_SUB_MANAGER } from './seed-accounts.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo-data.ts';

describe('demo data', () => {
  const accountId = async (email: string) => (await testApp.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const timeZones = async () =>
    new Map((await testApp.database.db.select({ id: restaurantProfiles.restaurantId, timezone: restaurantProfiles.timezone }).from(restaurantProfiles)).map((row) => [row.id, row.timezone]));
  const label = ({ row, viewer, zones }: { row: BookingRow; viewer: BookingViewerSide; zones: Map<string, string | null> }) =>
    statusLabel({ booking: lifecycleState(row), viewer, now: testApp.app.clock.now(), timeZone: zones.get(row.restaurantId!) ?? null }).key;

  const testApp = useTestApp();

  it('seeds an empty database once, with a working account per role', async () => {
    expect(await seedDemoDataIfEmpty(testApp.database.db, { clock: testApp.app.clock })).toBe(true);
    expect(await seedDemoDataIfEmpty(testApp.database.db, { clock: testApp.app.clock })).toBe(false);
    const api = httpClient(testApp.baseUrl);
    const roles = [];
    for (const account of DEMO_ACCOUNTS) {
      const response = await api.post('/v1/auth/sign-in', { body: { email: account.email, password: DEMO_PASSWORD } });
      expect(response.status).toBe(200);
      expect(response.body.user.first_name).toBe(account.firstName);
      roles.push(response.body.user.role);
    }
    expect(roles.sort()).toEqual(['cause', 'manager', 'seller', 'user']);
  });

  it('gives the demo client bookings in every status and grouping, showing every label a client can see', async () => {
    const rows = await testApp.database.db.select().from(bookings).where(eq(bookings.clientId, await accountId('client@example.com')));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(BOOKING_STATUSES));
    expect(new Set(rows.map((row) => bookingGroup({ status: row.status, suggestion: row.suggestionDate })))).toEqual(new Set(BOOKING_GROUPS));
    const zones = await timeZones();
    const labels = new Set(rows.map((row) => label({ row, viewer: 'client', zones })));
    expect([...labels].sort()).toEqual([...DEMO_CLIENT_LABELS].sort());
    const now = testApp.app.clock.now();
    const actionsOf = (row: BookingRow) => allowedActions({ booking: lifecycleState(row), actor: 'client', now });
    // The suggestion can be taken, the "not available" decline offers another time, the draft can be submitted once complete.
    expect(rows.filter((row) => row.suggestionDate !== null).some((row) => actionsOf(row).includes('accept-suggestion'))).toBe(true);
    expect(rows.filter((row) => row.declineReason === 'NOT_AVAILABLE' && row.status === 'CANCELED').some((row) => actionsOf(row).includes('change-time'))).toBe(true);
    expect(rows.filter((row) => row.status === 'DRAFT').every((row) => actionsOf(row).includes('delete'))).toBe(true);
    // Deadlines still open, so the scheduler does not sweep them at start.
    for (const row of rows) {
      if (row.status === 'PENDING') expect(row.responseDueAt!.getTime()).toBeGreaterThan(now.getTime());
      if (row.status === 'ACCEPTED') expect(row.depositDueAt!.getTime()).toBeGreaterThan(now.getTime());
    }
  });

  it('records each booking’s history, in order, ending in its status', async () => {
    const db = testApp.database.db;
    const rows = await db.select().from(bookings);
    const events = await db.select().from(bookingEvents).orderBy(asc(bookingEvents.createdAt));
    const now = testApp.app.clock.now().getTime();
    for (const row of rows) {
      const history = events.filter((event) => event.bookingId === row.id);
      if (row.status === 'DRAFT') {
        expect(history).toEqual([]);
        continue;
      }
      expect(history[0]!.fromStatus).toBe('DRAFT');
      expect(history[0]!.action).toBe('submit');
      history.slice(1).forEach((event, index) => expect(event.fromStatus).toBe(history[index]!.toStatus));
      expect(history.at(-1)!.toStatus).toBe(row.status);
      expect(history.at(-1)!.createdAt.getTime()).toBe(row.updatedAt.getTime());
      expect(history.every((event) => event.createdAt.getTime() <= now && event.createdAt.getTime() >= row.createdAt.getTime())).toBe(true);
      // People's changes name who made them; the payment provider's and the system's name nobody.
      expect(history.every((event) => (event.actor === 'system' || event.actor === 'payment' ? event.actorUserId === null : event.actorUserId !== null))).toBe(true);
    }
  });

  it('leaves requests awaiting Trattoria Rossi’s answer, bookings at the manager’s restaurants (one it hosts) and events for the cause account’s causes', async () => {
    const db = testApp.database.db;
    const zones = await timeZones();
    const now = testApp.app.clock.now();
    const trattoria = await accountId('restaurant@example.com');
    const atTrattoria = await db.select().from(bookings).where(eq(bookings.restaurantId, trattoria));
    const awaiting = atTrattoria.filter((row) => allowedActions({ booking: lifecycleState(row), actor: 'restaurant', now }).includes('accept'));
    expect(awaiting.length).toBeGreaterThanOrEqual(2);
    expect(awaiting.every((row) => label({ row, viewer: 'restaurant', zones }) === 'actionRequired')).toBe(true);

    const managerId = await accountId('manager@example.com');
    const run = await db.select({ id: managerRestaurants.restaurantId }).from(managerRestaurants).where(eq(managerRestaurants.managerId, managerId));
    const managed = await db.select().from(bookings).where(inArray(bookings.restaurantId, run.map((row) => row.id)));
    // Besides Trattoria Rossi, the three restaurants the manager runs for their owners.
    const others = managed.filter((row) => row.restaurantId !== trattoria);
    const seenByManager = new Set(others.map((row) => label({ row, viewer: 'restaurant', zones })));
    for (const key of ['actionRequired', 'prepareForEvent', 'awaitingCompletion', 'eventOnHold'] as const) expect(seenByManager).toContain(key);
    const hosted = managed.filter((row) => row.clientId === managerId);
    expect(hosted).toHaveLength(1);
    expect(hosted[0]).toMatchObject({ status: 'CONFIRMED', depositDueAt: null, responseDueAt: null });
    expect(instantMs(hosted[0]!.date!)).toBeGreaterThan(now.getTime());

    const causeOwner = await accountId('cause@example.com');
    const owned = await db.select({ id: causes.id }).from(causes).where(eq(causes.ownerId, causeOwner));
    const forCauses = await db.select().from(bookings).where(inArray(bookings.causeId, owned.map((row) => row.id)));
    const visible = forCauses.filter((row) => row.status !== 'DRAFT');
    expect(visible.length).toBeGreaterThanOrEqual(5);
    expect(new Set(visible.map((row) => bookingGroup({ status: row.status, suggestion: row.suggestionDate })))).toEqual(new Set(['IN_PROGRESS', 'CONFIRMED', 'COMPLETED', 'CANCELLED']));
  });

  it('gives every demo account that reads notifications read and unread ones about its bookings and money, newest first', async () => {
    const api = httpClient(testApp.baseUrl);
    for (const email of ['client@example.com', 'restaurant@example.com', 'manager@example.com', DEMO_SUB_MANAGER.email]) {
      const token = (await api.post('/v1/auth/sign-in', { body: { email, password: DEMO_PASSWORD } })).body.token.access_token as string;
      const unread = (await api.get('/v1/notification/unread', { token })).body.total;
      const page = (await api.get('/v1/notification?limit=100', { token })).body;
      expect(unread, email).toBe(3);
      expect(page.totalResults, email).toBeGreaterThan(unread);
      expect(page.data.slice(0, 3).map((item: { is_read: boolean }) => item.is_read), email).toEqual([false, false, false]);
      expect(page.data.at(-1).is_read, email).toBe(true);
      expect(page.data[0]).toMatchObject({ object_type: expect.stringMatching(/^(booking|payout)$/), title: expect.stringContaining('<strong>') });
      const times = page.data.map((item: { created_at: string }) => Date.parse(item.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    // The demo money is told as it would have been: deposits and balance charges to both sides, payouts to the earners.
    const kinds = async (email: string) =>
      new Set((await testApp.database.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.recipientId, await accountId(email)))).map((row) => row.kind));
    expect([...(await kinds('client@example.com'))]).toEqual(expect.arrayContaining(['payment.succeeded']));
    expect([...(await kinds('client@example.com'))]).not.toContain('booking.deposit-paid');
    expect([...(await kinds('restaurant@example.com'))]).toEqual(expect.arrayContaining(['payment.received', 'payout.paid']));
    expect([...(await kinds('manager@example.com'))]).toEqual(expect.arrayContaining(['payment.received']));
  });

  it('pays the demo client’s deposits, settles its completed bookings and pays the demo seller and cause out', async () => {
    const db = testApp.database.db;
    const clientId = await accountId('client@example.com');
    const sellerId = await accountId('restaurant@example.com');
    const causeOwnerId = await accountId('cause@example.com');
    const own = await db.select().from(bookings).where(eq(bookings.clientId, clientId));
    const completed = own.filter((row) => row.status === 'COMPLETED');
    expect(completed.length).toBeGreaterThan(0);
    const deposits = await db.select().from(payments).where(eq(payments.type, 'CREDIT_CARD_DEPOSIT'));
    expect(deposits.length).toBe(own.filter((row) => row.status === 'CONFIRMED' || row.status === 'COMPLETED').length);
    const settled = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'settlement'));
    expect(settled.map((row) => row.bookingId).sort()).toEqual(completed.map((row) => row.id).sort());
    const paidOut = await db.select().from(payouts).where(inArray(payouts.ownerId, [sellerId, causeOwnerId]));
    expect(paidOut.length).toBeGreaterThan(0);
    expect(paidOut.every((payout) => payout.status === 'paid')).toBe(true);
    expect(paidOut.some((payout) => payout.ownerId === sellerId && payout.purpose === 'restaurant_earnings')).toBe(true);
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('sells the tickets of every confirmed demo event to guests: the restaurant sees its attendees, and the money is held', async () => {
    const db = testApp.database.db;
    const events = (await db.select().from(bookings).where(eq(bookings.status, 'CONFIRMED'))).filter((row) => row.ticketsSold > 0);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      const sold = await db.select().from(ticketCheckouts).where(eq(ticketCheckouts.bookingId, event.id));
      expect(sold.every((checkout) => checkout.status === 'paid')).toBe(true);
      expect(sold.reduce((sum, checkout) => sum + checkout.quantity, 0)).toBe(event.ticketsSold);
      expect(sold.reduce((sum, checkout) => sum + checkout.donation, 0)).toBe(event.donationsRaised);
      expect((await db.select().from(tickets).where(eq(tickets.bookingId, event.id))).length).toBe(event.ticketsSold);
      expect(event.ticketsHeld).toBe(0);
    }

    // Tonight's dinner (at the demo seller's or a Da Nang restaurant, whichever has more evening left): its
    // restaurant's list of attendees to check in, and its public progress.
    const tonight = events.find((row) => row.title === 'Tonight: dinner for Hope Kitchen')!;
    const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, tonight.restaurantId!));
    const api = httpClient(testApp.baseUrl);
    const signIn = await api.post('/v1/auth/sign-in', { body: { email: owner!.email, password: DEMO_PASSWORD } });
    const attendees = await api.get(`/v1/bookings/${tonight.id}/attendees`, { token: signIn.body.token.access_token });
    expect(attendees.status).toBe(200);
    expect(attendees.body.data).toHaveLength(tonight.ticketsSold);
    expect(attendees.body.data.every((attendee: { code: string; checked_in_at: string | null }) => /^GT-[A-Z2-9]{16}$/.test(attendee.code) && attendee.checked_in_at === null)).toBe(true);
    const progress = await api.get(`/v1/events/${tonight.id}`);
    expect(progress.body.tickets_left).toBe(tonight.guests! - tonight.ticketsSold);
    // What the event says it raised is what its cause receives, never more than its attendees paid.
    expect(progress.body.raised).toBe(progress.body.raised_for_cause);
    expect(progress.body.raised).toBeLessThanOrEqual(tonight.ticketsSold * tonight.ticketPrice! + tonight.donationsRaised);
    expect((await checkLedger(db)).problems).toEqual([]);
  });
});

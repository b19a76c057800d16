import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';

type Account = { id: string; token: string; email: string };

const ALL_EMAIL = { bookings: 'in_app_and_email', payments: 'in_app_and_email', tickets: 'in_app_and_email', team: 'in_app_and_email' };

/**
 * Per-category email choices over real HTTP: the viewer's own, validated, and honoured by the
 * emails that exist (booking changes, manager access requests) while in-app notifications still arrive.
 */
describe('notification settings API', () => {
  const { testApp, kit, w } = useBookingWorld();

  const settings = async (who: Account) => kit.expectOk(await kit.api.get('/v1/me/notification-settings', { token: who.token }));
  const save = (who: Account, body: unknown) => kit.api.put('/v1/me/notification-settings', { body, token: who.token });
  /** The emails queued to `who` (the outbox: `send-email` jobs, written in the change's transaction). */
  const queuedEmails = async (who: Account) =>
    testApp.database.db
      .select({ subject: sql<string>`${jobs.payload}->>'subject'` })
      .from(jobs)
      .where(and(eq(jobs.kind, 'send-email'), sql`lower(${jobs.payload}->>'to') = lower(${who.email})`));
  const unread = async (who: Account) => (await kit.expectOk(await kit.api.get('/v1/notification/unread', { token: who.token }))).total as number;

  it('answers in-app and email for every category until the viewer chooses, then the stored choices', async () => {
    const user = await kit.account('user');
    const other = await kit.account('user');
    expect(await settings(user)).toEqual(ALL_EMAIL);
    const chosen = { ...ALL_EMAIL, bookings: 'in_app', team: 'in_app' };
    expect(await kit.expectOk(await save(user, chosen))).toEqual(chosen);
    expect(await settings(user)).toEqual(chosen);
    expect(await settings(other)).toEqual(ALL_EMAIL);
    // Back to email: the choice is replaced, not added to.
    expect(await kit.expectOk(await save(user, ALL_EMAIL))).toEqual(ALL_EMAIL);
  });

  it('refuses a bad choice, a missing or an unknown category with 400 naming it, changing nothing; 401 signed out', async () => {
    const user = await kit.account('user');
    await kit.expectOk(await save(user, { ...ALL_EMAIL, tickets: 'in_app' }));
    expect((await save(user, { ...ALL_EMAIL, bookings: 'sms' })).body).toMatchObject({ statusCode: 400, details: [{ field: 'bookings' }] });
    const { payments: _omitted, ...withoutPayments } = ALL_EMAIL;
    expect((await save(user, withoutPayments)).body).toMatchObject({ statusCode: 400, details: [{ field: 'payments' }] });
    expect((await save(user, { ...ALL_EMAIL, marketing: 'in_app' })).status).toBe(400);
    expect(await settings(user)).toEqual({ ...ALL_EMAIL, tickets: 'in_app' });
    expect((await kit.api.get('/v1/me/notification-settings')).status).toBe(401);
    expect((await kit.api.put('/v1/me/notification-settings', { body: ALL_EMAIL })).status).toBe(401);
  });

  it('booking changes: a seller who chose in-app only gets the notification and no email; the managers still get both', async () => {
    const place = await kit.restaurant();
    const { manager } = await kit.managerOf(place.id);
    const world = { ...w, restaurant: place, manager };
    await kit.expectOk(await save(place, { ...ALL_EMAIL, bookings: 'in_app' }));
    const sellerUnread = await unread(place);
    const managerUnread = await unread(manager);

    await kit.pending(world);
    expect(await unread(place)).toBe(sellerUnread + 1);
    expect(await unread(manager)).toBe(managerUnread + 1);
    expect(await queuedEmails(place)).toEqual([]);
    expect((await queuedEmails(manager)).length).toBeGreaterThan(0);
  });

  it('manager access requests: the restaurant’s "team" choice decides the email; the notification comes either way', async () => {
    const quiet = await kit.restaurant();
    const loud = await kit.restaurant();
    const manager = await kit.account('manager', { name: 'Harbour Group' });
    await kit.expectOk(await save(quiet, { ...ALL_EMAIL, team: 'in_app' }));
    for (const restaurant of [quiet, loud]) {
      expect((await kit.api.post(`/v1/managers/${manager.id}/restaurant-requests`, { body: { email: restaurant.email }, token: manager.token })).status).toBe(202);
      expect(await unread(restaurant)).toBe(1);
    }
    expect(await queuedEmails(quiet)).toEqual([]);
    expect(await queuedEmails(loud)).toEqual([{ subject: expect.stringMatching(/asks to manage your restaurant/) }]);
  });

  it('manager access answers: each team member’s "team" choice decides their email, in their language', async () => {
    const seller = await kit.restaurant();
    const manager = await kit.account('manager', { name: 'Harbour Group' });
    const subManager = await kit.account('manager', { name: 'Harbour Group', parentUserId: manager.id, language: 'vn' });
    await kit.expectOk(await save(manager, { ...ALL_EMAIL, team: 'in_app' }));
    await kit.link({ managerId: manager.id, restaurantId: seller.id, status: 'pending' });
    await kit.expectOk(await kit.api.put(`/v1/me/manager-requests/${manager.id}`, { body: { status: 'active' }, token: seller.token }));
    expect(await unread(manager)).toBe(1);
    expect(await queuedEmails(manager)).toEqual([]);
    expect(await queuedEmails(subManager)).toEqual([{ subject: expect.stringMatching(/đã cấp quyền quản lý cho nhóm của bạn$/) }]);
    await kit.expectOk(await kit.api.put(`/v1/me/manager-requests/${manager.id}`, { body: { status: 'refused' }, token: seller.token }));
    expect(await queuedEmails(subManager)).toHaveLength(2);
    expect(await queuedEmails(manager)).toEqual([]);
  });
});

import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';

type Account = { id: string; token: string; email?: string };
type Item = { id: string; object_type: string; object_id: string; title: string; content: string; user: unknown; is_read: boolean };

/**
 * The notifications besides booking transitions: a deadline approaching (24 h before a response
 * or deposit is due, once, on the business clock) and manager access requests and their answers.
 */
describe('notifications: deadlines approaching and manager access', () => {
  // Deadlines longer than the reminder's 24 h, so a reminder comes a while after the change.
  const { testApp, kit, w } = useBookingWorld({ env: { BOOKING_RESPONSE_HOURS: '48', BOOKING_DEPOSIT_HOURS: '72' } });

  const items = async (who: Account) => (await kit.expectOk(await kit.api.get('/v1/notification?limit=100', { token: who.token }))).data as Item[];
  const about = async ({ who, objectId, title }: { who: Account; objectId: string; title: RegExp }) => (await items(who)).filter((item) => item.object_id === objectId && title.test(item.title));
  /** The subjects of the emails queued to `who` (the outbox: `send-email` jobs) that match `subject`. */
  const queuedSubjects = async (who: Account, subject: string) =>
    (
      await testApp.database.db
        .select({ subject: sql<string>`${jobs.payload}->>'subject'` })
        .from(jobs)
        .where(and(eq(jobs.kind, 'send-email'), sql`lower(${jobs.payload}->>'to') = lower(${who.email!})`, sql`${jobs.payload}->>'subject' like ${`%${subject}%`}`))
    ).map((row) => row.subject);
  const reminderJobs = (bookingId: string) => testApp.database.db.select().from(jobs).where(like(jobs.dedupeKey, `bookings.deadline-approaching:${bookingId}:%`));

  it('reminds the seller, managers and sub-managers 24 h before a request’s answer is due, once, never the client', async () => {
    // The sub-manager keeps booking news in-app only: reminded, but not emailed.
    await kit.expectOk(await kit.api.put('/v1/me/notification-settings', { body: { bookings: 'in_app', payments: 'in_app', tickets: 'in_app', team: 'in_app' }, token: w.subManager.token }));
    const booking = await kit.pending(w, { overrides: { title: 'Gala & <i>friends</i>' } });
    const answerBy = /^Please answer the request/;
    await kit.advance(23 * kit.HOUR);
    expect(await about({ who: w.restaurant, objectId: booking.id, title: answerBy })).toEqual([]);

    await kit.advance(2 * kit.HOUR);
    for (const member of [w.restaurant, w.manager, w.subManager]) {
      const [reminder, ...more] = await about({ who: member, objectId: booking.id, title: answerBy });
      expect(more).toEqual([]);
      expect(reminder).toMatchObject({
        object_type: 'booking',
        user: null,
        is_read: false,
        // The deadline in the restaurant's zone; the booking title escaped.
        title: expect.stringMatching(new RegExp(`^Please answer the request <strong>“Gala &amp; &lt;i&gt;friends&lt;/i&gt;”</strong> by .*\\(${w.restaurant.timezone} time\\)$`)),
        content: expect.stringContaining(w.restaurant.name),
      });
    }
    expect(await about({ who: w.client, objectId: booking.id, title: /Please/ })).toEqual([]);
    const subject = 'Please answer the booking request: Gala & <i>friends</i>';
    for (const member of [w.restaurant, w.manager]) expect(await queuedSubjects(member, subject)).toEqual([subject]);
    expect(await queuedSubjects(w.subManager, 'Please answer')).toEqual([]);

    // Later passes, within the last day, add nothing: one job, one notification each.
    await kit.advance(2 * kit.HOUR);
    expect(await about({ who: w.manager, objectId: booking.id, title: answerBy })).toHaveLength(1);
    expect(await queuedSubjects(w.restaurant, subject)).toHaveLength(1);
    expect(await reminderJobs(booking.id)).toHaveLength(1);
  });

  it('reminds the organiser, in their language, 24 h before the deposit is due; the restaurant side is not reminded', async () => {
    const client = await kit.account('user', { language: 'vn' });
    const booking = await kit.accepted({ ...w, client });
    await kit.advance(49 * kit.HOUR);
    const [reminder, ...more] = await about({ who: client, objectId: booking.id, title: /^Vui lòng thanh toán tiền đặt cọc/ });
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({ user: null, title: expect.stringContaining('<strong>“Dinner for the shelter”</strong> trước') });
    expect(await queuedSubjects(client, 'Hãy thanh toán tiền đặt cọc cho Dinner for the shelter trước')).toHaveLength(1);
    for (const member of [w.restaurant, w.manager]) expect(await about({ who: member, objectId: booking.id, title: /deposit/ })).toEqual([]);
  });

  it('reminds nobody of a deadline already met', async () => {
    const answered = await kit.pending(w);
    await kit.expectOk(await kit.act(answered, { action: 'decline', by: w.restaurant, body: { reason: 'NOT_AVAILABLE' } }));
    const paid = await kit.confirmed(w);
    await kit.advance(50 * kit.HOUR);
    expect(await about({ who: w.manager, objectId: answered.id, title: /^Please answer/ })).toEqual([]);
    expect(await about({ who: w.client, objectId: paid.id, title: /^Please pay/ })).toEqual([]);
    expect(await reminderJobs(answered.id)).toEqual([]);
  });

  it('tells a restaurant of a manager’s access request, and the whole team of the answer, once per change', async () => {
    const seller = await kit.restaurant();
    const manager = await kit.account('manager', { name: 'Harbour Group' });
    const subManager = await kit.account('manager', { name: 'Harbour Group', parentUserId: manager.id });
    const before = await items(seller);

    // A sub-manager asks for its team: the request names the team's manager, the sender is who asked.
    expect((await kit.api.post(`/v1/managers/${manager.id}/restaurant-requests`, { body: { email: seller.email }, token: subManager.token })).status).toBe(202);
    const [request, ...others] = (await items(seller)).filter((item) => !before.some((old) => old.id === item.id));
    expect(others).toEqual([]);
    expect(request).toMatchObject({
      object_type: 'manager_access',
      object_id: manager.id,
      title: `<strong>Lan Pham</strong> asked to manage <strong>${seller.name}</strong>`,
      user: { first_name: 'Lan', last_name: 'Pham' },
      is_read: false,
    });
    // Asking again while pending tells nobody again.
    await kit.api.post(`/v1/managers/${manager.id}/restaurant-requests`, { body: { email: seller.email }, token: manager.token });
    expect(await about({ who: seller, objectId: manager.id, title: /asked to manage/ })).toHaveLength(1);

    await kit.expectOk(await kit.api.put(`/v1/me/manager-requests/${manager.id}`, { body: { status: 'active' }, token: seller.token }));
    for (const member of [manager, subManager]) {
      expect(await about({ who: member, objectId: seller.id, title: /gave your team access/ })).toEqual([
        expect.objectContaining({ object_type: 'manager_access', title: `<strong>Lan Pham</strong> gave your team access to <strong>${seller.name}</strong>` }),
      ]);
    }
    // The same answer again changes nothing and tells nobody; a refusal (withdrawing the grant) does.
    await kit.expectOk(await kit.api.put(`/v1/me/manager-requests/${manager.id}`, { body: { status: 'active' }, token: seller.token }));
    expect(await about({ who: manager, objectId: seller.id, title: /gave your team access/ })).toHaveLength(1);
    await kit.expectOk(await kit.api.put(`/v1/me/manager-requests/${manager.id}`, { body: { status: 'refused' }, token: seller.token }));
    expect(await about({ who: subManager, objectId: seller.id, title: /refused your team access/ })).toHaveLength(1);
    // The restaurant, who answered, hears nothing of its own answers.
    expect(await about({ who: seller, objectId: seller.id, title: /./ })).toEqual([]);
  });

  it('tells nobody of an answer to a request that does not exist (404)', async () => {
    const seller = await kit.restaurant();
    const manager = await kit.account('manager');
    expect((await kit.api.put(`/v1/me/manager-requests/${manager.id}`, { body: { status: 'active' }, token: seller.token })).status).toBe(404);
    expect(await items(manager)).toEqual([]);
  });
});

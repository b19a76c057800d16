import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney, testCard } from '@goodtable/shared';
import { connectedAccounts, jobs, notifications } from '../../db/schema/index.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { PAYOUT_MAX_ATTEMPTS, PAYOUTS_EVERY_MS } from '../payments/payouts.ts';

type Account = { id: string; token: string; email?: string };
type Item = { id: string; object_type: string; object_id: string; title: string; content: string; user: { first_name: string; last_name: string } | null; is_read: boolean };

const CARD_OK = testCard();
const CARD_DECLINED = testCard('declined');
/** The kit's deposit: 20 % × 50.00 × 2 minimum guests. */
const DEPOSIT = 2000;

/**
 * Notifications for money (docs/decisions/0077-money-notifications.md): a payment received (the
 * restaurant side) and confirmed (the payer), a payment failed (card decline, a BECS debit failing in its job), a
 * refund, a payout paid or failed for good. Who hears, who does not, in which language, escaped, by email when chosen.
 */
describe('notifications for money', () => {
  const { testApp, kit, w } = useBookingWorld();

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const items = async (who: Account) => (await kit.expectOk(await kit.api.get('/v1/notification?limit=100', { token: who.token }))).data as Item[];
  const about = async (who: Account, objectId: string) => (await items(who)).filter((item) => item.object_id === objectId);
  /** The kinds stored for `who` about `objectId`, sorted (the words are checked through the API). */
  const kindsOf = async (who: Account, objectId: string) =>
    (
      await testApp.database.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(and(eq(notifications.recipientId, who.id), eq(notifications.objectId, objectId)))
    )
      .map((row) => row.kind)
      .sort();
  /** The money notifications (payments, refunds) `who` reads about `objectId`, newest first. */
  const moneyAbout = async (who: Account, objectId: string) => {
    const kinds = await testApp.database.db
      .select({ id: notifications.id, kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.recipientId, who.id), eq(notifications.objectId, objectId)));
    const money = new Set(kinds.filter((row) => !row.kind.startsWith('booking.')).map((row) => row.id));
    return (await about(who, objectId)).filter((item) => money.has(item.id));
  };
  /** Subjects of the emails queued to `who` (the outbox) containing `subject`. */
  const queuedSubjects = async (who: Account, subject: string) =>
    (
      await testApp.database.db
        .select({ subject: sql<string>`${jobs.payload}->>'subject'` })
        .from(jobs)
        .where(and(eq(jobs.kind, 'send-email'), sql`lower(${jobs.payload}->>'to') = lower(${who.email!})`, sql`position(${subject} in ${jobs.payload}->>'subject') > 0`))
    ).map((row) => row.subject);
  const createPayment = async ({ bookingId, by, type = 'CREDIT_CARD_DEPOSIT' }: { bookingId: string; by: Account; type?: string }) =>
    kit.expectOk(await kit.api.post(`/v1/bookings/${bookingId}/payments`, { body: { type }, token: by.token, headers: { 'idempotency-key': randomUUID() } }), 201);
  const confirm = async ({ paymentId, by, body }: { paymentId: string; by: Account; body: unknown }) => kit.api.post(`/v1/payments/${paymentId}/confirm`, { body, token: by.token });
  const payByCard = async (bookingId: string, by: Account) => kit.expectOk(await confirm({ paymentId: (await createPayment({ bookingId, by })).id, by, body: { card: CARD_OK } }));
  const paymentsInAppOnly = async (who: Account) =>
    kit.expectOk(await kit.api.put('/v1/me/notification-settings', { body: { bookings: 'in_app_and_email', payments: 'in_app', tickets: 'in_app', team: 'in_app' }, token: who.token }));

  it('a card deposit: the seller, managers and sub-managers hear the client paid, the client gets a confirmation; nobody else, once, in the same moment', async () => {
    const client = await kit.account('user', { language: 'vn' });
    const world = { ...w, client };
    const booking = await kit.pending(world, { overrides: { title: 'Gala & <i>friends</i>' } });
    await kit.act(booking, { action: 'accept', by: w.restaurant }).then(kit.expectOk);
    await paymentsInAppOnly(w.subManager);
    const publish = vi.spyOn(testApp.app.live, 'publish');
    const paid = await payByCard(booking.id, client);
    expect(paid.status).toBe('succeeded');

    const money = formatMoney(DEPOSIT, { currency: paid.currency, locale: 'en' });
    for (const member of [w.restaurant, w.manager, w.subManager]) {
      const [received, ...more] = await moneyAbout(member, booking.id);
      expect(more).toEqual([]);
      expect(received).toMatchObject({
        object_type: 'booking',
        object_id: booking.id,
        user: { first_name: 'Lan', last_name: 'Pham' },
        is_read: false,
        title: `<strong>Lan Pham</strong> paid the deposit of ${money} for <strong>“Gala &amp; &lt;i&gt;friends&lt;/i&gt;”</strong>: the booking is confirmed`,
        content: expect.stringContaining(w.restaurant.name),
      });
      // The booking's own "deposit paid" is not told a second time.
      expect(await kindsOf(member, booking.id)).toEqual(['booking.submit', 'payment.received']);
    }
    // The payer, in their language, from GoodTable.
    expect(await kindsOf(client, booking.id)).toEqual(['booking.accept', 'payment.succeeded']);
    const [confirmation, ...others] = await moneyAbout(client, booking.id);
    expect(others).toEqual([]);
    expect(confirmation).toMatchObject({
      user: null,
      title: `Chúng tôi đã nhận khoản thanh toán ${formatMoney(DEPOSIT, { currency: paid.currency, locale: 'vn' })} (tiền đặt cọc) của bạn cho <strong>“Gala &amp; &lt;i&gt;friends&lt;/i&gt;”</strong>: đặt chỗ đã được xác nhận`,
    });
    for (const outsider of [w.cause, w.stranger, w.client]) expect(await about(outsider, booking.id)).toEqual([]);
    // Published on each recipient's notification topic within the payment's transaction.
    const topics = publish.mock.calls.map(([event]) => event.topic).filter((topic) => topic.startsWith('notification:'));
    expect(topics.sort()).toEqual([client.id, w.restaurant.id, w.manager.id, w.subManager.id].map((id) => `notification:${id}`).sort());
    // Emails: the restaurant side by choice (the sub-manager keeps payments in-app), the payer its receipt.
    const subject = `Lan Pham paid the deposit of ${money} for “Gala & <i>friends</i>”`;
    for (const member of [w.restaurant, w.manager]) expect(await queuedSubjects(member, subject)).toHaveLength(1);
    expect(await queuedSubjects(w.subManager, 'paid the deposit')).toEqual([]);
  });

  it('a declined card: the payer hears why, in their language; the restaurant side hears nothing', async () => {
    const booking = await kit.accepted(w);
    const payment = await createPayment({ bookingId: booking.id, by: w.client });
    const declined = await kit.expectOk(await confirm({ paymentId: payment.id, by: w.client, body: { card: CARD_DECLINED } }));
    expect(declined.status).toBe('failed');
    const [failed, ...more] = await moneyAbout(w.client, booking.id);
    expect(more).toEqual([]);
    expect(failed).toMatchObject({
      user: null,
      title: `Your payment of ${formatMoney(DEPOSIT, { currency: payment.currency, locale: 'en' })} (the deposit) for <strong>“Dinner for the shelter”</strong> failed. Your card was declined.`,
    });
    expect(await kindsOf(w.client, booking.id)).toEqual(['booking.accept', 'payment.failed']);
    for (const member of [w.restaurant, w.manager, w.subManager]) expect(await kindsOf(member, booking.id)).toEqual(['booking.submit']);
    expect(await queuedSubjects(w.client, 'failed. Your card was declined.')).toHaveLength(1);
  });

  it('a BECS debit that fails in its job: the payer hears the bank’s reason when the job runs, the restaurant nothing', async () => {
    const booking = await kit.accepted(w);
    const debit = await createPayment({ bookingId: booking.id, by: w.client, type: 'BECS_DEBIT_DEPOSIT' });
    const processing = await kit.expectOk(await confirm({ paymentId: debit.id, by: w.client, body: { becs: { bsb: '000-000', account_number: '111111113', account_name: 'Jenny Rosen' } } }));
    expect(processing.status).toBe('processing');
    expect(await kindsOf(w.client, booking.id)).toEqual(['booking.accept']);
    await kit.advance(Date.parse(processing.processing_until) - (await kit.now()) + 60_000);
    const [failed] = await moneyAbout(w.client, booking.id);
    expect(failed?.title).toMatch(/^Your payment of .* \(the deposit\) for <strong>“Dinner for the shelter”<\/strong> failed\. The bank account has been closed\.$/);
    expect(await kindsOf(w.restaurant, booking.id)).toEqual(['booking.submit']);
  });

  it('a bank transfer marked received by a manager: the seller and sub-manager hear of it, not the manager who marked it', async () => {
    const booking = await kit.accepted(w);
    const transfer = await createPayment({ bookingId: booking.id, by: w.client, type: 'BANK_DEPOSIT' });
    await kit.expectOk(await kit.api.post(`/v1/payments/${transfer.id}/mark-received`, { token: w.manager.token }));
    for (const member of [w.restaurant, w.subManager]) expect(await kindsOf(member, booking.id)).toEqual(['booking.submit', 'payment.received']);
    expect(await kindsOf(w.manager, booking.id)).toEqual(['booking.submit']);
    expect(await kindsOf(w.client, booking.id)).toEqual(['booking.accept', 'payment.succeeded']);
  });

  it('a refund: the client hears how much and why, in their language; the restaurant side does not', async () => {
    const client = await kit.account('user', { language: 'vn' });
    const world = { ...w, client };
    const booking = await kit.accepted(world);
    const paid = await payByCard(booking.id, client);
    await kit.act(booking, { action: 'cancel', by: w.restaurant }).then(kit.expectOk);
    const refunds = (await about(client, booking.id)).filter((item) => item.title.startsWith('Bạn đã được hoàn'));
    expect(refunds).toEqual([
      expect.objectContaining({ user: null, title: `Bạn đã được hoàn ${formatMoney(DEPOSIT, { currency: paid.currency, locale: 'vn' })} cho <strong>“Dinner for the shelter”</strong>: nhà hàng đã hủy` }),
    ]);
    for (const member of [w.restaurant, w.manager]) expect(await kindsOf(member, booking.id)).not.toContain('refund.issued');
  });

  it('a payout: the earner hears it was sent (linking to the payout), and that one failed after its last attempt', async () => {
    const own = await kit.world();
    const booking = await kit.accepted(own, 10 * 24);
    await payByCard(booking.id, own.client);
    await kit.act(booking, { action: 'cancel', by: own.client }).then(kit.expectOk); // forfeited: the restaurant earns the deposit
    await testApp.database.db.insert(connectedAccounts).values({ id: `local_${randomUUID()}`, userId: own.restaurant.id, provider: 'local', capabilities: { transfers: 'active' } });

    vi.spyOn(testApp.app.paymentProvider, 'payout').mockResolvedValue({ status: 'failed', message: 'The bank account is closed.' });
    for (let attempt = 1; attempt < PAYOUT_MAX_ATTEMPTS; attempt += 1) await kit.advance(5 * kit.HOUR);
    const payoutItems = async () => (await items(own.restaurant)).filter((item) => item.object_type === 'payout');
    expect(await payoutItems()).toEqual([]); // retries are not told
    await kit.advance(5 * kit.HOUR);
    const money = formatMoney(DEPOSIT, { currency: booking.currency, locale: 'en' });
    expect(await payoutItems()).toMatchObject([
      { user: null, content: '', title: `We could not send your payout of <strong>${money}</strong> after several attempts. Please check your payout account.` },
    ]);

    vi.restoreAllMocks();
    await kit.advance(kit.DAY + PAYOUTS_EVERY_MS);
    const [sent] = await payoutItems();
    expect(sent).toMatchObject({ object_type: 'payout', title: `We sent a payout of <strong>${money}</strong> to your payout account` });
    expect(await queuedSubjects(own.restaurant, `We sent a payout of ${money}`)).toHaveLength(1);
    for (const other of [own.manager, own.client, own.cause]) expect((await items(other)).filter((item) => item.object_type === 'payout')).toEqual([]);
  });

  it('a payment notification stays its recipient’s: others can neither read, mark nor delete it', async () => {
    const booking = await kit.accepted(w);
    await payByCard(booking.id, w.client);
    const [mine] = await moneyAbout(w.client, booking.id);
    expect(mine).toBeDefined();
    expect((await kit.api.put('/v1/notification/read-some', { body: { ids: [mine!.id] }, token: w.restaurant.token })).status).toBe(404);
    expect((await kit.api.delete(`/v1/notification/${mine!.id}`, { token: w.stranger.token })).status).toBe(404);
    expect((await items(w.stranger)).map((item) => item.id)).not.toContain(mine!.id);
    expect((await about(w.client, booking.id))[0]).toMatchObject({ id: mine!.id, is_read: false });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { readMailbox, waitForEmail } from '../../../test/support/mailbox.ts';
import { bookingTestKit, type BookingTestKit, type BookingWorld } from '../bookings/test/booking-test-kit.ts';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { postLedgerTransaction, type LedgerKind, type LedgerPurpose } from './ledger.ts';
import { insertRefund } from './payments.repository.ts';

const VISA = '4242 4242 4242 4242';
const DECLINED = '4000000000000002';

/**
 * GET /v1/payments and GET /v1/bookings/payments over HTTP, and receipts. The client pays three bookings by card
 * (deposits of 20.00 and a total fee of 1,000.00: see payments.routes.test.ts for the kit's prices); the refund,
 * the settlement and the payout are posted to the ledger with the kinds and purposes of the ledger contract, as the
 * settlement and payout work writes them (with the refund's row, and the settled booking COMPLETED, so that
 * `ledger:check` holds them to the same rules).
 */
describe('payments lists and receipts', () => {
  let testApp: TestApp;
  let kit: BookingTestKit;
  let w: BookingWorld;
  let currency: string;
  const ids = { refunded: '', settled: '', held: '' };
  const payments = { refunded: '', settled: '', held: '', failed: '' };
  const movements = { refund: '', settlement: '', payout: '' };

  const pay = async (bookingId: string, type: string, card = VISA) => {
    const payment = await kit.expectOk(await kit.api.post(`/v1/bookings/${bookingId}/payments`, { type }, { token: w.client.token, headers: { 'idempotency-key': randomUUID() } }), 201);
    return kit.expectOk(await kit.api.post(`/v1/payments/${payment.id}/confirm`, { card: { number: card, exp_month: 12, exp_year: 2099, cvc: '123' } }, { token: w.client.token }));
  };
  const account = (ownerId: string | null, purpose: LedgerPurpose) => ({ ownerId, purpose, currency });
  const post = (kind: LedgerKind, legs: [string | null, LedgerPurpose, number][], refs: { bookingId?: string; paymentId?: string; refundId?: string } = {}) =>
    postLedgerTransaction(testApp.app.db, { kind, ...refs, createdAt: testApp.app.clock.now(), legs: legs.map(([owner, purpose, amount]) => ({ account: account(owner, purpose), amount })) });
  const list = async (path: string, by: { token: string }, query = '') => kit.expectOk(await kit.api.get(`${path}${query}`, { token: by.token }));

  beforeAll(async () => {
    testApp = await startTestApp();
    kit = bookingTestKit(testApp);
    w = await kit.world();
    const refunded = await kit.accepted(w);
    currency = refunded.currency;
    ids.refunded = refunded.id;
    // A declined attempt first: it is listed for the client, and it moves no money.
    const failed = await pay(refunded.id, 'CREDIT_CARD_DEPOSIT', DECLINED);
    expect(failed.status).toBe('failed');
    payments.failed = failed.id;
    payments.refunded = (await pay(refunded.id, 'CREDIT_CARD_DEPOSIT')).id;
    ids.settled = (await kit.accepted(w)).id;
    payments.settled = (await pay(ids.settled, 'CREDIT_CARD_TOTAL_FEE')).id;
    ids.held = (await kit.accepted(w)).id;
    payments.held = (await pay(ids.held, 'CREDIT_CARD_DEPOSIT')).id;

    const refund = { id: randomUUID(), paymentId: payments.refunded, bookingId: ids.refunded, amount: 2000, currency, reason: 'booking_cancelled' as const };
    await insertRefund(testApp.app.db, { ...refund, status: 'succeeded', provider: 'local', providerRef: 're_local_test', createdAt: testApp.app.clock.now() });
    movements.refund = await post('refund', [[null, 'platform_holding', -2000], [w.client.id, 'payer', 2000]], { bookingId: ids.refunded, paymentId: payments.refunded, refundId: refund.id });
    movements.settlement = await post(
      'settlement',
      [[null, 'platform_holding', -100_000], [w.restaurant.id, 'restaurant_earnings', 80_000], [w.cause.id, 'cause_earnings', 15_000], [null, 'platform_fees', 5000]],
      { bookingId: ids.settled },
    );
    await testApp.app.db.update(bookings).set({ status: 'COMPLETED' }).where(eq(bookings.id, ids.settled));
    movements.payout = await post('payout', [[w.restaurant.id, 'restaurant_earnings', -50_000], [w.restaurant.id, 'paid_out', 50_000]]);
  });
  // testApp.close() runs ledger:check and fails on a problem.
  afterAll(() => testApp.close());

  describe('GET /v1/bookings/payments (the payer)', () => {
    it('lists the client’s payments (any outcome once tried) and refunds, newest first, with the booking', async () => {
      const result = await list('/v1/bookings/payments', w.client);
      expect(result).toMatchObject({ page: 1, limit: 10, totalPages: 1, totalResults: 5 });
      expect(result.data.map((item: { id: string }) => item.id).sort()).toEqual([payments.failed, payments.refunded, payments.settled, payments.held, movements.refund].sort());
      const times = result.data.map((item: { created_at: string }) => Date.parse(item.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const refund = result.data.find((item: { id: string }) => item.id === movements.refund);
      expect(refund).toMatchObject({ type: 'REFUND', amount: 2000, currency, status: 'succeeded', payment_id: payments.refunded, booking_id: ids.refunded });
      const total = result.data.find((item: { id: string }) => item.id === payments.settled);
      expect(total).toMatchObject({ type: 'CREDIT_CARD_TOTAL_FEE', amount: 100_000, status: 'succeeded', payment_id: payments.settled });
      expect(total.booking).toMatchObject({ id: ids.settled, title: 'Dinner for the shelter', restaurant: { id: w.restaurant.id, name: w.restaurant.name }, cause: { id: w.cause.causeId, name: w.cause.name } });
      expect(result.data.find((item: { id: string }) => item.id === payments.failed)).toMatchObject({ status: 'failed', amount: 2000 });
      expect(result.data.find((item: { id: string }) => item.id === payments.refunded)).toMatchObject({ status: 'refunded', type: 'CREDIT_CARD_DEPOSIT' });
      expect(result.data.find((item: { id: string }) => item.id === payments.held)).toMatchObject({ status: 'succeeded' });
    });

    it('totals what the ledger says was paid and refunded (a failed attempt moved nothing)', async () => {
      const result = await list('/v1/bookings/payments', w.client);
      expect(result.totals).toEqual([{ currency, paid: 104_000, refunded: 2000 }]);
    });

    it('filters by booking, totals included; another’s booking lists nothing', async () => {
      const one = await list('/v1/bookings/payments', w.client, `?booking_id=${ids.refunded}`);
      expect(one.data.map((item: { id: string }) => item.id).sort()).toEqual([payments.failed, payments.refunded, movements.refund].sort());
      expect(one.totals).toEqual([{ currency, paid: 2000, refunded: 2000 }]);
      const stranger = await list('/v1/bookings/payments', w.stranger, `?booking_id=${ids.refunded}`);
      expect(stranger).toMatchObject({ data: [], totalResults: 0, totalPages: 0, totals: [] });
      // The seller is not the payer of its bookings: none of this is its as a payer.
      expect((await list('/v1/bookings/payments', w.restaurant)).totalResults).toBe(0);
    });

    it('pages: each row once, the count past the last page too', async () => {
      const pages = [];
      for (const page of [1, 2, 3]) pages.push(await list('/v1/bookings/payments', w.client, `?limit=2&page=${page}`));
      expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
      expect(pages[0]).toMatchObject({ totalPages: 3, totalResults: 5 });
      expect(new Set(pages.flatMap((page) => page.data.map((item: { id: string }) => item.id))).size).toBe(5);
      // Totals are over the filtered rows, not the page.
      expect(pages[2].totals).toEqual([{ currency, paid: 104_000, refunded: 2000 }]);
      expect(await list('/v1/bookings/payments', w.client, '?limit=2&page=9')).toMatchObject({ data: [], totalResults: 5, totalPages: 3 });
    });

    it('names a bad query field and needs a session', async () => {
      const badBooking = await kit.api.get('/v1/bookings/payments?booking_id=nope', { token: w.client.token });
      expect(badBooking.status).toBe(400);
      expect(badBooking.body.details[0].field).toBe('booking_id');
      const badLimit = await kit.api.get('/v1/bookings/payments?limit=0', { token: w.client.token });
      expect(badLimit.status).toBe(400);
      expect(badLimit.body.details[0].field).toBe('limit');
      expect((await kit.api.get('/v1/bookings/payments')).status).toBe(401);
    });
  });

  describe('GET /v1/payments (restaurants and causes)', () => {
    it('shows the restaurant clients’ money held or settled, refunds, its settlement share and its payouts', async () => {
      const result = await list('/v1/payments', w.restaurant);
      expect(result.totalResults).toBe(6);
      const byId = new Map(result.data.map((item: { id: string }) => [item.id, item]));
      expect(byId.get(payments.held)).toMatchObject({ type: 'CREDIT_CARD_DEPOSIT', amount: 2000, status: 'held', booking_id: ids.held });
      // Refunded in full: no longer held for the restaurant.
      expect(byId.get(payments.refunded)).toMatchObject({ status: 'refunded' });
      expect(byId.get(payments.settled)).toMatchObject({ type: 'CREDIT_CARD_TOTAL_FEE', amount: 100_000, status: 'settled' });
      expect(byId.get(movements.refund)).toMatchObject({ type: 'REFUND', amount: 2000 });
      expect(byId.get(movements.settlement)).toMatchObject({ type: 'SETTLEMENT', amount: 80_000, status: 'succeeded', booking_id: ids.settled });
      expect(byId.get(movements.payout)).toMatchObject({ type: 'PAYOUT', amount: 50_000, status: 'paid', booking_id: null, booking: null });
      // A failed attempt is the client's business only.
      expect(byId.has(payments.failed)).toBe(false);
    });

    it('totals from the ledger: earned, paid out, pending (earned not yet paid out) and held until settlement', async () => {
      const result = await list('/v1/payments', w.restaurant);
      expect(result.totals).toEqual([{ currency, earned: 80_000, paid_out: 50_000, pending: 30_000, held: 2000 }]);
      const month = result.months.find((entry: { currency: string }) => entry.currency === currency);
      expect(month).toMatchObject({ received: 102_000, earned: 80_000, paid_out: 50_000 });
      expect(month.month).toMatch(/^\d{4}-\d{2}$/);
    });

    it('gives a manager and its sub-manager the restaurants they run, and the cause its share', async () => {
      const seller = await list('/v1/payments', w.restaurant);
      for (const member of [w.manager, w.subManager]) {
        const result = await list('/v1/payments', member);
        expect(result.totals).toEqual(seller.totals);
        expect(result.data.map((item: { id: string }) => item.id)).toEqual(seller.data.map((item: { id: string }) => item.id));
      }
      const cause = await list('/v1/payments', w.cause);
      expect(cause.totals).toEqual([{ currency, earned: 15_000, paid_out: 0, pending: 15_000, held: 2000 }]);
      const share = cause.data.find((item: { id: string }) => item.id === movements.settlement);
      expect(share).toMatchObject({ type: 'SETTLEMENT', amount: 15_000 });
      expect(cause.data.some((item: { type: string }) => item.type === 'PAYOUT')).toBe(false);
    });

    it('narrows a manager’s All Payments to one restaurant it runs; any other restaurant is 404', async () => {
      const seller = await list('/v1/payments', w.restaurant);
      const second = await kit.restaurant();
      await kit.link(w.manager.id, second.id);
      const first = await list('/v1/payments', w.manager, `?restaurant_id=${w.restaurant.id}`);
      expect(first.totals).toEqual(seller.totals);
      expect(first.data.map((item: { id: string }) => item.id)).toEqual(seller.data.map((item: { id: string }) => item.id));
      expect(await list('/v1/payments', w.manager, `?restaurant_id=${second.id}`)).toMatchObject({ data: [], totalResults: 0, totals: [] });
      const notRun = await kit.restaurant();
      for (const viewer of [w.manager, w.restaurant, w.cause]) {
        const refused = await kit.api.get(`/v1/payments?restaurant_id=${notRun.id}`, { token: viewer.token });
        expect(refused.status).toBe(404);
      }
      expect((await kit.api.get('/v1/payments?restaurant_id=not-an-id', { token: w.manager.token })).status).toBe(400);
    });

    it('filters by booking (payouts span bookings: not in a booking’s rows)', async () => {
      const result = await list('/v1/payments', w.restaurant, `?booking_id=${ids.settled}`);
      expect(result.data.map((item: { id: string }) => item.id).sort()).toEqual([payments.settled, movements.settlement].sort());
      expect(result.totals).toEqual([{ currency, earned: 80_000, paid_out: 0, pending: 80_000, held: 0 }]);
    });

    it('shows another restaurant nothing of these bookings, even by booking_id', async () => {
      const other = await kit.restaurant();
      const { manager } = await kit.managerOf(other.id);
      for (const viewer of [other, manager]) {
        expect(await list('/v1/payments', viewer)).toMatchObject({ data: [], totalResults: 0, totals: [], months: [] });
        expect(await list('/v1/payments', viewer, `?booking_id=${ids.settled}`)).toMatchObject({ data: [], totals: [] });
      }
    });

    it('pages newest first', async () => {
      const all = await list('/v1/payments', w.restaurant);
      const first = await list('/v1/payments', w.restaurant, '?limit=4');
      const second = await list('/v1/payments', w.restaurant, '?limit=4&page=2');
      expect(first).toMatchObject({ totalPages: 2, totalResults: 6 });
      expect([...first.data, ...second.data].map((item: { id: string }) => item.id)).toEqual(all.data.map((item: { id: string }) => item.id));
    });

    it('turns clients away (403) and needs a session (401)', async () => {
      const client = await kit.api.get('/v1/payments', { token: w.client.token });
      expect(client.status).toBe(403);
      expect((await kit.api.get('/v1/payments')).status).toBe(401);
      const bad = await kit.api.get('/v1/payments?page=0', { token: w.restaurant.token });
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].field).toBe('page');
    });
  });

  describe('receipts', () => {
    it('shows a succeeded payment’s receipt to the payer and the booking’s parties, with what was refunded', async () => {
      for (const viewer of [w.client, w.restaurant, w.manager, w.cause]) {
        const receipt = await kit.expectOk(await kit.api.get(`/v1/payments/${payments.refunded}/receipt`, { token: viewer.token }));
        expect(receipt).toMatchObject({
          payment: { id: payments.refunded, amount: 2000, currency, status: 'succeeded', type: 'CREDIT_CARD_DEPOSIT' },
          refunded: 2000,
          payer: { first_name: 'Lan', last_name: 'Pham', email: expect.stringContaining('@') },
          booking: { id: ids.refunded, title: 'Dinner for the shelter', guests: 20 },
          restaurant: { id: w.restaurant.id, name: w.restaurant.name },
          cause: { id: w.cause.causeId, name: w.cause.name },
        });
      }
    });

    it('is 404 for anyone else and 409 for a payment that did not succeed', async () => {
      expect((await kit.api.get(`/v1/payments/${payments.refunded}/receipt`, { token: w.stranger.token })).status).toBe(404);
      expect((await kit.api.get(`/v1/payments/${randomUUID()}/receipt`, { token: w.client.token })).status).toBe(404);
      const failed = await kit.api.get(`/v1/payments/${payments.failed}/receipt`, { token: w.client.token });
      expect(failed.status).toBe(409);
      expect(failed.body.code).toBe('payments.noReceipt');
    });

    it('emails the payer a receipt for each succeeded payment, none for a failed attempt', async () => {
      const email = await waitForEmail(testApp.baseUrl, w.client.email, /^Your receipt: Dinner for the shelter/);
      expect(email.text).toContain('Reference:');
      const receipts = (await readMailbox(testApp.baseUrl)).filter((mail) => mail.to === w.client.email && mail.subject.startsWith('Your receipt'));
      expect(receipts.map((mail) => mail.text.match(/Reference: (\S+)/)?.[1]).sort()).toEqual([payments.refunded, payments.settled, payments.held].sort());
      const total = receipts.find((mail) => mail.text.includes(payments.settled))!;
      expect(total.text).toContain('Whole restaurant cost by card');
      expect(total.text).toContain(`/payments/${payments.settled}/receipt`);
    });

    it('emails in the payer’s language', async () => {
      const world = { ...w, client: await kit.account('user', { language: 'vn' }) };
      const booking = await kit.accepted(world);
      const payment = await kit.expectOk(
        await kit.api.post(`/v1/bookings/${booking.id}/payments`, { type: 'CREDIT_CARD_DEPOSIT' }, { token: world.client.token, headers: { 'idempotency-key': randomUUID() } }),
        201,
      );
      await kit.expectOk(await kit.api.post(`/v1/payments/${payment.id}/confirm`, { card: { number: VISA, exp_month: 12, exp_year: 2099, cvc: '123' } }, { token: world.client.token }));
      const email = await waitForEmail(testApp.baseUrl, world.client.email, /^Biên lai của bạn/);
      expect(email.text).toContain('Tiền đặt cọc bằng thẻ');
      expect(email.text).toContain(payment.id);
    });
  });
});

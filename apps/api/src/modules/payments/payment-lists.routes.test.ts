import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readMailbox, waitForEmail } from '../../../test/support/mailbox.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { earnerRowTotal, type EarnerPaymentList, type EarnerTotals, TEST_CARDS, testCard, typedTestCardNumber } from '@goodtable/shared';
import { ledgerBalance, postLedgerTransaction, type LedgerKind, type LedgerPurpose } from './ledger.ts';
import { insertRefund } from './payments.repository.ts';

const VISA = typedTestCardNumber();
const DECLINED = TEST_CARDS.declined.number;

/**
 * GET /v1/payments and GET /v1/bookings/payments over HTTP, receipts, and a cause's donations for its owner. The
 * client pays three bookings by card (deposits of 20.00 and a total fee of 1,000.00: see payments.routes.test.ts for
 * the kit's prices); guests give the cause 50.00 (anonymously) without an event and 25.00 for the held booking's
 * event; the refund, the settlement and the payouts are posted to the ledger with the kinds and purposes of the
 * ledger contract, as the settlement and payout work writes them (with the refund's row, and the settled booking
 * COMPLETED, so that `ledger:check` holds them to the same rules).
 */
describe('payments lists and receipts', () => {
  const { testApp, kit, w } = useBookingWorld();
  let currency: string;
  const ids = { refunded: '', settled: '', held: '' };
  const payments = { refunded: '', settled: '', held: '', failed: '' };
  const movements = { refund: '', settlement: '', payout: '', causePayout: '' };
  const gifts = { direct: '', event: '', pending: '' };

  const pay = async (bookingId: string, { type, card = VISA }: { type: string; card?: string }) => {
    const payment = await kit.expectOk(await kit.api.post(`/v1/bookings/${bookingId}/payments`, { body: { type }, token: w.client.token, headers: { 'idempotency-key': randomUUID() } }), 201);
    return kit.expectOk(await kit.api.post(`/v1/payments/${payment.id}/confirm`, { body: { card: { number: card, exp_month: 12, exp_year: 2099, cvc: '123' } }, token: w.client.token }));
  };
  const account = (ownerId: string | null, purpose: LedgerPurpose) => ({ ownerId, purpose, currency });
  const post = (kind: LedgerKind, { legs, refs = {} }: { legs: [string | null, LedgerPurpose, number][]; refs?: { bookingId?: string; paymentId?: string; refundId?: string } }) =>
    postLedgerTransaction(testApp.app.db, { kind, ...refs, createdAt: testApp.app.clock.now(), legs: legs.map(([owner, purpose, amount]) => ({ account: account(owner, purpose), amount })) });
  const list = async (path: string, { by, query = '' }: { by: { token: string }; query?: string }) => kit.expectOk(await kit.api.get(`${path}${query}`, { token: by.token }));
  /** A guest's donation to the world's cause; paid by card unless `pay` is false. */
  const donate = async (body: Record<string, unknown>, pay = true) => {
    const donation = await kit.expectOk(await kit.api.post(`/v1/causes/${w.cause.causeId}/donations`, { body, headers: { 'idempotency-key': randomUUID() } }), 201);
    if (pay) await kit.expectOk(await kit.api.post(`/v1/payments/${donation.payment.id}/confirm`, { body: { card: { ...testCard(), number: VISA } } }));
    return donation.id as string;
  };
  /** What the rows of all pages add up to, per currency, by the total each row counts in. */
  const sumsOfRows = (result: EarnerPaymentList): EarnerTotals[] => {
    const byCurrency = new Map<string, EarnerTotals>();
    for (const item of result.data) {
      const total = byCurrency.get(item.currency) ?? { currency: item.currency, earned: 0, paid_out: 0, pending: 0, held: 0 };
      const counted = earnerRowTotal(item);
      if (counted) total[counted] += item.amount;
      total.pending = total.earned - total.paid_out;
      byCurrency.set(item.currency, total);
    }
    return [...byCurrency.values()];
  };

  beforeAll(async () => {
    const refunded = await kit.accepted(w);
    currency = refunded.currency;
    ids.refunded = refunded.id;
    // A declined attempt first: it is listed for the client, and it moves no money.
    const failed = await pay(refunded.id, { type: 'CREDIT_CARD_DEPOSIT', card: DECLINED });
    expect(failed.status).toBe('failed');
    payments.failed = failed.id;
    payments.refunded = (await pay(refunded.id, { type: 'CREDIT_CARD_DEPOSIT' })).id;
    ids.settled = (await kit.accepted(w)).id;
    payments.settled = (await pay(ids.settled, { type: 'CREDIT_CARD_TOTAL_FEE' })).id;
    ids.held = (await kit.accepted(w)).id;
    payments.held = (await pay(ids.held, { type: 'CREDIT_CARD_DEPOSIT' })).id;

    const refund = { id: randomUUID(), paymentId: payments.refunded, bookingId: ids.refunded, amount: 2000, currency, reason: 'booking_cancelled' as const };
    await insertRefund(testApp.app.db, { ...refund, status: 'succeeded', provider: 'local', providerRef: 're_local_test', createdAt: testApp.app.clock.now() });
    movements.refund = await post('refund', { legs: [[null, 'platform_holding', -2000], [w.client.id, 'payer', 2000]], refs: { bookingId: ids.refunded, paymentId: payments.refunded, refundId: refund.id } });
    movements.settlement = await post('settlement', {
      legs: [[null, 'platform_holding', -100_000], [w.restaurant.id, 'restaurant_earnings', 80_000], [w.cause.id, 'cause_earnings', 15_000], [null, 'platform_fees', 5000]],
      refs: { bookingId: ids.settled },
    });
    await testApp.app.db.update(bookings).set({ status: 'COMPLETED' }).where(eq(bookings.id, ids.settled));
    movements.payout = await post('payout', { legs: [[w.restaurant.id, 'restaurant_earnings', -50_000], [w.restaurant.id, 'paid_out', 50_000]] });
    gifts.direct = await donate({ amount: 5000, email: 'jane@example.test', name: 'Jane Doe', message: 'For the kitchen', anonymous: true });
    gifts.event = await donate({ amount: 2500, email: 'minh@example.test', name: 'Minh Tran', message: 'See you at dinner', event_id: ids.held });
    // Never paid: not the cause's money.
    gifts.pending = await donate({ amount: 9900, email: 'later@example.test', name: 'Not Yet' }, false);
    movements.causePayout = await post('payout', { legs: [[w.cause.id, 'cause_earnings', -10_000], [w.cause.id, 'paid_out', 10_000]] });
  });

  describe('GET /v1/bookings/payments (the payer)', () => {
    it('lists the client’s payments (any outcome once tried) and refunds, newest first, with the booking', async () => {
      const result = await list('/v1/bookings/payments', { by: w.client });
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
      const result = await list('/v1/bookings/payments', { by: w.client });
      expect(result.totals).toEqual([{ currency, paid: 104_000, refunded: 2000 }]);
      // The same as the rows add up to: the payments that went through (refunded since or not), the refunds made.
      const rows = result.data as { type: string; status: string; amount: number }[];
      const paid = rows.filter((item) => item.type !== 'REFUND' && ['succeeded', 'refunded'].includes(item.status)).reduce((sum, item) => sum + item.amount, 0);
      const refunded = rows.filter((item) => item.type === 'REFUND' && item.status === 'succeeded').reduce((sum, item) => sum + item.amount, 0);
      expect({ paid, refunded }).toEqual({ paid: 104_000, refunded: 2000 });
      // The guests' donations are not the client's.
      expect(rows.some((item) => item.type === 'CREDIT_CARD_DONATION')).toBe(false);
    });

    it('filters by booking, totals included; another’s booking lists nothing', async () => {
      const one = await list('/v1/bookings/payments', { by: w.client, query: `?booking_id=${ids.refunded}` });
      expect(one.data.map((item: { id: string }) => item.id).sort()).toEqual([payments.failed, payments.refunded, movements.refund].sort());
      expect(one.totals).toEqual([{ currency, paid: 2000, refunded: 2000 }]);
      const stranger = await list('/v1/bookings/payments', { by: w.stranger, query: `?booking_id=${ids.refunded}` });
      expect(stranger).toMatchObject({ data: [], totalResults: 0, totalPages: 0, totals: [] });
      // The seller is not the payer of its bookings: none of this is its as a payer.
      expect((await list('/v1/bookings/payments', { by: w.restaurant })).totalResults).toBe(0);
    });

    it('pages: each row once, the count past the last page too', async () => {
      const pages = [];
      for (const page of [1, 2, 3]) pages.push(await list('/v1/bookings/payments', { by: w.client, query: `?limit=2&page=${page}` }));
      expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
      expect(pages[0]).toMatchObject({ totalPages: 3, totalResults: 5 });
      expect(new Set(pages.flatMap((page) => page.data.map((item: { id: string }) => item.id))).size).toBe(5);
      // Totals are over the filtered rows, not the page.
      expect(pages[2].totals).toEqual([{ currency, paid: 104_000, refunded: 2000 }]);
      expect(await list('/v1/bookings/payments', { by: w.client, query: '?limit=2&page=9' })).toMatchObject({ data: [], totalResults: 5, totalPages: 3 });
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
    it('shows the restaurant its clients’ deposits held (not income) or settled, its settlement share and its payouts; not the client’s refunds nor the donations', async () => {
      const result = await list('/v1/payments', { by: w.restaurant });
      expect(result.totalResults).toBe(5);
      const byId = new Map(result.data.map((item: { id: string }) => [item.id, item]));
      expect(byId.get(payments.held)).toMatchObject({ type: 'CREDIT_CARD_DEPOSIT', amount: 2000, status: 'held', booking_id: ids.held });
      // Refunded in full: no longer held for the restaurant.
      expect(byId.get(payments.refunded)).toMatchObject({ status: 'refunded' });
      expect(byId.get(payments.settled)).toMatchObject({ type: 'CREDIT_CARD_TOTAL_FEE', amount: 100_000, status: 'settled' });
      // The refund went back to the client: the client's money, not the restaurant's.
      expect(byId.has(movements.refund)).toBe(false);
      expect(result.data.some((item: { type: string }) => item.type === 'REFUND' || item.type === 'CREDIT_CARD_DONATION')).toBe(false);
      expect(byId.get(movements.settlement)).toMatchObject({ type: 'SETTLEMENT', amount: 80_000, status: 'succeeded', booking_id: ids.settled });
      expect(byId.get(movements.payout)).toMatchObject({ type: 'PAYOUT', amount: 50_000, status: 'paid', booking_id: null, booking: null });
      // A failed attempt is the client's business only.
      expect(byId.has(payments.failed)).toBe(false);
      // Only the client's own deposit is held as income-to-come: no row of a payment counts as earned.
      expect(result.data.filter((item: EarnerPaymentList['data'][number]) => earnerRowTotal(item) === 'earned').map((item: { id: string }) => item.id)).toEqual([movements.settlement]);
    });

    it('totals are the sums of the rows: earned, paid out, pending (its earnings account’s balance) and held until settlement', async () => {
      const result = await list('/v1/payments', { by: w.restaurant });
      expect(result.totals).toEqual([{ currency, earned: 80_000, paid_out: 50_000, pending: 30_000, held: 2000 }]);
      expect(result.totals).toEqual(sumsOfRows(result));
      expect(await ledgerBalance(testApp.app.db, account(w.restaurant.id, 'restaurant_earnings'))).toBe(30_000);
      const month = result.months.find((entry: { currency: string }) => entry.currency === currency);
      // Received: the deposits listed that were not refunded (the held one and the whole cost settled).
      expect(month).toMatchObject({ received: 102_000, earned: 80_000, paid_out: 50_000 });
      expect(month.month).toMatch(/^\d{4}-\d{2}$/);
    });

    it('gives a manager and its sub-manager the restaurants they run', async () => {
      const seller = await list('/v1/payments', { by: w.restaurant });
      for (const member of [w.manager, w.subManager]) {
        const result = await list('/v1/payments', { by: member });
        expect(result.totals).toEqual(seller.totals);
        expect(result.data.map((item: { id: string }) => item.id)).toEqual(seller.data.map((item: { id: string }) => item.id));
      }
    });

    it('shows the cause its paid donations (donor’s name even when anonymous, message, event), its settlement share and its payouts; no client’s payment', async () => {
      const cause = await list('/v1/payments', { by: w.cause });
      const rowIds = cause.data.map((item: EarnerPaymentList['data'][number]) => item.donation?.id ?? item.id);
      expect(rowIds.sort()).toEqual([movements.settlement, movements.causePayout, gifts.direct, gifts.event].sort());
      const byDonation = new Map(cause.data.filter((item: EarnerPaymentList['data'][number]) => item.donation).map((item: EarnerPaymentList['data'][number]) => [item.donation!.id, item]));
      expect(byDonation.get(gifts.direct)).toMatchObject({
        type: 'CREDIT_CARD_DONATION',
        amount: 5000,
        currency,
        status: 'succeeded',
        booking: null,
        donation: { name: 'Jane Doe', message: 'For the kitchen', anonymous: true, cause: { id: w.cause.causeId, name: w.cause.name } },
      });
      expect(byDonation.get(gifts.event)).toMatchObject({
        amount: 2500,
        status: 'held',
        booking_id: ids.held,
        booking: { id: ids.held, title: 'Dinner for the shelter' },
        donation: { name: 'Minh Tran', message: 'See you at dinner', anonymous: false },
      });
      expect(byDonation.has(gifts.pending)).toBe(false);
      expect(cause.data.find((item: { id: string }) => item.id === movements.settlement)).toMatchObject({ type: 'SETTLEMENT', amount: 15_000 });
      expect(cause.data.find((item: { id: string }) => item.id === movements.causePayout)).toMatchObject({ type: 'PAYOUT', amount: 10_000, status: 'paid' });
      for (const clientMoney of [payments.held, payments.settled, payments.refunded, movements.refund]) expect(cause.data.some((item: { id: string }) => item.id === clientMoney)).toBe(false);
    });

    it('totals the cause’s rows: donations without an event and settlement shares earned, event donations held until the event settles', async () => {
      const cause = await list('/v1/payments', { by: w.cause });
      expect(cause.totals).toEqual([{ currency, earned: 20_000, paid_out: 10_000, pending: 10_000, held: 2500 }]);
      expect(cause.totals).toEqual(sumsOfRows(cause));
      expect(await ledgerBalance(testApp.app.db, account(w.cause.id, 'cause_earnings'))).toBe(10_000);
      expect(cause.months.find((entry: { currency: string }) => entry.currency === currency)).toMatchObject({ received: 7500, earned: 20_000, paid_out: 10_000 });
      const oneEvent = await list('/v1/payments', { by: w.cause, query: `?booking_id=${ids.held}` });
      expect(oneEvent.data.map((item: EarnerPaymentList['data'][number]) => item.donation?.id)).toEqual([gifts.event]);
      expect(oneEvent.totals).toEqual([{ currency, earned: 0, paid_out: 0, pending: 0, held: 2500 }]);
    });

    it('narrows a manager’s All Payments to one restaurant it runs; any other restaurant is 404', async () => {
      const seller = await list('/v1/payments', { by: w.restaurant });
      const second = await kit.restaurant();
      await kit.link({ managerId: w.manager.id, restaurantId: second.id });
      const first = await list('/v1/payments', { by: w.manager, query: `?restaurant_id=${w.restaurant.id}` });
      expect(first.totals).toEqual(seller.totals);
      expect(first.data.map((item: { id: string }) => item.id)).toEqual(seller.data.map((item: { id: string }) => item.id));
      expect(await list('/v1/payments', { by: w.manager, query: `?restaurant_id=${second.id}` })).toMatchObject({ data: [], totalResults: 0, totals: [] });
      const notRun = await kit.restaurant();
      for (const viewer of [w.manager, w.restaurant, w.cause]) {
        const refused = await kit.api.get(`/v1/payments?restaurant_id=${notRun.id}`, { token: viewer.token });
        expect(refused.status).toBe(404);
      }
      expect((await kit.api.get('/v1/payments?restaurant_id=not-an-id', { token: w.manager.token })).status).toBe(400);
    });

    it('filters by booking (payouts span bookings: not in a booking’s rows)', async () => {
      const result = await list('/v1/payments', { by: w.restaurant, query: `?booking_id=${ids.settled}` });
      expect(result.data.map((item: { id: string }) => item.id).sort()).toEqual([payments.settled, movements.settlement].sort());
      expect(result.totals).toEqual([{ currency, earned: 80_000, paid_out: 0, pending: 80_000, held: 0 }]);
    });

    it('shows another restaurant nothing of these bookings, even by booking_id', async () => {
      const other = await kit.restaurant();
      const { manager } = await kit.managerOf(other.id);
      for (const viewer of [other, manager]) {
        expect(await list('/v1/payments', { by: viewer })).toMatchObject({ data: [], totalResults: 0, totals: [], months: [] });
        expect(await list('/v1/payments', { by: viewer, query: `?booking_id=${ids.settled}` })).toMatchObject({ data: [], totals: [] });
      }
    });

    it('pages newest first', async () => {
      const all = await list('/v1/payments', { by: w.restaurant });
      const first = await list('/v1/payments', { by: w.restaurant, query: '?limit=3' });
      const second = await list('/v1/payments', { by: w.restaurant, query: '?limit=3&page=2' });
      expect(first).toMatchObject({ totalPages: 2, totalResults: 5 });
      // Totals are over all the rows, not the page.
      expect(second.totals).toEqual(sumsOfRows(all));
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

  describe('GET /v1/causes/{id}/donations (the cause’s owner)', () => {
    const donationsOf = (causeId: string, { by, query = '' }: { by?: { token: string }; query?: string } = {}) => kit.api.get(`/v1/causes/${causeId}/donations${query}`, by ? { token: by.token } : {});

    it('lists the paid donations newest first, with the donor’s name even when the gift is anonymous to the public', async () => {
      const result = await kit.expectOk(await donationsOf(w.cause.causeId, { by: w.cause }));
      expect(result).toMatchObject({ page: 1, limit: 10, totalPages: 1, totalResults: 2 });
      expect(result.data.map((item: { id: string }) => item.id)).toEqual([gifts.event, gifts.direct]);
      expect(result.data[1]).toEqual({
        id: gifts.direct,
        amount: 5000,
        currency,
        name: 'Jane Doe',
        message: 'For the kitchen',
        anonymous: true,
        event_id: null,
        created_at: expect.any(String),
      });
      expect(result.data[0]).toMatchObject({ id: gifts.event, amount: 2500, name: 'Minh Tran', message: 'See you at dinner', anonymous: false, event_id: ids.held });
      // The public list still hides the anonymous donor and shows no messages.
      const supporters = await kit.expectOk(await kit.api.get(`/v1/causes/${w.cause.causeId}/supporters`));
      expect(supporters.data.find((item: { amount: number }) => item.amount === 5000)).toMatchObject({ name: null });
      for (const secret of ['For the kitchen', 'Jane Doe', gifts.direct]) expect(JSON.stringify(supporters)).not.toContain(secret);
    });

    it('pages: each donation once, the count past the last page too', async () => {
      const first = await kit.expectOk(await donationsOf(w.cause.causeId, { by: w.cause, query: '?limit=1' }));
      const second = await kit.expectOk(await donationsOf(w.cause.causeId, { by: w.cause, query: '?limit=1&page=2' }));
      expect(first).toMatchObject({ page: 1, limit: 1, totalPages: 2, totalResults: 2 });
      expect([...first.data, ...second.data].map((item: { id: string }) => item.id)).toEqual([gifts.event, gifts.direct]);
      expect(await kit.expectOk(await donationsOf(w.cause.causeId, { by: w.cause, query: '?limit=1&page=5' }))).toMatchObject({ data: [], totalPages: 2, totalResults: 2 });
      const bad = await donationsOf(w.cause.causeId, { by: w.cause, query: '?limit=0' });
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].field).toBe('limit');
    });

    it('is the owner’s only: another user 403, signed out 401, an unknown cause 404, a bad id 400', async () => {
      const otherCause = await kit.cause('Other Kitchen');
      for (const viewer of [w.stranger, w.restaurant, w.client, otherCause]) {
        const refused = await donationsOf(w.cause.causeId, { by: viewer });
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('donations.notCauseOwner');
        expect(JSON.stringify(refused.body)).not.toContain('Jane Doe');
      }
      expect((await donationsOf(w.cause.causeId)).status).toBe(401);
      expect((await donationsOf(randomUUID(), { by: w.cause })).status).toBe(404);
      const badId = await donationsOf('nope', { by: w.cause });
      expect(badId.status).toBe(400);
      expect(badId.body.details[0].field).toBe('id');
      // Another cause's owner reads its own (empty) list.
      expect(await kit.expectOk(await donationsOf(otherCause.causeId, { by: otherCause }))).toMatchObject({ data: [], totalResults: 0, totalPages: 0 });
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
      const email = await waitForEmail(testApp.baseUrl, { to: w.client.email, subject: /^Your receipt: Dinner for the shelter/ });
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
        await kit.api.post(`/v1/bookings/${booking.id}/payments`, { body: { type: 'CREDIT_CARD_DEPOSIT' }, token: world.client.token, headers: { 'idempotency-key': randomUUID() } }),
        201,
      );
      await kit.expectOk(await kit.api.post(`/v1/payments/${payment.id}/confirm`, { body: { card: { ...testCard(), number: VISA } }, token: world.client.token }));
      const email = await waitForEmail(testApp.baseUrl, { to: world.client.email, subject: /^Biên lai của bạn/ });
      expect(email.text).toContain('Tiền đặt cọc bằng thẻ');
      expect(email.text).toContain(payment.id);
    });
  });
});

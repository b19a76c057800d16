import { afterEach, describe, expect, it, vi } from 'vitest';
import { AMOUNT_COLUMN_MAX, testCard } from '@goodtable/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, TransactionRollbackError } from 'drizzle-orm';
import { connectedAccounts, jobs, ledgerAccounts, ledgerEntries, ledgerTransactions, payments, payouts, refunds } from '../../db/schema/index.ts';
import { readMailbox } from '../../../test/support/mailbox.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { settleCancelledBooking, settleCompletedBooking, ticketIncome, type BookingMoneyDeps } from './booking-money.ts';
import { checkLedger, ledgerBalance, postLedgerTransaction } from './ledger.ts';
import { PAYOUT_MAX_ATTEMPTS, PAYOUTS_EVERY_MS, runPayouts } from './payouts.ts';
import { PENDING_PROVIDER_CALLS_EVERY_MS } from './payments.jobs.ts';

/**
 * Settlement, cancellations and payouts over HTTP with the local provider, on the business clock. The kit's menu:
 * 50.00 per head (M), requests book 20 guests (g) with tickets at 60.00 (T): F = 100,000; the deposit C = 2,000
 * (20 % × 50.00 × 2 minimum guests), the total fee 100,000. Platform fee 5 %.
 */
describe('settlement, cancellations and payouts', () => {
  const { testApp, kit, w } = useBookingWorld();

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const db = () => testApp.app.db;
  const moneyDeps = (): BookingMoneyDeps => ({ provider: testApp.app.paymentProvider, mailer: testApp.app.mailer, platformFeePercent: 5, publicUrl: 'http://localhost', notifications: null });

  /** The client pays `type` by card (4242…): the booking is CONFIRMED with C held by the platform. */
  async function pay(bookingId: string, { type, by = w.client }: { type: 'CREDIT_CARD_DEPOSIT' | 'CREDIT_CARD_TOTAL_FEE'; by?: { token: string } }) {
    const created = await kit.expectOk(await kit.api.post(`/v1/bookings/${bookingId}/payments`, { body: { type }, token: by.token, headers: { 'idempotency-key': randomUUID() } }), 201);
    const paid = await kit.expectOk(await kit.api.post(`/v1/payments/${created.id}/confirm`, { body: { card: testCard() }, token: by.token }));
    expect(paid.status).toBe('succeeded');
    return paid as { id: string; amount: number };
  }

  /** Stands in for ticket sales: n tickets and D donations sold (their money in platform holding), as the ledger reads them. */
  async function sellTicketsAndDonations(bookingId: string, { tickets, donations, currency }: { tickets: number; donations: number; currency: string }) {
    await kit.sellTickets(bookingId, tickets);
    const total = tickets * 6000 + donations;
    if (total > 0) {
      await postLedgerTransaction(db(), {
        kind: 'charge',
        bookingId,
        createdAt: new Date(await kit.now()),
        legs: [
          { account: { ownerId: w.stranger.id, purpose: 'payer', currency }, amount: -total },
          { account: { ownerId: null, purpose: 'platform_holding', currency }, amount: total },
        ],
      });
    }
    vi.spyOn(ticketIncome, 'ofBooking').mockImplementation(async (_db, id) => (id === bookingId ? { tickets, donations } : { tickets: 0, donations: 0 }));
  }

  /** A booking 2 hours ahead, paid, its event held, marked complete by the restaurant and confirmed by the client. */
  async function complete(type: 'CREDIT_CARD_DEPOSIT' | 'CREDIT_CARD_TOTAL_FEE', { tickets, donations = 0, world = w }: { tickets: number; donations?: number; world?: typeof w }) {
    const booking = await kit.accepted(world, 2);
    const payment = await pay(booking.id, { type, by: world.client });
    await sellTicketsAndDonations(booking.id, { tickets, donations, currency: booking.currency });
    if (tickets === 0) await kit.sellTickets(booking.id, 1); // marking complete needs a ticket on the counter
    await kit.advance(6 * kit.HOUR);
    await kit.act(booking, { action: 'mark-complete', by: world.restaurant }).then(kit.expectOk);
    const done = await kit.confirmComplete(booking, world.client);
    expect(done.status).toBe('COMPLETED');
    return { booking: booking as { id: string; currency: string }, payment };
  }

  /** Every leg of the booking's ledger transactions of `kind`, as (purpose, owner, amount). */
  async function legs(bookingId: string, kind: string) {
    return db()
      .select({ purpose: ledgerAccounts.purpose, ownerId: ledgerAccounts.ownerId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerTransactions.kind, kind)));
  }
  const refundsOf = (bookingId: string) => db().select().from(refunds).where(eq(refunds.bookingId, bookingId));
  const balanceChargesOf = (bookingId: string) => db().select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.type, 'BECS_DEBIT_BALANCE_FEE')));
  /** The email to `to` saying `why` (emails leave through the outbox, in the background). */
  async function emailTo(to: string, { subject, why }: { subject: RegExp; why: string }) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = (await readMailbox(testApp.baseUrl)).find((email) => email.to === to && subject.test(email.subject) && email.text.includes(why));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no email to ${to} saying "${why}"`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const sorted = <T extends { purpose: string; amount: number }>(rows: T[]) => [...rows].sort((a, b) => a.purpose.localeCompare(b.purpose) || a.amount - b.amount);

  describe('settlement at COMPLETED', () => {
    it('surplus: the cause gets R − P − F plus donations, the restaurant F, the platform P; the deposit is refunded', async () => {
      const { booking, payment } = await complete('CREDIT_CARD_DEPOSIT', { tickets: 20, donations: 2500 });
      expect(sorted(await legs(booking.id, 'settlement'))).toEqual(
        sorted([
          { purpose: 'platform_holding', ownerId: null, amount: -122_500 },
          { purpose: 'restaurant_earnings', ownerId: w.restaurant.id, amount: 100_000 },
          { purpose: 'cause_earnings', ownerId: w.cause.id, amount: 16_500 },
          { purpose: 'platform_fees', ownerId: null, amount: 6000 },
        ]),
      );
      const [refund] = await refundsOf(booking.id);
      expect(refund).toMatchObject({ paymentId: payment.id, amount: 2000, reason: 'settlement_unused_prepayment', status: 'succeeded' });
      expect(refund!.providerRef).toMatch(/^re_local_/);
      expect(sorted(await legs(booking.id, 'refund'))).toEqual(sorted([{ purpose: 'platform_holding', ownerId: null, amount: -2000 }, { purpose: 'payer', ownerId: w.client.id, amount: 2000 }]));
      expect(await balanceChargesOf(booking.id)).toEqual([]);
      const email = await emailTo(w.client.email, { subject: /^Refund of A\$20\.00: Dinner for the shelter$/, why: 'the part of your prepayment that was not needed is refunded' });
      expect(email.language).toBe('en');
    });

    it('shortfall from C: the total fee pays what tickets do not cover and the rest of it is refunded', async () => {
      const { booking } = await complete('CREDIT_CARD_TOTAL_FEE', { tickets: 10 });
      // R = 60,000, P = 3,000: the shortfall 43,000 comes out of C = 100,000; 57,000 goes back.
      expect(sorted(await legs(booking.id, 'settlement'))).toEqual(
        sorted([
          { purpose: 'platform_holding', ownerId: null, amount: -103_000 },
          { purpose: 'restaurant_earnings', ownerId: w.restaurant.id, amount: 100_000 },
          { purpose: 'platform_fees', ownerId: null, amount: 3000 },
        ]),
      );
      expect((await refundsOf(booking.id)).map((refund) => refund.amount)).toEqual([57_000]);
      expect(await balanceChargesOf(booking.id)).toEqual([]);
    });

    it('shortfall beyond C: the deposit is used up and the rest charged to the client as a balance fee', async () => {
      const { booking } = await complete('CREDIT_CARD_DEPOSIT', { tickets: 10 });
      const [charge] = await balanceChargesOf(booking.id);
      // Shortfall 43,000 − C 2,000.
      expect(charge).toMatchObject({ amount: 41_000, status: 'succeeded', payerId: w.client.id, currency: booking.currency });
      expect(sorted(await legs(booking.id, 'balance_charge'))).toEqual(sorted([{ purpose: 'payer', ownerId: w.client.id, amount: -41_000 }, { purpose: 'platform_holding', ownerId: null, amount: 41_000 }]));
      expect(await legs(booking.id, 'settlement')).toContainEqual({ purpose: 'restaurant_earnings', ownerId: w.restaurant.id, amount: 100_000 });
      expect(await refundsOf(booking.id)).toEqual([]);
    });

    it('the balance charge emails the client a receipt in their language: amount, what for, the booking, its receipt page', async () => {
      const client = await kit.account('user', { language: 'vn' });
      const { booking } = await complete('CREDIT_CARD_DEPOSIT', { tickets: 10, donations: 0, world: { ...w, client } });
      const [charge] = await balanceChargesOf(booking.id);
      expect(charge).toMatchObject({ amount: 41_000, status: 'succeeded' });
      const receipt = await emailTo(client.email, { subject: /^Biên lai của bạn: Dinner for the shelter$/, why: `/payments/${charge!.id}/receipt` });
      expect(receipt.language).toBe('vn');
      expect(receipt.text).toContain('Số tiền còn lại sau sự kiện');
      expect(receipt.text).toContain(`/payments/${charge!.id}/receipt`);
      expect(receipt.text).toMatch(/410[.,]00/);
    });

    it('a client who chose in-app only for payments gets the balance charge’s receipt in the app, not by email', async () => {
      const client = await kit.account('user');
      await kit.expectOk(await kit.api.put('/v1/me/notification-settings', { body: { bookings: 'in_app_and_email', payments: 'in_app', tickets: 'in_app', team: 'in_app' }, token: client.token }));
      const { booking } = await complete('CREDIT_CARD_DEPOSIT', { tickets: 10, donations: 0, world: { ...w, client } });
      expect((await balanceChargesOf(booking.id))[0]).toMatchObject({ status: 'succeeded' });
      const inbox = await kit.expectOk(await kit.api.get('/v1/notification', { token: client.token }));
      expect(inbox.data.map((item: { title: string }) => item.title)).toContainEqual(expect.stringContaining('A$410.00 (the balance)'));
      // Emails are `send-email` jobs written in the transaction that causes them: the client's are all there by now.
      const emailsToClient = (await db().select().from(jobs).where(eq(jobs.kind, 'send-email')))
        .map((job) => job.payload as { to: string; subject: string })
        .filter((email) => email.to === client.email);
      expect(emailsToClient.length).toBeGreaterThan(0);
      expect(emailsToClient.filter((email) => /receipt/i.test(email.subject))).toEqual([]);
    });

    it('settles a booking the deadline job auto-completes, in the job’s transaction', async () => {
      const booking = await kit.accepted(w, 2);
      await pay(booking.id, { type: 'CREDIT_CARD_DEPOSIT' });
      await sellTicketsAndDonations(booking.id, { tickets: 20, donations: 0, currency: booking.currency });
      await kit.advance(6 * kit.HOUR);
      await kit.act(booking, { action: 'mark-complete', by: w.restaurant }).then(kit.expectOk);
      const previewed = await kit.settlementPreview(booking.id, w.client);
      await kit.advance(testApp.app.config.BOOKING_AUTO_COMPLETE_DAYS * kit.DAY + kit.HOUR);
      expect((await kit.get(booking.id, w.client)).status).toBe('COMPLETED');
      await kit.expectSettledAsPreviewed(booking.id, { previewed, by: w.client });
      expect(await legs(booking.id, 'settlement')).toContainEqual({ purpose: 'cause_earnings', ownerId: w.cause.id, amount: 14_000 });
      expect((await refundsOf(booking.id)).map((refund) => refund.amount)).toEqual([2000]);
    });

    it('is written once: settling the completed booking again changes nothing', async () => {
      const { booking } = await complete('CREDIT_CARD_DEPOSIT', { tickets: 0 });
      expect(await balanceChargesOf(booking.id)).toHaveLength(1);
      const count = async () => (await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.bookingId, booking.id))).length;
      const before = await count();
      await db().transaction((tx) => settleCompletedBooking(moneyDeps(), { tx, bookingId: booking.id, now: new Date() }));
      expect(await count()).toBe(before);
      // Even a settlement slipping past the check meets the unique index.
      await expect(
        postLedgerTransaction(db(), {
          kind: 'settlement',
          bookingId: booking.id,
          createdAt: new Date(),
          legs: [
            { account: { ownerId: null, purpose: 'platform_holding', currency: booking.currency }, amount: -1 },
            { account: { ownerId: null, purpose: 'platform_fees', currency: booking.currency }, amount: 1 },
          ],
        }),
      ).rejects.toThrow();
    });
  });

  describe('cancellations', () => {
    it('the restaurant cancelling refunds the deposit in full and emails the client', async () => {
      const booking = await kit.accepted(w);
      const payment = await pay(booking.id, { type: 'CREDIT_CARD_DEPOSIT' });
      await kit.act(booking, { action: 'cancel', by: w.restaurant }).then(kit.expectOk);
      // Asked of the provider after the cancellation committed, and before it answered: done when the client reads.
      expect(await refundsOf(booking.id)).toMatchObject([{ paymentId: payment.id, amount: 2000, reason: 'restaurant_cancelled', status: 'succeeded', providerRef: expect.any(String) }]);
      expect(sorted(await legs(booking.id, 'refund'))).toEqual(sorted([{ purpose: 'platform_holding', ownerId: null, amount: -2000 }, { purpose: 'payer', ownerId: w.client.id, amount: 2000 }]));
      expect(await legs(booking.id, 'forfeit')).toEqual([]);
      // The payment shows it was refunded, to the payer and to the restaurant.
      for (const viewer of [w.client, w.restaurant]) {
        expect(await kit.expectOk(await kit.api.get(`/v1/payments/${payment.id}`, { token: viewer.token }))).toMatchObject({ status: 'succeeded', amount: 2000, refunded_amount: 2000 });
      }
      const email = await emailTo(w.client.email, { subject: /^Refund of A\$20\.00/, why: 'The restaurant cancelled' });
      expect(email.text).toContain(`/bookings/${booking.id}`);
    });

    it('a provider failing at the cancellation does not stop it: the refund waits, and the retry refunds once with the same key', async () => {
      const booking = await kit.accepted(w);
      const payment = await pay(booking.id, { type: 'CREDIT_CARD_DEPOSIT' });
      const provider = testApp.app.paymentProvider;
      const refund = provider.refund.bind(provider);
      const asked: { key: string; ref: string }[] = [];
      vi.spyOn(provider, 'refund').mockImplementation(async (input) => {
        const answer = await refund(input);
        asked.push({ key: input.idempotencyKey, ref: answer.ref });
        // The provider refunded, then the connection dropped: nobody here knows it did.
        if (asked.length === 1) throw new Error('connection reset after the provider refunded');
        return answer;
      });
      // The provider is asked after the cancellation committed: its failure leaves the booking cancelled and the
      // refund owed (counted as refunded, so nothing refunds it a second time), with no ledger movement yet.
      const cancelled = await kit.act(booking, { action: 'cancel', by: w.restaurant }).then(kit.expectOk);
      expect(cancelled.status).toBe('CANCELED');
      expect(await refundsOf(booking.id)).toMatchObject([{ paymentId: payment.id, amount: 2000, status: 'pending', providerRef: null }]);
      expect(await legs(booking.id, 'refund')).toEqual([]);
      const paymentAs = async (viewer: { token: string }) => kit.expectOk(await kit.api.get(`/v1/payments/${payment.id}`, { token: viewer.token }));
      expect(await paymentAs(w.client)).toMatchObject({ status: 'succeeded', refunded_amount: 0 });
      // The client's list shows the refund on its way, and no total counts it yet; the restaurant's shows the deposit
      // as going back (no longer held for it), and no refund row: that money is the client's.
      const refundRows = async (path: string, viewer: { token: string }) => {
        const list = await kit.expectOk(await kit.api.get(`${path}?booking_id=${booking.id}`, { token: viewer.token }));
        return { refunds: list.data.filter((item: { type: string }) => item.type === 'REFUND'), totals: list.totals };
      };
      expect(await refundRows('/v1/bookings/payments', w.client)).toEqual({
        refunds: [expect.objectContaining({ payment_id: payment.id, amount: 2000, status: 'processing' })],
        totals: [{ currency: 'AUD', paid: 2000, refunded: 0 }],
      });
      expect(await refundRows('/v1/payments', w.restaurant)).toEqual({ refunds: [], totals: [{ currency: 'AUD', earned: 0, paid_out: 0, pending: 0, held: 0 }] });
      const restaurantRows = await kit.expectOk(await kit.api.get(`/v1/payments?booking_id=${booking.id}`, { token: w.restaurant.token }));
      expect(restaurantRows.data).toEqual([expect.objectContaining({ id: payment.id, amount: 2000, status: 'refunded' })]);
      await kit.advance(PENDING_PROVIDER_CALLS_EVERY_MS);
      expect(await paymentAs(w.client)).toMatchObject({ status: 'succeeded', refunded_amount: 2000 });
      expect(await refundRows('/v1/bookings/payments', w.client)).toEqual({
        refunds: [expect.objectContaining({ payment_id: payment.id, amount: 2000, status: 'succeeded' })],
        totals: [{ currency: 'AUD', paid: 2000, refunded: 2000 }],
      });
      // The same idempotency key both times: the provider answers its first refund again instead of refunding twice.
      expect(asked).toHaveLength(2);
      expect(asked[1]).toEqual(asked[0]);
      expect(await refundsOf(booking.id)).toMatchObject([{ paymentId: payment.id, amount: 2000, reason: 'restaurant_cancelled', status: 'succeeded', providerRef: asked[0]!.ref }]);
      expect(sorted(await legs(booking.id, 'refund'))).toEqual(sorted([{ purpose: 'platform_holding', ownerId: null, amount: -2000 }, { purpose: 'payer', ownerId: w.client.id, amount: 2000 }]));
      // Later passes find nothing left to ask.
      await kit.advance(PENDING_PROVIDER_CALLS_EVERY_MS);
      expect(asked).toHaveLength(2);
    });

    it('a refund the provider keeps refusing stays owed, counted and asked for again with a growing wait, until it is made', async () => {
      const booking = await kit.accepted(w);
      const payment = await pay(booking.id, { type: 'CREDIT_CARD_DEPOSIT' });
      const provider = testApp.app.paymentProvider;
      const refund = provider.refund.bind(provider);
      let providerDown = true;
      let asked = 0;
      vi.spyOn(provider, 'refund').mockImplementation(async (input) => {
        asked += 1;
        if (providerDown) throw new Error('refunds are unavailable');
        return refund(input);
      });
      const cancelledAt = new Date(await kit.now()).getTime();
      await kit.act(booking, { action: 'cancel', by: w.restaurant }).then(kit.expectOk);
      // Asked once after the cancellation: refused, so the refund waits a minute (business clock) with why it failed.
      const [first] = await refundsOf(booking.id);
      expect(asked).toBe(1);
      expect(first).toMatchObject({ paymentId: payment.id, status: 'pending', attempts: 1, lastError: 'refunds are unavailable' });
      expect(first!.nextAttemptAt!.getTime() - cancelledAt).toBeGreaterThanOrEqual(60_000);
      expect(first!.nextAttemptAt!.getTime() - cancelledAt).toBeLessThan(120_000);
      // The pass a minute later asks again; refused again, the next wait is 4 minutes.
      await kit.advance(PENDING_PROVIDER_CALLS_EVERY_MS);
      expect(asked).toBe(2);
      const [second] = await refundsOf(booking.id);
      expect(second).toMatchObject({ status: 'pending', attempts: 2 });
      // The passes inside that wait leave the provider alone.
      await kit.advance(PENDING_PROVIDER_CALLS_EVERY_MS);
      await kit.advance(PENDING_PROVIDER_CALLS_EVERY_MS);
      expect(asked).toBe(2);
      expect(await legs(booking.id, 'refund')).toEqual([]);
      // The provider is back: the first pass after the wait makes the refund, once, with its ledger legs.
      providerDown = false;
      await kit.advance(3 * PENDING_PROVIDER_CALLS_EVERY_MS);
      expect(asked).toBe(3);
      expect(await refundsOf(booking.id)).toMatchObject([{ status: 'succeeded', attempts: 2, lastError: null, nextAttemptAt: null, providerRef: expect.any(String) }]);
      expect(sorted(await legs(booking.id, 'refund'))).toEqual(sorted([{ purpose: 'platform_holding', ownerId: null, amount: -2000 }, { purpose: 'payer', ownerId: w.client.id, amount: 2000 }]));
      await kit.advance(PENDING_PROVIDER_CALLS_EVERY_MS);
      expect(asked).toBe(3);
    });

    it('the client cancelling more than 14 days ahead gets the deposit back', async () => {
      const booking = await kit.accepted(w, 15 * 24);
      await pay(booking.id, { type: 'CREDIT_CARD_DEPOSIT' });
      await kit.act(booking, { action: 'cancel', by: w.client }).then(kit.expectOk);
      expect(await refundsOf(booking.id)).toMatchObject([{ amount: 2000, reason: 'client_cancelled_early' }]);
      expect(await legs(booking.id, 'forfeit')).toEqual([]);
    });

    it('the client cancelling 14 days or less ahead (business clock) forfeits the deposit to the restaurant, once', async () => {
      const booking = await kit.accepted(w, 20 * 24);
      await pay(booking.id, { type: 'CREDIT_CARD_DEPOSIT' });
      await kit.advance(7 * kit.DAY); // 13 days left
      await kit.act(booking, { action: 'cancel', by: w.client }).then(kit.expectOk);
      expect(await refundsOf(booking.id)).toEqual([]);
      expect(sorted(await legs(booking.id, 'forfeit'))).toEqual(sorted([{ purpose: 'platform_holding', ownerId: null, amount: -2000 }, { purpose: 'restaurant_earnings', ownerId: w.restaurant.id, amount: 2000 }]));
      await db().transaction((tx) => settleCancelledBooking(moneyDeps(), { tx, bookingId: booking.id, now: new Date(Date.now()) }));
      expect(await legs(booking.id, 'forfeit')).toHaveLength(2);
      expect(await refundsOf(booking.id)).toEqual([]);
    });

    it('a booking cancelled with nothing paid moves no money', async () => {
      const booking = await kit.accepted(w);
      await kit.act(booking, { action: 'cancel', by: w.client }).then(kit.expectOk);
      expect(await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.bookingId, booking.id))).toEqual([]);
    });
  });

  describe('the amounts shown before money moves', () => {
    /** A booking 2 hours ahead, deposit paid, n tickets sold, the event over and marked complete: waiting for the client. */
    async function markedComplete(tickets: number, world = w) {
      const booking = await kit.accepted(world, 2);
      await pay(booking.id, { type: 'CREDIT_CARD_DEPOSIT', by: world.client });
      await sellTicketsAndDonations(booking.id, { tickets, donations: 0, currency: booking.currency });
      await kit.advance(6 * kit.HOUR);
      await kit.act(booking, { action: 'mark-complete', by: world.restaurant }).then(kit.expectOk);
      return booking as { id: string; currency: string };
    }
    const previewAs = (bookingId: string, viewer: { token: string }) => kit.api.get(`/v1/bookings/${bookingId}/settlement-preview`, { token: viewer.token });

    it('the settlement preview tells every party what settling now would do, and a charge is made only at the amount shown', async () => {
      const booking = await markedComplete(10);
      // R = 60,000, P = 3,000, F = 100,000: the shortfall 43,000 takes C = 2,000 and charges the client 41,000.
      const preview = {
        currency: 'AUD',
        settled: false,
        tickets_sold: 10,
        ticket_revenue: 60_000,
        donations: 0,
        food_cost: 100_000,
        platform_fee: 3000,
        restaurant_amount: 100_000,
        cause_amount: 0,
        client_prepaid: 2000,
        client_refund: 0,
        client_charge: 41_000,
      };
      for (const party of [w.client, w.restaurant, w.manager, w.cause]) expect(await kit.expectOk(await previewAs(booking.id, party))).toEqual(preview);
      expect((await previewAs(booking.id, w.stranger)).status).toBe(404);

      // Not shown the charge, or shown another one: 409 with the amounts now, and nothing moves.
      for (const body of [undefined, {}, { expected_charge: 40_000 }]) {
        const refused = await kit.act(booking, { action: 'confirm-complete', by: w.client, body });
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ statusCode: 409, code: 'bookings.chargeChanged', preview });
      }
      const invalid = await kit.act(booking, { action: 'confirm-complete', by: w.client, body: { expected_charge: -1 } });
      expect(invalid.status).toBe(400);
      expect(invalid.body.details).toEqual([{ field: 'expected_charge', message: 'validation.tooSmall' }]);
      expect((await kit.get(booking.id, w.client))).toMatchObject({ status: 'CONFIRMED', completion: { outcome: null } });
      expect(await db().select().from(ledgerTransactions).where(and(eq(ledgerTransactions.bookingId, booking.id), inArray(ledgerTransactions.kind, ['settlement', 'balance_charge'])))).toEqual([]);
      expect(await balanceChargesOf(booking.id)).toEqual([]);

      await kit.confirmComplete(booking, w.client);
      const [charge] = await balanceChargesOf(booking.id);
      expect(charge).toMatchObject({ amount: 41_000, status: 'succeeded' });
      // Settled: the cause's owner reads what was settled, from the ledger.
      expect(await kit.expectOk(await previewAs(booking.id, w.cause))).toEqual({ ...preview, settled: true });
    });

    it('no charge, no amount to confirm: a settlement that refunds part of the deposit completes without expected_charge', async () => {
      const booking = await markedComplete(20);
      const preview = await kit.settlementPreview(booking.id, w.client);
      expect(preview).toMatchObject({ client_charge: 0, client_refund: 2000, cause_amount: 14_000, restaurant_amount: 100_000, platform_fee: 6000 });
      expect((await kit.expectOk(await kit.act(booking, { action: 'confirm-complete', by: w.client }))).status).toBe('COMPLETED');
      await kit.expectSettledAsPreviewed(booking.id, { previewed: preview, by: w.client });
    });

    it('a host event charges no shortfall: the preview shows the restaurant receiving what tickets paid', async () => {
      const hosted = await kit.draft(w.manager, await kit.requestBody(w, { overrides: {}, hoursAhead: 2 }));
      await kit.act(hosted, { action: 'submit', by: w.manager }).then(kit.expectOk);
      await sellTicketsAndDonations(hosted.id, { tickets: 10, donations: 0, currency: 'AUD' });
      await kit.advance(6 * kit.HOUR);
      await kit.act(hosted, { action: 'mark-complete', by: w.manager }).then(kit.expectOk);
      expect(await kit.settlementPreview(hosted.id, w.manager)).toMatchObject({ client_prepaid: 0, client_charge: 0, food_cost: 100_000, restaurant_amount: 57_000, platform_fee: 3000 });
      expect((await kit.confirmComplete(hosted, w.manager)).status).toBe('COMPLETED');
      expect(await balanceChargesOf(hosted.id)).toEqual([]);
    });

    it('the automatic confirmation tells the client its charge by email 48 hours before, in their language, then charges that amount', async () => {
      for (const language of ['en', 'vn'] as const) {
        const world = { ...w, client: await kit.account('user', { language }) };
        const booking = await markedComplete(10, world);
        const { completion } = await kit.get(booking.id, world.client);
        const confirmsAt = Date.parse(completion.marked_at) + testApp.app.config.BOOKING_AUTO_COMPLETE_DAYS * kit.DAY;
        const notices = () => db().select().from(jobs).where(and(eq(jobs.kind, 'payments.auto-confirm-notice'), sql`${jobs.payload}->>'booking_id' = ${booking.id}`));
        // Due 48 hours before the confirmation; a minute before that it has not run.
        await kit.advance(confirmsAt - 48 * kit.HOUR - (await kit.now()) - 60_000);
        expect(await notices()).toMatchObject([{ status: 'pending', runAt: new Date(confirmsAt - 48 * kit.HOUR) }]);
        await kit.advance(2 * 60_000);
        expect(await notices()).toMatchObject([{ status: 'done' }]);
        const previewed = await kit.settlementPreview(booking.id, world.client);
        expect(previewed.client_charge).toBe(41_000);
        const email =
          language === 'en'
            ? await emailTo(world.client.email, { subject: /^A\$410\.00 will be charged when "Dinner for the shelter" is confirmed complete$/, why: 'settling it charges you A$410.00' })
            : await emailTo(world.client.email, { subject: /sẽ được thu khi "Dinner for the shelter"/, why: 'bạn sẽ bị thu 410,00' });
        expect(email.language).toBe(language);
        expect(email.text).toContain(`/bookings/${booking.id}`);
        expect((await kit.get(booking.id, world.client)).status).toBe('CONFIRMED');
        await kit.advance(48 * kit.HOUR + kit.HOUR);
        expect((await kit.get(booking.id, world.client))).toMatchObject({ status: 'COMPLETED', completion: { outcome: 'AUTO_CONFIRMED' } });
        await kit.expectSettledAsPreviewed(booking.id, { previewed, by: world.client });
      }
    });

    it('a notice that went late holds the automatic charge back until 48 hours after it, and the email says when', async () => {
      const booking = await markedComplete(10);
      const { completion, restaurant } = await kit.get(booking.id, w.client);
      const confirmsAt = Date.parse(completion.marked_at) + testApp.app.config.BOOKING_AUTO_COMPLETE_DAYS * kit.DAY;
      const dayOf = (instant: number) => new Intl.DateTimeFormat('en-AU', { dateStyle: 'full', timeZone: restaurant!.timezone! }).format(instant);
      // The clock jumps past both the notice's time and the confirmation's at once (the queue was stopped, say).
      await kit.advance(confirmsAt + kit.HOUR - (await kit.now()));
      const noticedAt = await kit.now();
      expect((await kit.get(booking.id, w.client)).status).toBe('CONFIRMED');
      const email = await emailTo(w.client.email, { subject: /^A\$410\.00 will be charged when "Dinner for the shelter" is confirmed complete$/, why: 'settling it charges you A$410.00' });
      // It names the day the charge now comes, 48 hours after the notice, not the day first planned.
      expect(email.text).toContain(dayOf(noticedAt + 48 * kit.HOUR));
      expect(email.text).not.toContain(dayOf(confirmsAt));
      const previewed = await kit.settlementPreview(booking.id, w.client);
      // A minute short of 48 hours after the notice, nothing is charged yet; past them, the amount told is.
      await kit.advance(48 * kit.HOUR - 60_000);
      expect((await kit.get(booking.id, w.client)).status).toBe('CONFIRMED');
      expect(await balanceChargesOf(booking.id)).toEqual([]);
      await kit.advance(2 * 60_000);
      expect(await kit.get(booking.id, w.client)).toMatchObject({ status: 'COMPLETED', completion: { outcome: 'AUTO_CONFIRMED' } });
      await kit.expectSettledAsPreviewed(booking.id, { previewed, by: w.client });
    });

    it('a booking not confirmed has no settlement to preview', async () => {
      const booking = await kit.accepted(w);
      const refused = await previewAs(booking.id, w.client);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('payments.noSettlement');
    });

    it('the cancellation preview states what the viewer cancelling now does, by the business clock, and the cancel does it', async () => {
      const cancelPreviewAs = (bookingId: string, viewer: { token: string }) => kit.api.get(`/v1/bookings/${bookingId}/cancellation-preview`, { token: viewer.token });
      const late = await kit.accepted(w, 20 * 24);
      await pay(late.id, { type: 'CREDIT_CARD_DEPOSIT' });
      expect(await kit.expectOk(await cancelPreviewAs(late.id, w.client))).toEqual({ currency: 'AUD', refund_amount: 2000, forfeited_amount: 0 });
      await kit.advance(7 * kit.DAY); // 13 days left
      expect(await kit.expectOk(await cancelPreviewAs(late.id, w.client))).toEqual({ currency: 'AUD', refund_amount: 0, forfeited_amount: 2000 });
      // The restaurant cancelling refunds everything, whenever; the cause reads the booking but cancels nothing.
      expect(await kit.expectOk(await cancelPreviewAs(late.id, w.restaurant))).toEqual({ currency: 'AUD', refund_amount: 2000, forfeited_amount: 0 });
      expect((await cancelPreviewAs(late.id, w.cause)).status).toBe(403);
      expect((await cancelPreviewAs(late.id, w.stranger)).status).toBe(404);
      await kit.act(late, { action: 'cancel', by: w.client }).then(kit.expectOk);
      expect(await refundsOf(late.id)).toEqual([]);
      expect(await legs(late.id, 'forfeit')).toContainEqual({ purpose: 'restaurant_earnings', ownerId: w.restaurant.id, amount: 2000 });
      // Cancelled: there is no cancel left to preview.
      expect((await cancelPreviewAs(late.id, w.client)).status).toBe(409);
    });
  });

  describe('ledger:check', () => {
    it('names a refund, a paid payout or a settlement the ledger does not match (rolled back)', async () => {
      const booking = await kit.accepted(w);
      const payment = await pay(booking.id, { type: 'CREDIT_CARD_DEPOSIT' });
      const currency = booking.currency as string;
      let problems: string[] = [];
      await db()
        .transaction(async (tx) => {
          const [refund] = await tx
            .insert(refunds)
            .values({ paymentId: payment.id, bookingId: booking.id, amount: 500, currency, reason: 'booking_cancelled', status: 'succeeded', provider: 'local', providerRef: 're_x', createdAt: new Date() })
            .returning();
          const [payout] = await tx
            .insert(payouts)
            .values({ ownerId: w.restaurant.id, purpose: 'restaurant_earnings', currency, amount: 700, status: 'paid', connectedAccountId: 'local_x', provider: 'local', nextAttemptAt: new Date(), createdAt: new Date() })
            .returning();
          await postLedgerTransaction(tx, {
            kind: 'settlement',
            bookingId: booking.id,
            createdAt: new Date(),
            legs: [
              { account: { ownerId: null, purpose: 'platform_holding', currency }, amount: -2000 },
              { account: { ownerId: w.restaurant.id, purpose: 'restaurant_earnings', currency }, amount: 2000 },
            ],
          });
          problems = (await checkLedger(tx)).problems;
          expect(problems).toEqual(
            expect.arrayContaining([
              `refund ${refund!.id} (succeeded, 500) has 0 refund transaction(s) returning 0`,
              `payout ${payout!.id} (paid, 700) has 0 payout transaction(s) moving 0`,
              expect.stringMatching(/^settlement .* is of a booking CONFIRMED$/),
            ]),
          );
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof TransactionRollbackError)) throw error;
        });
      expect(problems).toHaveLength(3);
      expect((await checkLedger(db())).problems).toEqual([]);
    });
  });

  describe('payouts', () => {
    const connect = (userId: string) =>
      db().insert(connectedAccounts).values({ id: `local_${randomUUID()}`, userId, provider: 'local', capabilities: { transfers: 'active' } });
    const payoutsOf = (ownerId: string) => db().select().from(payouts).where(eq(payouts.ownerId, ownerId));

    it('two payout passes at once (two instances) pay a balance once', async () => {
      const own = await kit.world();
      const booking = await kit.accepted(own, 10 * 24);
      await pay(booking.id, { type: 'CREDIT_CARD_DEPOSIT', by: own.client });
      await kit.act(booking, { action: 'cancel', by: own.client }).then(kit.expectOk); // forfeited: the restaurant earns 2,000
      await connect(own.restaurant.id);
      const payout = vi.spyOn(testApp.app.paymentProvider, 'payout');
      const deps = { db: db(), clock: testApp.app.clock, provider: testApp.app.paymentProvider, notifications: null };
      await Promise.all([runPayouts(deps), runPayouts(deps)]);
      expect(await payoutsOf(own.restaurant.id)).toMatchObject([{ status: 'paid', amount: 2000 }]);
      expect(payout).toHaveBeenCalledTimes(1);
      expect(await ledgerBalance(db(), { ownerId: own.restaurant.id, purpose: 'paid_out', currency: booking.currency })).toBe(2000);
    });

    it('a payout the provider keeps refusing is failed after its last attempt; the money waits a day, then a new payout pays it', async () => {
      const own = await kit.world();
      const booking = await kit.accepted(own, 10 * 24);
      await pay(booking.id, { type: 'CREDIT_CARD_DEPOSIT', by: own.client });
      await kit.act(booking, { action: 'cancel', by: own.client }).then(kit.expectOk);
      await connect(own.restaurant.id);
      const payout = vi.spyOn(testApp.app.paymentProvider, 'payout').mockResolvedValue({ status: 'failed', message: 'The bank account is closed.' });
      // Each step passes the longest backoff (4 h), so every pass makes one more attempt.
      for (let attempt = 1; attempt <= PAYOUT_MAX_ATTEMPTS; attempt += 1) await kit.advance(5 * kit.HOUR);
      expect(await payoutsOf(own.restaurant.id)).toMatchObject([{ status: 'failed', attempts: PAYOUT_MAX_ATTEMPTS, lastError: 'The bank account is closed.' }]);
      expect(payout).toHaveBeenCalledTimes(PAYOUT_MAX_ATTEMPTS);
      expect(await ledgerBalance(db(), { ownerId: own.restaurant.id, purpose: 'restaurant_earnings', currency: booking.currency })).toBe(2000);
      payout.mockRestore();
      await kit.advance(PAYOUTS_EVERY_MS);
      expect(await payoutsOf(own.restaurant.id)).toHaveLength(1);
      await kit.advance(kit.DAY);
      const rows = await payoutsOf(own.restaurant.id);
      expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'paid']);
      expect(await ledgerBalance(db(), { ownerId: own.restaurant.id, purpose: 'paid_out', currency: booking.currency })).toBe(2000);
    });

    it('a balance larger than one payout holds is paid in parts, each at most the amount column’s largest', async () => {
      const own = await kit.world();
      // The cause earns R − P − F = 14,000 plus 3,000,000,000 of donations: more than a 32-bit amount.
      const donations = 3_000_000_000;
      const { booking } = await complete('CREDIT_CARD_DEPOSIT', { tickets: 20, donations, world: own });
      const currency = booking.currency;
      await connect(own.cause.id);
      await kit.advance(PAYOUTS_EVERY_MS);
      expect(await payoutsOf(own.cause.id)).toMatchObject([{ status: 'paid', amount: AMOUNT_COLUMN_MAX }]);
      await kit.advance(PAYOUTS_EVERY_MS);
      const paid = (await payoutsOf(own.cause.id)).map((row) => row.amount).sort((a, b) => b - a);
      expect(paid).toEqual([AMOUNT_COLUMN_MAX, donations + 14_000 - AMOUNT_COLUMN_MAX]);
      expect(await ledgerBalance(db(), { ownerId: own.cause.id, purpose: 'cause_earnings', currency })).toBe(0);
      expect(await ledgerBalance(db(), { ownerId: own.cause.id, purpose: 'paid_out', currency })).toBe(donations + 14_000);
    });

    it('pays each balance once to its connected account, retries after a provider failure, and lets money without an account wait', async () => {
      const own = await kit.world();
      // Surplus: the restaurant earns 100,000 and the cause 14,000.
      await complete('CREDIT_CARD_DEPOSIT', { tickets: 20, donations: 0, world: own });
      await connect(own.restaurant.id);
      const payout = vi.spyOn(testApp.app.paymentProvider, 'payout').mockRejectedValueOnce(new Error('The provider timed out'));

      await kit.advance(PAYOUTS_EVERY_MS);
      const [failedOnce] = await payoutsOf(own.restaurant.id);
      expect(failedOnce).toMatchObject({ status: 'pending', amount: 100_000, attempts: 1, lastError: 'The provider timed out', purpose: 'restaurant_earnings' });
      // The cause has no connected account: its money waits.
      expect(await payoutsOf(own.cause.id)).toEqual([]);

      await kit.advance(PAYOUTS_EVERY_MS);
      const [paid] = await payoutsOf(own.restaurant.id);
      expect(paid).toMatchObject({ id: failedOnce!.id, status: 'paid', attempts: 2, lastError: null });
      expect(paid!.providerRef).toMatch(/^po_local_/);
      // Both calls carried the payout's id as idempotency key.
      expect(payout.mock.calls.map(([input]) => input.idempotencyKey)).toEqual([failedOnce!.id, failedOnce!.id]);
      const currency = failedOnce!.currency;
      expect(await ledgerBalance(db(), { ownerId: own.restaurant.id, purpose: 'restaurant_earnings', currency })).toBe(0);
      expect(await ledgerBalance(db(), { ownerId: own.restaurant.id, purpose: 'paid_out', currency })).toBe(100_000);

      // Later passes pay nothing twice; the cause is paid once it connects an account.
      await connect(own.cause.id);
      await kit.advance(PAYOUTS_EVERY_MS);
      await kit.advance(PAYOUTS_EVERY_MS);
      expect(await payoutsOf(own.restaurant.id)).toHaveLength(1);
      expect(await payoutsOf(own.cause.id)).toMatchObject([{ status: 'paid', amount: 14_000, purpose: 'cause_earnings' }]);
      expect(payout).toHaveBeenCalledTimes(3);
      const payoutTransactions = await db()
        .select()
        .from(ledgerTransactions)
        .where(inArray(ledgerTransactions.payoutId, [...(await payoutsOf(own.restaurant.id)), ...(await payoutsOf(own.cause.id))].map((row) => row.id)));
      expect(payoutTransactions).toHaveLength(2);
    });
  });
});

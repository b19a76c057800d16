import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ledgerTransactions } from '../../db/schema/index.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { checkLedger, ledgerBalance } from './ledger.ts';
import { TEST_CARDS, typedTestCardNumber } from '@goodtable/shared';


/**
 * Paying a booking over HTTP with the local provider: amounts, idempotency, each test card, the extra step, who may
 * do what, concurrent confirms, and a clean ledger afterwards. The kit's menu: 50.00 per head, 2–50 guests; requests
 * book 20 guests, so the deposit is 20 % × 50.00 × 2 = 20.00 and the total fee 50.00 × 20 = 1,000.00.
 */
describe('payments', () => {
  const { testApp, kit, w } = useBookingWorld();

  const card = (number: string, overrides: Record<string, unknown> = {}) => ({ card: { number, exp_month: 12, exp_year: 2099, cvc: '123', ...overrides } });
  const create = (bookingId: string, { by, type = 'CREDIT_CARD_DEPOSIT', key = randomUUID(), body = {} }: { by: { token: string }; type?: string; key?: string; body?: Record<string, unknown> }) =>
    kit.api.post(`/v1/bookings/${bookingId}/payments`, { body: { type, ...body }, token: by.token, headers: { 'idempotency-key': key } });
  const confirm = (paymentId: string, { by, body, key }: { by: { token: string }; body: unknown; key?: string }) =>
    kit.api.post(`/v1/payments/${paymentId}/confirm`, { body, token: by.token, headers: key ? { 'idempotency-key': key } : {} });
  const charges = async (paymentId: string) =>
    (await testApp.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.paymentId, paymentId))).length;
  const statusOf = async (bookingId: string) => (await kit.get(bookingId, w.client)).status as string;

  it('shows the server-computed amounts and creates the payment once per Idempotency-Key', async () => {
    const booking = await kit.accepted(w);
    const options = await kit.expectOk(await kit.api.get(`/v1/bookings/${booking.id}/payment-options`, { token: w.client.token }));
    expect(options).toMatchObject({ currency: booking.currency, deposit_percent: 20 });
    expect(options.options).toEqual([
      { type: 'CREDIT_CARD_DEPOSIT', amount: 2000 },
      { type: 'CREDIT_CARD_TOTAL_FEE', amount: 100_000 },
      { type: 'BECS_DEBIT_DEPOSIT', amount: 2000 },
      { type: 'BECS_DEBIT_TOTAL_FEE', amount: 100_000 },
      { type: 'BANK_DEPOSIT', amount: 2000 },
    ]);

    const key = randomUUID();
    // An amount sent by the browser is ignored.
    const first = await kit.expectOk(await create(booking.id, { by: w.client, type: 'CREDIT_CARD_DEPOSIT', key, body: { amount: 1 } }), 201);
    expect(first).toMatchObject({ booking_id: booking.id, type: 'CREDIT_CARD_DEPOSIT', amount: 2000, currency: booking.currency, status: 'requires_payment_method' });
    const again = await kit.expectOk(await create(booking.id, { by: w.client, type: 'CREDIT_CARD_DEPOSIT', key }), 201);
    expect(again.id).toBe(first.id);
    const reused = await create(booking.id, { by: w.client, type: 'CREDIT_CARD_TOTAL_FEE', key });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('payments.idempotencyKeyReused');

    const total = await kit.expectOk(await create(booking.id, { by: w.client, type: 'CREDIT_CARD_TOTAL_FEE' }), 201);
    expect(total.amount).toBe(100_000);
  });

  it('has no Stripe webhook with the local provider (404), whatever is posted', async () => {
    const answer = await testApp.app.inject({ method: 'POST', url: '/v1/payments/webhooks/stripe', payload: '{"id":"evt_1"}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe('payments.stripeNotConfigured');
  });

  it('names the missing Idempotency-Key, a wrong type and a malformed card', async () => {
    const booking = await kit.accepted(w);
    const noKey = await kit.api.post(`/v1/bookings/${booking.id}/payments`, { body: { type: 'CREDIT_CARD_DEPOSIT' }, token: w.client.token });
    expect(noKey.status).toBe(400);
    expect(noKey.body.details[0].field).toBe('idempotency-key');
    const badType = await create(booking.id, { by: w.client, type: 'BITCOIN' });
    expect(badType.status).toBe(400);
    expect(badType.body.details[0].field).toBe('type');
    const payment = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    const badCard = await confirm(payment.id, { by: w.client, body: card('4242-abcd') });
    expect(badCard.status).toBe(400);
    expect(badCard.body.details[0].field).toBe('card.number');
    const badMonth = await confirm(payment.id, { by: w.client, body: card(typedTestCardNumber(), { exp_month: 13 }) });
    expect(badMonth.body.details[0].field).toBe('card.exp_month');
    expect((await kit.get(booking.id, w.client)).status).toBe('ACCEPTED');
  });

  it('a 4242 card pays the deposit: the booking is confirmed, the charge is in the ledger once, replays change nothing', async () => {
    const booking = await kit.accepted(w);
    const payment = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    const holdingBefore = await ledgerBalance(testApp.app.db, { ownerId: null, purpose: 'platform_holding', currency: payment.currency });
    const paid = await kit.expectOk(await confirm(payment.id, { by: w.client, body: card(typedTestCardNumber()), key: 'confirm-1' }));
    expect(paid).toMatchObject({ id: payment.id, status: 'succeeded' });
    expect(paid.failure_message).toBeUndefined();
    expect(paid.failure_code).toBeUndefined();
    expect(await statusOf(booking.id)).toBe('CONFIRMED');
    expect(await ledgerBalance(testApp.app.db, { ownerId: w.client.id, purpose: 'payer', currency: payment.currency })).toBeLessThanOrEqual(-2000);
    expect(await ledgerBalance(testApp.app.db, { ownerId: null, purpose: 'platform_holding', currency: payment.currency })).toBe(holdingBefore + 2000);

    // The same confirm again, a new confirm with another card: the payment stays succeeded, charged once.
    expect((await kit.expectOk(await confirm(payment.id, { by: w.client, body: card(typedTestCardNumber()), key: 'confirm-1' }))).status).toBe('succeeded');
    expect((await kit.expectOk(await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.declined.number), key: 'confirm-2' }))).status).toBe('succeeded');
    expect(await charges(payment.id)).toBe(1);
    expect(await ledgerBalance(testApp.app.db, { ownerId: null, purpose: 'platform_holding', currency: payment.currency })).toBe(holdingBefore + 2000);

    // The booking is paid: a new payment is refused.
    expect((await create(booking.id, { by: w.client })).status).toBe(409);
    const events = await kit.expectOk(await kit.api.get(`/v1/bookings/${booking.id}/events`, { token: w.client.token }));
    expect(events.data.filter((event: { action: string }) => event.action === 'deposit-paid')).toHaveLength(1);
  });

  it('the whole restaurant cost paid up front by card confirms the booking too', async () => {
    const booking = await kit.accepted(w);
    const payment = await kit.expectOk(await create(booking.id, { by: w.client, type: 'CREDIT_CARD_TOTAL_FEE' }), 201);
    const holdingBefore = await ledgerBalance(testApp.app.db, { ownerId: null, purpose: 'platform_holding', currency: payment.currency });
    expect((await kit.expectOk(await confirm(payment.id, { by: w.client, body: card(typedTestCardNumber()) }))).status).toBe('succeeded');
    expect(await statusOf(booking.id)).toBe('CONFIRMED');
    expect(await ledgerBalance(testApp.app.db, { ownerId: null, purpose: 'platform_holding', currency: payment.currency })).toBe(holdingBefore + 100_000);
  });

  it('declined, insufficient-funds and expired cards show the provider’s message and leave the booking awaiting payment', async () => {
    const booking = await kit.accepted(w);
    const payment = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    const declined = await kit.expectOk(await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.declined.number) }));
    expect(declined).toMatchObject({ status: 'failed', failure_code: 'card_declined', failure_message: 'Your card was declined.' });
    const poor = await kit.expectOk(await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.insufficientFunds.number) }));
    expect(poor).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds', failure_message: 'Your card has insufficient funds.' });
    const expired = await kit.expectOk(await confirm(payment.id, { by: w.client, body: card(typedTestCardNumber(), { exp_year: 2001 }) }));
    expect(expired).toMatchObject({ status: 'failed', failure_code: 'expired_card', failure_message: 'Your card has expired.' });
    const wrongNumber = await kit.expectOk(await confirm(payment.id, { by: w.client, body: card('4242424242424241') }));
    expect(wrongNumber.failure_message).toBe('Your card number is incorrect.');
    expect(await statusOf(booking.id)).toBe('ACCEPTED');
    expect(await charges(payment.id)).toBe(0);
    expect((await kit.expectOk(await kit.api.get(`/v1/payments/${payment.id}`, { token: w.client.token }))).failure_message).toBe('Your card number is incorrect.');

    // Another card on the same payment then succeeds.
    expect((await kit.expectOk(await confirm(payment.id, { by: w.client, body: card(typedTestCardNumber()) }))).status).toBe('succeeded');
    expect(await statusOf(booking.id)).toBe('CONFIRMED');
  });

  it('the 3155 card needs the extra step: failing it fails the payment, approving it confirms the booking', async () => {
    const booking = await kit.accepted(w);
    const payment = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    const pending = await kit.expectOk(await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.requiresAction.number) }));
    expect(pending).toMatchObject({ status: 'requires_action', next_action_url: `/intermediary/${payment.id}` });
    expect((await confirm(payment.id, { by: w.client, body: card(typedTestCardNumber()) })).status).toBe(409);
    expect((await kit.api.post(`/v1/payments/${payment.id}/action`, { body: { outcome: 'approve' }, token: w.restaurant.token })).status).toBe(403);

    const failed = await kit.expectOk(await kit.api.post(`/v1/payments/${payment.id}/action`, { body: { outcome: 'fail' }, token: w.client.token }));
    expect(failed.status).toBe('failed');
    expect(failed.failure_message).toMatch(/unable to authenticate/);
    expect(await statusOf(booking.id)).toBe('ACCEPTED');

    await kit.expectOk(await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.requiresAction.number) }));
    const approved = await kit.expectOk(await kit.api.post(`/v1/payments/${payment.id}/action`, { body: { outcome: 'approve' }, token: w.client.token }));
    expect(approved.status).toBe('succeeded');
    expect(await statusOf(booking.id)).toBe('CONFIRMED');
    // Answering again changes nothing.
    expect((await kit.expectOk(await kit.api.post(`/v1/payments/${payment.id}/action`, { body: { outcome: 'fail' }, token: w.client.token }))).status).toBe('succeeded');
    expect(await charges(payment.id)).toBe(1);
  });

  it('only the client of an ACCEPTED booking pays; the parties see the payment, strangers get 404', async () => {
    const request = await kit.pending(w);
    expect((await create(request.id, { by: w.client })).status).toBe(409);
    const booking = await kit.accepted(w);
    expect((await create(booking.id, { by: w.restaurant })).status).toBe(403);
    expect((await create(booking.id, { by: w.stranger })).status).toBe(404);
    expect((await kit.api.get(`/v1/bookings/${booking.id}/payment-options`, { token: w.stranger.token })).status).toBe(404);

    const payment = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    expect((await confirm(payment.id, { by: w.stranger, body: card(typedTestCardNumber()) })).status).toBe(404);
    expect((await confirm(payment.id, { by: w.restaurant, body: card(typedTestCardNumber()) })).status).toBe(403);
    for (const party of [w.client, w.restaurant, w.manager, w.cause]) {
      expect((await kit.expectOk(await kit.api.get(`/v1/payments/${payment.id}`, { token: party.token }))).id).toBe(payment.id);
    }
    expect((await kit.api.get(`/v1/payments/${payment.id}`, { token: w.stranger.token })).status).toBe(404);
    expect((await kit.api.get(`/v1/payments/${randomUUID()}`, { token: w.client.token })).status).toBe(404);
    expect(await statusOf(booking.id)).toBe('ACCEPTED');
  });

  it('concurrent confirms charge once: of one payment, and of two payments for the same booking', async () => {
    const booking = await kit.accepted(w);
    const payment = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(payment.id, { by: w.client, body: card(typedTestCardNumber()) })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(answers.every((answer) => answer.body.status === 'succeeded')).toBe(true);
    expect(await charges(payment.id)).toBe(1);

    const other = await kit.accepted(w);
    const [one, two] = [await kit.expectOk(await create(other.id, { by: w.client }), 201), await kit.expectOk(await create(other.id, { by: w.client }), 201)];
    const results = await Promise.all([confirm(one.id, { by: w.client, body: card(typedTestCardNumber()) }), confirm(two.id, { by: w.client, body: card(typedTestCardNumber()) })]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect((await charges(one.id)) + (await charges(two.id))).toBe(1);
    expect(await statusOf(other.id)).toBe('CONFIRMED');
    expect((await checkLedger(testApp.app.db)).problems).toEqual([]);
  });
});

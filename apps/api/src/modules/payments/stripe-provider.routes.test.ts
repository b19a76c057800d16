import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { publicUrl } from '../../config/env.ts';
import { connectedAccounts, ledgerTransactions, notifications, payments, payouts, refunds, stripeWebhookEvents } from '../../db/schema/index.ts';
import { startStripeFake, stripeSettingsFor, type StripeFake } from '../../../test/support/stripe-fake.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { paymentNotificationKind } from '../notifications/notification-texts.ts';
import { balanceChargeKey } from './booking-money.ts';
import { LOCAL_CARD_MESSAGES } from './providers/local-provider.ts';
import { ledgerBalance } from './ledger.ts';
import { runPayouts } from './payouts.ts';
import { PENDING_PROVIDER_CALLS_EVERY_MS } from './payments.jobs.ts';
import { TEST_CARDS } from '@goodtable/shared';

const WEBHOOK_SECRET = 'whsec_goodtable_test';

/**
 * The payments API's key scenarios with STRIPE_SECRET_KEY set: the real Stripe SDK against a local fake of Stripe's
 * API (test/support/stripe-fake.ts), webhooks signed with the SDK's test header. The kit's menu: 50.00 per head,
 * minimum 2 guests, 20 booked: the deposit is 20.00 (2000 cents, AUD).
 */
describe('payments through the Stripe provider', () => {
  let fake: StripeFake;
  beforeAll(async () => {
    fake = await startStripeFake();
  });
  afterAll(() => fake.close());
  const { testApp, kit, w } = useBookingWorld({ env: () => ({ ...stripeSettingsFor(fake), STRIPE_PUBLISHABLE_KEY: 'pk_test_goodtable', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }) });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const db = () => testApp.app.db;
  const card = (number: string) => ({ card: { number, exp_month: 12, exp_year: 2099, cvc: '123' } });
  const create = async (bookingId: string, { by, type = 'CREDIT_CARD_DEPOSIT' }: { by: { token: string }; type?: string }) =>
    kit.expectOk(await kit.api.post(`/v1/bookings/${bookingId}/payments`, { body: { type }, token: by.token, headers: { 'idempotency-key': randomUUID() } }), 201);
  const confirm = async (paymentId: string, { by, body }: { by: { token: string }; body: unknown }) => kit.expectOk(await kit.api.post(`/v1/payments/${paymentId}/confirm`, { body, token: by.token }));
  const charges = async (paymentId: string) => (await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.paymentId, paymentId))).length;
  const statusOf = async (bookingId: string) => (await kit.get(bookingId, w.client)).status as string;
  const intentOf = async (paymentId: string) => {
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    return fake.intents.get(row!.providerRef!)!;
  };
  const postWebhook = (payload: string, signature: string) =>
    testApp.app.inject({ method: 'POST', url: '/v1/payments/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  const sendEvent = async (type: string, { intentId, eventId }: { intentId: string; eventId?: string }) => {
    const event = fake.signedEvent(type, { intentId, secret: WEBHOOK_SECRET, ...(eventId ? { eventId } : {}) });
    const response = await postWebhook(event.payload, event.signature);
    expect(response.statusCode).toBe(200);
    return response.json().result as string;
  };

  it('publishes the Stripe publishable key to the web app', async () => {
    expect(await kit.expectOk(await kit.api.get('/v1/config'))).toMatchObject({ stripe_publishable_key: 'pk_test_goodtable' });
  });

  it('creates a PaymentIntent of the server’s amount and confirms a card; a replayed webhook changes nothing', async () => {
    const booking = await kit.accepted(w);
    const payment = await create(booking.id, { by: w.client });
    const intent = await intentOf(payment.id);
    expect(payment.client_secret).toBe(intent.client_secret);
    expect(intent).toMatchObject({ amount: 2000, currency: booking.currency.toLowerCase(), metadata: { payment_id: payment.id, booking_id: booking.id }, setup_future_usage: 'off_session' });
    expect(fake.requests.find((request) => request.path === '/v1/payment_intents' && request.body['metadata'] && (request.body['metadata'] as Record<string, string>)['payment_id'] === payment.id)?.idempotencyKey).toBe(
      `payment-${payment.id}`,
    );

    const paid = await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.visa.number) });
    expect(paid).toMatchObject({ status: 'succeeded' });
    expect(intent.status).toBe('succeeded');
    expect(await statusOf(booking.id)).toBe('CONFIRMED');

    // Stripe tells us too, possibly more than once: the payment is charged once.
    const eventId = `evt_${randomUUID()}`;
    expect(await sendEvent('payment_intent.succeeded', { intentId: intent.id, eventId })).toBe('ignored');
    expect(await sendEvent('payment_intent.succeeded', { intentId: intent.id, eventId })).toBe('replayed');
    expect(await charges(payment.id)).toBe(1);
  });

  it('a declined card and insufficient funds show Stripe’s message and leave the booking ACCEPTED; another card then pays', async () => {
    const booking = await kit.accepted(w);
    const payment = await create(booking.id, { by: w.client });
    expect(await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.declined.number) })).toMatchObject({ status: 'failed', failure_code: 'card_declined', failure_message: 'Your card was declined.' });
    expect(await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.insufficientFunds.number) })).toMatchObject({
      status: 'failed',
      failure_code: 'insufficient_funds',
      failure_message: 'Your card has insufficient funds.',
    });
    expect(await statusOf(booking.id)).toBe('ACCEPTED');
    expect(await charges(payment.id)).toBe(0);
    // A card number that is not a Stripe test card never reaches Stripe from our server.
    const before = fake.requests.length;
    expect(await confirm(payment.id, { by: w.client, body: card('4000056655665556') })).toMatchObject({ status: 'failed', failure_code: 'live_card_in_test_mode' });
    expect(fake.requests.length).toBe(before);
    expect(await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.visa.number) })).toMatchObject({ status: 'succeeded' });
    expect(await charges(payment.id)).toBe(1);
  });

  it('3-D Secure: requires_action with Stripe’s page; the payer approves there and the webhook confirms the booking, once', async () => {
    const booking = await kit.accepted(w);
    const payment = await create(booking.id, { by: w.client });
    const stepped = await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.requiresAction.number) });
    const intent = await intentOf(payment.id);
    // Our page for the step; Stripe's own page (which Stripe.js opens in the browser) returns the payer to it.
    expect(stepped).toMatchObject({ status: 'requires_action', next_action_url: `/intermediary/${payment.id}` });
    expect(intent.next_action?.redirect_to_url).toEqual({ url: `${fake.url}/_test/3ds/${intent.id}`, return_url: `${publicUrl(testApp.app.config)}/intermediary/${payment.id}` });

    await fake.authenticate(intent.id, true);
    const eventId = `evt_${randomUUID()}`;
    expect(await sendEvent('payment_intent.succeeded', { intentId: intent.id, eventId })).toBe('applied');
    expect(await sendEvent('payment_intent.succeeded', { intentId: intent.id, eventId })).toBe('replayed');
    expect(await kit.expectOk(await kit.api.get(`/v1/payments/${payment.id}`, { token: w.client.token }))).toMatchObject({ status: 'succeeded' });
    expect(await statusOf(booking.id)).toBe('CONFIRMED');
    expect(await charges(payment.id)).toBe(1);
  });

  it('3-D Secure failed at Stripe: the payer’s browser saying “approve” does not make it pass', async () => {
    const booking = await kit.accepted(w);
    const payment = await create(booking.id, { by: w.client });
    await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.requiresAction.number) });
    await fake.authenticate((await intentOf(payment.id)).id, false);
    const answered = await kit.expectOk(await kit.api.post(`/v1/payments/${payment.id}/action`, { body: { outcome: 'approve' }, token: w.client.token }));
    expect(answered).toMatchObject({ status: 'failed', failure_code: 'authentication_failed' });
    expect(await statusOf(booking.id)).toBe('ACCEPTED');
    expect(await charges(payment.id)).toBe(0);
  });

  it('a lost answer: the SDK’s retry with its key gets it; lost for good, the payment waits (503) and the webhook reconciles it once', async () => {
    const booking = await kit.accepted(w);
    const payment = await create(booking.id, { by: w.client });
    const intent = await intentOf(payment.id);
    fake.loseAnswers(`/v1/payment_intents/${intent.id}/confirm`, 1);
    expect(await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.visa.number) })).toMatchObject({ status: 'succeeded' });
    expect(await charges(payment.id)).toBe(1);

    const other = await kit.accepted(w);
    const waiting = await create(other.id, { by: w.client });
    const charged = await intentOf(waiting.id);
    fake.loseAnswers(`/v1/payment_intents/${charged.id}/confirm`, 3); // the first try and the SDK's two retries
    const lost = await kit.api.post(`/v1/payments/${waiting.id}/confirm`, { body: card(TEST_CARDS.visa.number), token: w.client.token });
    expect(lost.status).toBe(503);
    expect(lost.body.code).toBe('payments.providerUnavailable');
    expect(charged.status).toBe('succeeded'); // Stripe did charge
    expect((await kit.expectOk(await kit.api.get(`/v1/payments/${waiting.id}`, { token: w.client.token }))).status).toBe('requires_payment_method');
    expect(await statusOf(other.id)).toBe('ACCEPTED');

    const eventId = `evt_${randomUUID()}`;
    expect(await sendEvent('payment_intent.succeeded', { intentId: charged.id, eventId })).toBe('applied');
    expect(await sendEvent('payment_intent.succeeded', { intentId: charged.id, eventId })).toBe('replayed');
    expect(await statusOf(other.id)).toBe('CONFIRMED');
    expect(await charges(waiting.id)).toBe(1);
    // Paying it again now answers the payment as it is, without a second charge.
    expect(await confirm(waiting.id, { by: w.client, body: card(TEST_CARDS.visa.number) })).toMatchObject({ status: 'succeeded' });
    expect(await charges(waiting.id)).toBe(1);
  });

  it('a webhook with a bad signature is 400 and changes nothing', async () => {
    const booking = await kit.accepted(w);
    const payment = await create(booking.id, { by: w.client });
    await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.requiresAction.number) });
    const intent = await intentOf(payment.id);
    await fake.authenticate(intent.id, true);

    const forged = fake.signedEvent('payment_intent.succeeded', { intentId: intent.id, secret: 'whsec_someone_else' });
    const wrongSecret = await postWebhook(forged.payload, forged.signature);
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({ code: 'payments.badWebhookSignature', details: [{ field: 'stripe-signature' }] });
    const genuine = fake.signedEvent('payment_intent.succeeded', { intentId: intent.id, secret: WEBHOOK_SECRET });
    expect((await postWebhook(genuine.payload.replace('"succeeded"', '"processing"'), genuine.signature)).statusCode).toBe(400);
    expect((await postWebhook(genuine.payload, '')).statusCode).toBe(400);

    expect(await db().select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, forged.eventId))).toEqual([]);
    expect((await kit.expectOk(await kit.api.get(`/v1/payments/${payment.id}`, { token: w.client.token }))).status).toBe('requires_action');
    expect(await statusOf(booking.id)).toBe('ACCEPTED');
    expect(await charges(payment.id)).toBe(0);
  });

  it.each([
    ['an hour in the future', 3600],
    ['an hour ago', -3600],
  ])('a webhook signed %s (outside the tolerance) is 400 and applies nothing', async (_when, offsetSeconds) => {
    const booking = await kit.accepted(w);
    const payment = await create(booking.id, { by: w.client });
    await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.requiresAction.number) });
    const intent = await intentOf(payment.id);
    await fake.authenticate(intent.id, true);

    const event = fake.signedEvent('payment_intent.succeeded', { intentId: intent.id, secret: WEBHOOK_SECRET, signedAt: Math.floor(Date.now() / 1000) + offsetSeconds });
    const response = await postWebhook(event.payload, event.signature);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ field: 'stripe-signature', message: 'validation.invalid' }] });
    expect(await db().select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, event.eventId))).toEqual([]);
    expect((await kit.expectOk(await kit.api.get(`/v1/payments/${payment.id}`, { token: w.client.token }))).status).toBe('requires_action');
    expect(await statusOf(booking.id)).toBe('ACCEPTED');
    expect(await charges(payment.id)).toBe(0);
    // The same event signed now is applied: only its signing time was refused.
    expect(await sendEvent('payment_intent.succeeded', { intentId: intent.id })).toBe('applied');
    expect(await statusOf(booking.id)).toBe('CONFIRMED');
  });

  it('a Stripe error reaches the client as the project’s code and message, never Stripe’s text or ids; nothing changes', async () => {
    const booking = await kit.accepted(w);
    const payment = await create(booking.id, { by: w.client });
    // A PaymentIntent Stripe does not know (`No such payment_intent: 'pi_…'`).
    await db().update(payments).set({ providerRef: 'pi_unknown_to_stripe' }).where(eq(payments.id, payment.id));
    const response = await kit.api.post(`/v1/payments/${payment.id}/confirm`, { body: card(TEST_CARDS.visa.number), token: w.client.token });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'The payment provider does not know this payment: nothing was charged',
      code: 'payments.providerPaymentNotFound',
    });
    expect(JSON.stringify(response.body)).not.toMatch(/pi_|No such/);
    expect((await kit.expectOk(await kit.api.get(`/v1/payments/${payment.id}`, { token: w.client.token }))).status).toBe('requires_payment_method');
    expect(await statusOf(booking.id)).toBe('ACCEPTED');
    expect(await charges(payment.id)).toBe(0);
  });

  it('BECS Direct Debit stays processing until Stripe reports the debit cleared', async () => {
    const booking = await kit.accepted(w);
    const payment = await create(booking.id, { by: w.client, type: 'BECS_DEBIT_DEPOSIT' });
    const debit = await confirm(payment.id, { by: w.client, body: { becs: { bsb: '000-000', account_number: '000123456', account_name: 'Jenny Rosen' } } });
    expect(debit.status).toBe('processing');
    const intent = await intentOf(payment.id);
    expect(await sendEvent('payment_intent.processing', { intentId: intent.id })).toBe('ignored');
    expect(await charges(payment.id)).toBe(0);

    fake.clearDebit(intent.id);
    expect(await sendEvent('payment_intent.succeeded', { intentId: intent.id })).toBe('applied');
    expect(await statusOf(booking.id)).toBe('CONFIRMED');
    expect(await charges(payment.id)).toBe(1);
  });

  it('a failed debit reported by webhook fails the payment with the bank’s reason, in our words', async () => {
    const booking = await kit.accepted(w);
    const payment = await create(booking.id, { by: w.client, type: 'BECS_DEBIT_DEPOSIT' });
    await confirm(payment.id, { by: w.client, body: { becs: { bsb: '000-000', account_number: '111111113', account_name: 'Jenny Rosen' } } });
    const intent = await intentOf(payment.id);
    fake.clearDebit(intent.id);
    expect(await sendEvent('payment_intent.payment_failed', { intentId: intent.id })).toBe('applied');
    // In our words for the bank's code, not Stripe's text.
    expect(await kit.expectOk(await kit.api.get(`/v1/payments/${payment.id}`, { token: w.client.token }))).toMatchObject({
      status: 'failed',
      failure_code: 'account_closed',
      failure_message: LOCAL_CARD_MESSAGES.account_closed,
    });
    expect(await statusOf(booking.id)).toBe('ACCEPTED');
    expect(await charges(payment.id)).toBe(0);
  });

  it('the restaurant cancelling refunds the card at Stripe, keyed by the payment and the reason', async () => {
    const booking = await kit.accepted(w);
    const payment = await create(booking.id, { by: w.client });
    await confirm(payment.id, { by: w.client, body: card(TEST_CARDS.visa.number) });
    await kit.act(booking, { action: 'cancel', by: w.restaurant }).then(kit.expectOk);
    const [refund] = await db().select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ amount: 2000, status: 'succeeded', reason: 'restaurant_cancelled' });
    expect(refund!.providerRef).toMatch(/^re_/);
    const call = fake.requests.find((request) => request.path === '/v1/refunds' && request.idempotencyKey === `refund-${payment.id}:restaurant_cancelled`);
    expect(call?.body).toMatchObject({ payment_intent: (await intentOf(payment.id)).id, amount: '2000' });
    expect((await intentOf(payment.id)).refunded).toBe(2000);
  });

  it('settlement charges the balance to the saved card off-session; payouts are Connect transfers, refused ones retried', async () => {
    const own = await kit.world();
    const booking = await kit.accepted(own, 2);
    const payment = await create(booking.id, { by: own.client });
    await confirm(payment.id, { by: own.client, body: card(TEST_CARDS.visa.number) });
    await kit.sellTickets(booking.id, 1); // marking complete needs a ticket on the counter
    await kit.advance(6 * kit.HOUR);
    await kit.act(booking, { action: 'mark-complete', by: own.restaurant }).then(kit.expectOk);
    expect((await kit.confirmComplete(booking, own.client)).status).toBe('COMPLETED');

    // No ticket money yet: F = 50.00 × 20 guests = 1,000.00, of which the deposit covers 20.00.
    const [balance] = await db().select().from(payments).where(eq(payments.bookingId, booking.id)).then((rows) => rows.filter((row) => row.type === 'BECS_DEBIT_BALANCE_FEE'));
    expect(balance).toMatchObject({ status: 'succeeded', amount: 98_000, provider: 'stripe' });
    const offSession = fake.intents.get(balance!.providerRef!)!;
    expect(offSession).toMatchObject({ status: 'succeeded', amount: 98_000, customer: (await intentOf(payment.id)).customer });
    expect(offSession.payment_method).toMatch(/^pm_/);

    const restaurantAccount = `acct_${randomUUID().replace(/-/g, '')}`;
    await db().insert(connectedAccounts).values({ id: restaurantAccount, userId: own.restaurant.id, provider: 'stripe', capabilities: { transfers: 'active' } });
    fake.restrictedAccounts.add(restaurantAccount);
    const deps = { db: db(), clock: testApp.app.clock, provider: testApp.app.paymentProvider, notifications: null };
    await runPayouts(deps);
    const [refused] = await db().select().from(payouts).where(eq(payouts.ownerId, own.restaurant.id));
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, amount: 100_000 });
    expect(refused!.lastError).toMatch(/capabilities/);

    fake.restrictedAccounts.delete(restaurantAccount);
    await kit.advance(kit.HOUR);
    await runPayouts(deps);
    const [paid] = await db().select().from(payouts).where(eq(payouts.ownerId, own.restaurant.id));
    expect(paid).toMatchObject({ status: 'paid', attempts: 2 });
    expect(paid!.providerRef).toMatch(/^tr_/);
    const attempts = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/transfers' && request.body['transfer_group'] === `payout-${paid!.id}`);
    expect(attempts).toHaveLength(2);
    // Each attempt its own key (Stripe would answer a refused key's refusal forever); one transfer was made.
    expect(new Set(attempts.map((request) => request.idempotencyKey)).size).toBe(2);
    expect(fake.transfers).toContainEqual(expect.objectContaining({ id: paid!.providerRef, amount: 100_000, currency: booking.currency.toLowerCase(), destination: restaurantAccount }));
    // A pass that lost its answer (a crash before our commit) finds the transfer and pays nothing twice.
    expect(await testApp.app.paymentProvider.payout({ connectedAccountId: restaurantAccount, amount: 100_000, currency: booking.currency, idempotencyKey: paid!.id })).toEqual({ status: 'paid', ref: paid!.providerRef });
    expect(fake.transfers.filter((transfer) => transfer['transfer_group'] === `payout-${paid!.id}`)).toHaveLength(1);
    expect(await ledgerBalance(db(), { ownerId: own.restaurant.id, purpose: 'paid_out', currency: booking.currency })).toBe(100_000);
  });

  it('a balance debited from the saved bank account stays processing until Stripe reports it cleared; then it is in the ledger', async () => {
    const own = await kit.world();
    const booking = await kit.accepted(own, 2);
    const deposit = await create(booking.id, { by: own.client, type: 'BECS_DEBIT_DEPOSIT' });
    await confirm(deposit.id, { by: own.client, body: { becs: { bsb: '000-000', account_number: '000123456', account_name: 'Jenny Rosen' } } });
    const depositIntent = await intentOf(deposit.id);
    fake.clearDebit(depositIntent.id);
    expect(await sendEvent('payment_intent.succeeded', { intentId: depositIntent.id })).toBe('applied');
    await kit.sellTickets(booking.id, 1);
    await kit.advance(6 * kit.HOUR);
    await kit.act(booking, { action: 'mark-complete', by: own.restaurant }).then(kit.expectOk);
    expect((await kit.confirmComplete(booking, own.client)).status).toBe('COMPLETED');

    // Stripe debits the bank account the deposit came from: processing, nothing in the ledger, nobody told it failed.
    const balanceRow = async () => (await db().select().from(payments).where(eq(payments.bookingId, booking.id))).find((row) => row.type === 'BECS_DEBIT_BALANCE_FEE')!;
    const pending = await balanceRow();
    expect(pending).toMatchObject({ status: 'processing', amount: 98_000, failureCode: null });
    expect(fake.intents.get(pending.providerRef!)!.metadata).toMatchObject({ payment_id: pending.id, kind: 'settlement_balance' });
    expect(await charges(pending.id)).toBe(0);
    expect(await sendEvent('payment_intent.processing', { intentId: pending.providerRef! })).toBe('ignored');

    // Days later the bank answers: the webhook records the charge once, and the client hears of it then.
    await kit.advance(3 * kit.DAY);
    const bankAnsweredAt = new Date(await kit.now()).getTime();
    fake.clearDebit(pending.providerRef!);
    expect(await sendEvent('payment_intent.succeeded', { intentId: pending.providerRef! })).toBe('applied');
    const paidNotices = await db()
      .select({ createdAt: notifications.createdAt })
      .from(notifications)
      .where(and(eq(notifications.recipientId, own.client.id), eq(notifications.objectId, booking.id), eq(notifications.kind, paymentNotificationKind('succeeded'))));
    expect(Math.max(...paidNotices.map((notice) => notice.createdAt.getTime()))).toBeGreaterThanOrEqual(bankAnsweredAt);
    expect(await balanceRow()).toMatchObject({ status: 'succeeded', providerRef: pending.providerRef });
    expect(await charges(pending.id)).toBe(1);
    expect(await sendEvent('payment_intent.succeeded', { intentId: pending.providerRef! })).toBe('ignored');
    expect(await charges(pending.id)).toBe(1);
    const list = await kit.expectOk(await kit.api.get(`/v1/bookings/payments?booking_id=${booking.id}`, { token: own.client.token }));
    expect(list.data.find((item: { type: string }) => item.type === 'BECS_DEBIT_BALANCE_FEE')).toMatchObject({ status: 'succeeded', amount: 98_000 });
  });

  it('a balance charge whose answer from Stripe was lost is asked again by the retrying job and charged once', async () => {
    const own = await kit.world();
    const booking = await kit.accepted(own, 2);
    const payment = await create(booking.id, { by: own.client });
    await confirm(payment.id, { by: own.client, body: card(TEST_CARDS.visa.number) });
    await kit.sellTickets(booking.id, 1);
    await kit.advance(6 * kit.HOUR);
    await kit.act(booking, { action: 'mark-complete', by: own.restaurant }).then(kit.expectOk);

    // Stripe charges, then its answer is lost. Stripe is asked after the settlement committed, so the booking is
    // COMPLETED and the balance waits, owed and not yet charged as far as we know.
    const provider = testApp.app.paymentProvider;
    const original = provider.chargeBalance.bind(provider);
    vi.spyOn(provider, 'chargeBalance').mockImplementationOnce(async (input) => {
      await original(input);
      throw new Error('the connection dropped before Stripe answered');
    });
    expect((await kit.confirmComplete(booking, own.client)).status).toBe('COMPLETED');
    const balanceIntents = () => [...fake.intents.values()].filter((intent) => intent.metadata['booking_id'] === booking.id && intent.metadata['kind'] === 'settlement_balance');
    expect(balanceIntents()).toHaveLength(1);
    const balanceRows = async () => (await db().select().from(payments).where(eq(payments.bookingId, booking.id))).filter((row) => row.type === 'BECS_DEBIT_BALANCE_FEE');
    expect(await balanceRows()).toMatchObject([{ status: 'processing', amount: 98_000, providerRef: null }]);

    // The retrying job asks again with the same key: Stripe answers the charge it made; one charge, recorded once.
    await kit.advance(PENDING_PROVIDER_CALLS_EVERY_MS);
    expect(balanceIntents()).toHaveLength(1);
    const calls = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents' && request.idempotencyKey === balanceChargeKey(booking.id));
    expect(calls).toHaveLength(2);
    const balances = await balanceRows();
    expect(balances).toHaveLength(1);
    expect(balances[0]).toMatchObject({ status: 'succeeded', amount: 98_000, providerRef: balanceIntents()[0]!.id });
    expect(await charges(balances[0]!.id)).toBe(1);
  });
});

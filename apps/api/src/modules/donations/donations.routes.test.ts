import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { causes, donations, ledgerTransactions, payments, refunds } from '../../db/schema/index.ts';
import { waitForEmail } from '../../../test/support/mailbox.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { checkLedger, ledgerBalance } from '../payments/ledger.ts';
import { TEST_CARDS, testCard } from '@goodtable/shared';

const CARD = testCard();
const card = (number: string) => ({ card: { ...CARD, number } });

/** Donations at /donate/{id}: guests unless a token is given. The kit's events are in AUD. */
describe('donations to a cause, with or without an event', () => {
  const { testApp, kit, w } = useBookingWorld({ setupTimeoutMs: 300_000 });

  const db = () => testApp.app.db;
  const api = () => kit.api;
  const donate = (causeId: string, { body, token, key = randomUUID() }: { body: Record<string, unknown>; token?: string; key?: string }) =>
    api().post(`/v1/causes/${causeId}/donations`, { body, ...(token ? { token } : {}), headers: { 'idempotency-key': key } });
  const causeEarnings = (ownerId: string, currency = 'AUD') => ledgerBalance(db(), { ownerId, purpose: 'cause_earnings', currency });

  async function confirmedEvent(cause = w.cause) {
    const created = await kit.draft(w.client, await kit.requestBody({ ...w, cause }, { overrides: { guests: 20 } }));
    await kit.expectOk(await kit.act(created, { action: 'submit', by: w.client }));
    await kit.expectOk(await kit.act(created, { action: 'accept', by: w.restaurant }));
    const payment = await kit.expectOk(await api().post(`/v1/bookings/${created.id}/payments`, { body: { type: 'CREDIT_CARD_DEPOSIT' }, token: w.client.token, headers: { 'idempotency-key': randomUUID() } }), 201);
    expect((await kit.expectOk(await api().post(`/v1/payments/${payment.id}/confirm`, { body: { card: CARD }, token: w.client.token }))).status).toBe('succeeded');
    return created as { id: string };
  }

  it('rejects bad input naming the field and writes nothing', async () => {
    const before = (await db().select().from(donations)).length;
    const paymentsBefore = (await db().select().from(payments)).length;
    for (const [body, field] of [
      [{ amount: 199, email: 'donor@example.test' }, 'amount'],
      [{ amount: 1_000_001, email: 'donor@example.test' }, 'amount'],
      [{ amount: 25.5, email: 'donor@example.test' }, 'amount'],
      [{ amount: -100, email: 'donor@example.test' }, 'amount'],
      [{ amount: 2500, email: 'not-an-email' }, 'email'],
      [{ amount: 2500, email: 'donor@example.test', message: 'x'.repeat(501) }, 'message'],
      [{ amount: 2500, email: 'donor@example.test', event_id: 'nope' }, 'event_id'],
    ] as const) {
      const response = await donate(w.cause.causeId, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    expect((await donate(randomUUID(), { body: { amount: 2500, email: 'donor@example.test' } })).status).toBe(404);
    expect((await db().select().from(donations)).length).toBe(before);
    expect((await db().select().from(payments)).length).toBe(paymentsBefore);
  });

  it('a guest donates without an event: a declined card changes nothing, then the cause is credited in full at once and the receipt states the tax-deductible amount', async () => {
    await db().update(causes).set({ charityRegistrationNumber: 'ABN 11 222 333 444' }).where(eq(causes.id, w.cause.causeId));
    const options = await kit.expectOk(await api().get(`/v1/causes/${w.cause.causeId}/donation-options`));
    expect(options).toMatchObject({ currency: 'AUD', min: 200, presets: [2500, 5000, 10000], event: null });
    const earnedBefore = await causeEarnings(w.cause.id);
    const key = randomUUID();
    const body = { amount: 5000, email: 'giver@example.test', name: 'Lan Pham', message: 'For the kitchen', anonymous: true };
    const created = await kit.expectOk(await donate(w.cause.causeId, { body, key }), 201);
    expect(created).toMatchObject({ amount: 5000, currency: 'AUD', status: 'pending', tax_deductible: 5000, event: null, anonymous: true, payment: { status: 'requires_payment_method' } });
    // The same key answers the same donation; another body with it is refused.
    expect((await kit.expectOk(await donate(w.cause.causeId, { body, key }), 201)).id).toBe(created.id);
    expect((await donate(w.cause.causeId, { body: { ...body, amount: 6000 }, key })).status).toBe(409);

    const declined = await kit.expectOk(await api().post(`/v1/payments/${created.payment.id}/confirm`, { body: card(TEST_CARDS.declined.number) }));
    expect(declined).toMatchObject({ status: 'failed', failure_code: 'card_declined', type: 'CREDIT_CARD_DONATION', booking_id: null });
    expect((await kit.expectOk(await api().get(`/v1/donations/${created.receipt_token}`))).status).toBe('pending');
    expect(await causeEarnings(w.cause.id)).toBe(earnedBefore);

    const paid = await kit.expectOk(await api().post(`/v1/payments/${created.payment.id}/confirm`, { body: card(CARD.number) }));
    expect(paid.status).toBe('succeeded');
    // Confirming again charges nothing more.
    expect((await kit.expectOk(await api().post(`/v1/payments/${created.payment.id}/confirm`, { body: card(CARD.number) }))).status).toBe('succeeded');
    expect((await kit.expectOk(await api().get(`/v1/donations/${created.receipt_token}`))).status).toBe('paid');
    expect(await causeEarnings(w.cause.id)).toBe(earnedBefore + 5000);
    const credits = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.paymentId, created.payment.id));
    expect(credits.map((row) => row.kind).sort()).toEqual(['charge', 'donation']);
    const email = await waitForEmail(testApp.baseUrl, { to: 'giver@example.test', subject: /^Receipt for your donation of A\$50\.00 to Hope Kitchen/ });
    expect(email.text).toContain('Gift amount: A$50.00 (all of your donation; nothing was given in return)');
    expect(email.text).not.toMatch(/tax-deductible/i);
    expect(email.text).toContain('ABN 11 222 333 444');
    expect(email.text).toContain('Hello Lan Pham');
    // The email's link opens the receipt by its secret; the donation's id, or the payment's, opens nothing.
    expect(email.text).toContain(`/donate/${w.cause.causeId}?receipt=${created.receipt_token}`);
    expect(email.text).not.toContain(`donation=${created.id}`);
    for (const notASecret of [created.id, created.payment.id, randomUUID(), 'x'.repeat(64), 'f'.repeat(64), '%00', created.receipt_token.toUpperCase()]) {
      const refused = await api().get(`/v1/donations/${notASecret}`);
      expect(refused.status, notASecret).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('giver@example.test');
    }
    // The cause's page counts it in what it raised.
    const activity = await kit.expectOk(await api().get(`/v1/causes/${w.cause.causeId}/activity`));
    expect(activity.raised).toContainEqual({ currency: 'AUD', amount: 5000 });
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('a donation for an event counts in its raised, waits in the event’s holding (not the cause’s earnings), and is refunded when the restaurant cancels', async () => {
    const event = await confirmedEvent();
    const options = await kit.expectOk(await api().get(`/v1/causes/${w.cause.causeId}/donation-options?event=${event.id}`));
    expect(options.event).toMatchObject({ id: event.id });
    const other = await kit.cause('Other Cause');
    expect((await donate(other.causeId, { body: { amount: 2500, email: 'x@example.test', event_id: event.id } })).status).toBe(400);
    expect((await donate(w.cause.causeId, { body: { amount: 2500, email: 'x@example.test', event_id: randomUUID() } })).status).toBe(404);

    const earnedBefore = await causeEarnings(w.cause.id);
    const created = await kit.expectOk(await donate(w.cause.causeId, { body: { amount: 3000, email: 'event-giver@example.test', event_id: event.id } }), 201);
    expect(created.event).toMatchObject({ id: event.id });
    expect((await kit.expectOk(await api().post(`/v1/payments/${created.payment.id}/confirm`, { body: card(CARD.number) }))).status).toBe('succeeded');
    expect((await kit.expectOk(await api().get(`/v1/events/${event.id}`))).raised).toBe(3000);
    // It waits for the settlement in the event's holding: the cause has not been paid yet.
    expect(await causeEarnings(w.cause.id)).toBe(earnedBefore);

    await kit.act(event, { action: 'cancel', by: w.restaurant }).then(kit.expectOk);
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, created.payment.id))).toMatchObject([{ amount: 3000, reason: 'restaurant_cancelled' }]);
    expect((await kit.expectOk(await api().get(`/v1/donations/${created.receipt_token}`))).status).toBe('refunded');
    await waitForEmail(testApp.baseUrl, { to: 'event-giver@example.test', subject: /^Refund of your A\$30\.00 donation/ });
    // A cancelled event takes no more donations.
    expect((await donate(w.cause.causeId, { body: { amount: 2500, email: 'x@example.test', event_id: event.id } })).status).toBe(404);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('a signed-in donor’s payment keeps its payer; the extra step works; others cannot see or confirm it', async () => {
    const created = await kit.expectOk(await donate(w.cause.causeId, { body: { amount: 2500, email: 'client@example.test' }, token: w.client.token }), 201);
    const [row] = await db().select().from(payments).where(eq(payments.id, created.payment.id));
    expect(row!.payerId).toBe(w.client.id);
    expect((await api().post(`/v1/payments/${created.payment.id}/confirm`, { body: card(CARD.number) })).status).toBe(401);
    expect((await api().get(`/v1/payments/${created.payment.id}`, { token: w.stranger.token })).status).toBe(404);
    const pending = await kit.expectOk(await api().post(`/v1/payments/${created.payment.id}/confirm`, { body: card(TEST_CARDS.requiresAction.number), token: w.client.token }));
    expect(pending).toMatchObject({ status: 'requires_action', next_action_url: `/intermediary/${created.payment.id}` });
    const approved = await kit.expectOk(await api().post(`/v1/payments/${created.payment.id}/action`, { body: { outcome: 'approve' }, token: w.client.token }));
    expect(approved.status).toBe('succeeded');
    expect((await kit.expectOk(await api().get(`/v1/donations/${created.receipt_token}`))).status).toBe('paid');
  });

  it('a Vietnamese cause takes dong', async () => {
    const vn = await kit.cause('Bếp Yêu Thương');
    await db().update(causes).set({ countryCode: 'VN' }).where(eq(causes.id, vn.causeId));
    const options = await kit.expectOk(await api().get(`/v1/causes/${vn.causeId}/donation-options`));
    expect(options).toMatchObject({ currency: 'VND', min: 20000, presets: [200000, 500000, 1000000] });
    expect((await donate(vn.causeId, { body: { amount: 19999, email: 'vn@example.test' } })).status).toBe(400);
    const created = await kit.expectOk(await donate(vn.causeId, { body: { amount: 500000, email: 'vn@example.test' } }), 201);
    expect(created.currency).toBe('VND');
    expect((await kit.expectOk(await api().post(`/v1/payments/${created.payment.id}/confirm`, { body: card(TEST_CARDS.insufficientFunds.number) }))).failure_code).toBe('insufficient_funds');
  });
  it('the public supporters list shows paid donations newest first, never an anonymous donor’s name nor a message', async () => {
    const cause = await kit.cause('Supporters Cause');
    const event = await confirmedEvent(cause);
    const give = async (body: Record<string, unknown>, number = CARD.number) => {
      const created = await kit.expectOk(await donate(cause.causeId, { body: { email: 'supporter@example.test', ...body } }), 201);
      await kit.expectOk(await api().post(`/v1/payments/${created.payment.id}/confirm`, { body: card(number) }));
      await testApp.app.clock.advance(1000);
      return created as { id: string; receipt_token: string };
    };
    const named = await give({ amount: 2500, name: 'Lan Pham', message: 'For the kitchen' });
    const hidden = await give({ amount: 5000, name: 'Secret Donor', anonymous: true });
    await give({ amount: 7000, name: 'Declined Donor' }, TEST_CARDS.declined.number);
    const forEvent = await give({ amount: 3000, event_id: event.id });

    const all = await kit.expectOk(await api().get(`/v1/causes/${cause.causeId}/supporters`));
    // Nothing in it opens a receipt: no donation id, no secret, no email, no message.
    expect(all).toEqual({
      total: 3,
      data: [
        { name: null, amount: 3000, currency: 'AUD', created_at: expect.any(String) },
        { name: null, amount: 5000, currency: 'AUD', created_at: expect.any(String) },
        { name: 'Lan Pham', amount: 2500, currency: 'AUD', created_at: expect.any(String) },
      ],
    });
    for (const secret of ['Secret Donor', 'For the kitchen', 'supporter@example.test', named.id, hidden.id, hidden.receipt_token, forEvent.id]) expect(JSON.stringify(all)).not.toContain(secret);
    // The donor's own secret still opens the receipt, with what the public list leaves out.
    expect(await kit.expectOk(await api().get(`/v1/donations/${hidden.receipt_token}`))).toMatchObject({ id: hidden.id, name: 'Secret Donor', anonymous: true, email: 'supporter@example.test' });
    expect(await kit.expectOk(await api().get(`/v1/causes/${cause.causeId}/supporters?limit=1`))).toMatchObject({ total: 3, data: [{ amount: 3000 }] });
    expect(await kit.expectOk(await api().get(`/v1/causes/${cause.causeId}/supporters?event=${event.id}`))).toMatchObject({ total: 1, data: [{ amount: 3000 }] });

    for (const [query, field] of [['limit=0', 'limit'], ['limit=21', 'limit'], ['limit=many', 'limit'], ['event=nope', 'event']] as const) {
      const response = await api().get(`/v1/causes/${cause.causeId}/supporters?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    expect((await api().get(`/v1/causes/${randomUUID()}/supporters`)).status).toBe(404);
    await db().update(causes).set({ published: false }).where(eq(causes.id, cause.causeId));
    expect((await api().get(`/v1/causes/${cause.causeId}/supporters`)).status).toBe(404);
  });
});

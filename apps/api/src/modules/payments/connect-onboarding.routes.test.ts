import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { publicUrl } from '../../config/env.ts';
import { connectedAccounts, payouts, stripeWebhookEvents, users } from '../../db/schema/index.ts';
import { startStripeFake, stripeSettingsFor, type StripeFake } from '../../../test/support/stripe-fake.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { postLedgerTransaction } from './ledger.ts';
import { runPayouts } from './payouts.ts';

const WEBHOOK_SECRET = 'whsec_goodtable_connect';

/**
 * Payout onboarding with STRIPE_SECRET_KEY set (Stripe Connect Express): the real SDK against the local fake of
 * Stripe (test/support/stripe-fake.ts), `account.updated` webhooks signed with the SDK's test header.
 */
describe('Stripe Connect onboarding of payout accounts', () => {
  let fake: StripeFake;
  beforeAll(async () => {
    fake = await startStripeFake();
  });
  afterAll(() => fake.close());
  const { testApp, kit, w } = useBookingWorld({
    env: () => ({
      ...stripeSettingsFor(fake),
      // account.updated comes to Stripe's Connect endpoint, which has its own secret.
      STRIPE_WEBHOOK_SECRET: 'whsec_goodtable_account_endpoint',
      STRIPE_CONNECT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    }),
  });

  const db = () => testApp.app.db;
  const start = (by: { token: string }, country = 'AU') => kit.api.post('/v1/payments/me/connected-account/onboarding', { body: { country }, token: by.token });
  const refresh = (by: { token: string }) => kit.api.post('/v1/payments/me/connected-account/refresh', { token: by.token });
  const mine = (by: { token: string }) => kit.api.get('/v1/payments/me/connected-account', { token: by.token });
  const accountRequests = () => fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/accounts');
  const sendAccountEvent = async (accountId: string, eventId?: string) => {
    const event = fake.signedAccountEvent('account.updated', { accountId, secret: WEBHOOK_SECRET, ...eventId ? { eventId } : {} });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/v1/payments/webhooks/stripe',
      payload: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
    expect(response.statusCode).toBe(200);
    return response.json().result as string;
  };

  it('tells the web app the provider is Stripe', async () => {
    expect(await kit.expectOk(await kit.api.get('/v1/config'))).toMatchObject({ payment_provider: 'stripe' });
  });

  it('creates one Express account per payee and a fresh account link back to /payment-management on every visit', async () => {
    const seller = await kit.restaurant();
    expect(await kit.expectOk(await mine(seller))).toBeNull();
    const before = accountRequests().length;
    const first = await kit.expectOk(await start(seller));
    const [row] = await db().select().from(connectedAccounts).where(eq(connectedAccounts.userId, seller.id));
    expect(row).toMatchObject({ provider: 'stripe', capabilities: { transfers: 'inactive' }, externalAccount: null });
    expect(row!.id).toMatch(/^acct_/);
    const [user] = await db().select({ connectedAccountId: users.connectedAccountId, email: users.email }).from(users).where(eq(users.id, seller.id));
    expect(user!.connectedAccountId).toBe(row!.id);

    const created = accountRequests().slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({ type: 'express', country: 'AU', email: user!.email, capabilities: { transfers: { requested: 'true' } }, metadata: { user_id: seller.id } });
    expect(created[0]!.idempotencyKey).toMatch(new RegExp(`^connect-account-${seller.id}`));
    const link = fake.requests.filter((request) => request.path === '/v1/account_links').at(-1)!;
    const web = publicUrl(testApp.app.config);
    expect(link.body).toEqual({
      account: row!.id,
      type: 'account_onboarding',
      refresh_url: `${web}/payment-management?onboarding=refresh`,
      return_url: `${web}/payment-management?onboarding=return`,
    });
    expect(first.url).toMatch(new RegExp(`^${fake.url}/_test/connect/${row!.id}/`));
    expect(Date.parse(first.expires_at)).toBeGreaterThan(Date.now());

    // The link expired (the refresh URL) or the payee came back later: the same account, a new link.
    const second = await kit.expectOk(await start(seller));
    expect(second.url).not.toBe(first.url);
    expect(accountRequests().slice(before)).toHaveLength(1);
    expect(await db().select().from(connectedAccounts).where(eq(connectedAccounts.userId, seller.id))).toHaveLength(1);
  });

  it('two onboarding starts at once end with one account', async () => {
    const seller = await kit.restaurant();
    const answers = await Promise.all([start(seller), start(seller)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await db().select().from(connectedAccounts).where(eq(connectedAccounts.userId, seller.id))).toHaveLength(1);
    const ids = new Set(accountRequests().filter((request) => (request.body['metadata'] as Record<string, string>)['user_id'] === seller.id).map((request) => request.idempotencyKey));
    expect(ids.size).toBe(1); // both calls carried the same key: Stripe made one account
  });

  it('capabilities follow the return refresh and account.updated webhooks (signed, replayed once); payouts wait for active transfers', async () => {
    const { cause } = w;
    await kit.expectOk(await start(cause));
    const accountId = (await kit.expectOk(await mine(cause))).id as string;

    // The payee filled in Stripe's pages and came back: Stripe is verifying.
    fake.completeOnboarding(accountId, { bsb: '110000', accountNumber: '000123456', holder: 'Shelter Trust' });
    expect(await kit.expectOk(await refresh(cause))).toMatchObject({
      id: accountId,
      provider: 'stripe',
      capabilities: { transfers: 'pending' },
      external_account: { country: 'AU', account_holder: 'Shelter Trust', bsb: '110-000', bank_code: null, account_number_last4: '3456' },
    });

    // Earnings wait while verification is pending.
    const currency = 'AUD';
    await postLedgerTransaction(db(), {
      kind: 'charge',
      createdAt: new Date(await kit.now()),
      legs: [
        { account: { ownerId: w.stranger.id, purpose: 'payer', currency }, amount: -5000 },
        { account: { ownerId: cause.id, purpose: 'cause_earnings', currency }, amount: 5000 },
      ],
    });
    const deps = { db: db(), clock: testApp.app.clock, provider: testApp.app.paymentProvider, notifications: null };
    await runPayouts(deps);
    expect(await db().select().from(payouts).where(eq(payouts.ownerId, cause.id))).toEqual([]);

    // Stripe verified the account and says so.
    fake.verifyAccount(accountId);
    const eventId = `evt_${randomUUID()}`;
    expect(await sendAccountEvent(accountId, eventId)).toBe('applied');
    expect((await kit.expectOk(await mine(cause))).capabilities).toEqual({ transfers: 'active' });
    // Redelivered after a later change: nothing is applied again.
    fake.verifyAccount(accountId, false);
    expect(await sendAccountEvent(accountId, eventId)).toBe('replayed');
    expect((await kit.expectOk(await mine(cause))).capabilities).toEqual({ transfers: 'active' });
    expect(await db().select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, eventId))).toHaveLength(1);

    fake.verifyAccount(accountId);
    await runPayouts(deps);
    const [paid] = await db().select().from(payouts).where(eq(payouts.ownerId, cause.id));
    expect(paid).toMatchObject({ status: 'paid', amount: 5000, connectedAccountId: accountId });
    expect(fake.transfers).toContainEqual(expect.objectContaining({ destination: accountId, amount: 5000 }));

    // Stripe disables transfers (new requirements): the next event says so and the banner's state follows.
    fake.verifyAccount(accountId, false);
    expect(await sendAccountEvent(accountId)).toBe('applied');
    expect((await kit.expectOk(await mine(cause))).capabilities).toEqual({ transfers: 'inactive' });
  });

  it('an account.updated event for an account that is not ours, or badly signed, changes nothing', async () => {
    const stranger = await kit.restaurant();
    await kit.expectOk(await start(stranger));
    const accountId = (await kit.expectOk(await mine(stranger))).id as string;
    await db().delete(connectedAccounts).where(eq(connectedAccounts.id, accountId));
    fake.verifyAccount(accountId);
    expect(await sendAccountEvent(accountId)).toBe('ignored');

    const seller = await kit.restaurant();
    await kit.expectOk(await start(seller));
    const own = (await kit.expectOk(await mine(seller))).id as string;
    fake.verifyAccount(own);
    const forged = fake.signedAccountEvent('account.updated', { accountId: own, secret: 'whsec_someone_else' });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/v1/payments/webhooks/stripe',
      payload: forged.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': forged.signature },
    });
    expect(response.statusCode).toBe(400);
    expect((await kit.expectOk(await mine(seller))).capabilities).toEqual({ transfers: 'inactive' });
  });

  it('a country Stripe does not serve is 409 (the page then offers “My country is not listed”); the local form is refused', async () => {
    const seller = await kit.restaurant();
    const refused = await start(seller, 'VN');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('payments.countryNotSupported');
    expect(await db().select().from(connectedAccounts).where(eq(connectedAccounts.userId, seller.id))).toEqual([]);
    const form = await kit.api.put('/v1/payments/me/connected-account', { body: { country: 'AU', account_holder: 'A', bsb: '000-000', account_number: '000123456' }, token: seller.token });
    expect(form.status).toBe(409);
    expect(form.body.code).toBe('payments.onboardingAtProvider');
    expect((await refresh(seller)).status).toBe(404);
  });

  it('only restaurants and causes onboard', async () => {
    expect((await start(w.client)).status).toBe(403);
    expect((await refresh(w.manager)).status).toBe(403);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { httpClient } from '../../../test/support/http-client.ts';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo-data.ts';
import { DEMO_SUB_MANAGER } from './seed-accounts.ts';
import { DEMO_PAYOUT_ACCOUNTS } from './seed-payouts.ts';
import { DEMO_SELLER_WITHOUT_MENUS } from './seed-restaurants.ts';

describe('accounts demo data', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await seedDemoDataIfEmpty(testApp.database.db);
  });

  it('has the demo manager run the demo restaurant, and a sub-manager who sees it too', async () => {
    const api = httpClient(testApp.baseUrl);
    const manager = await api.post('/v1/auth/sign-in', { body: { email: 'manager@example.com', password: DEMO_PASSWORD } });
    const restaurants = await api.get(`/v1/managers/${manager.body.user.id}/restaurants?limit=100`, { token: manager.body.token.access_token });
    expect(restaurants.body.data.map((r: any) => r.email)).toContain('restaurant@example.com');

    const sub = await api.post('/v1/auth/sign-in', { body: { email: DEMO_SUB_MANAGER.email, password: DEMO_PASSWORD } });
    expect(sub.status).toBe(200);
    expect(sub.body.user).toMatchObject({ role: 'manager', fkUser: manager.body.user.id });
    const seen = await api.get(`/v1/managers/${manager.body.user.id}/restaurants`, { token: sub.body.token.access_token });
    expect(seen.body.data.map((r: any) => r.email)).toContain('restaurant@example.com');

    const members = await api.get(`/v1/managers/${manager.body.user.id}/members`, { token: manager.body.token.access_token });
    expect(members.body.data).toEqual([expect.objectContaining({ email: DEMO_SUB_MANAGER.email, joined: true })]);
  });

  it('gives the demo seller and cause payout accounts with transfers active, and the new bistro none', async () => {
    const api = httpClient(testApp.baseUrl);
    const connectedAccountOf = async (email: string) => {
      const signIn = await api.post('/v1/auth/sign-in', { body: { email, password: DEMO_PASSWORD } });
      const token = signIn.body.token.access_token;
      return { me: (await api.get('/v1/me', { token })).body, account: await api.get('/v1/payments/me/connected-account', { token }) };
    };
    for (const [email, expected] of [
      ['restaurant@example.com', DEMO_PAYOUT_ACCOUNTS.seller],
      ['cause@example.com', DEMO_PAYOUT_ACCOUNTS.cause],
    ] as const) {
      const { me, account } = await connectedAccountOf(email);
      expect(account.status).toBe(200);
      expect(account.body).toMatchObject({ id: expected.id, provider: 'local', capabilities: { transfers: 'active' }, external_account: expected.externalAccount });
      expect(me.connected_account_id).toBe(expected.id);
    }
    const bistro = await connectedAccountOf(DEMO_SELLER_WITHOUT_MENUS.email);
    // No payout account yet: 200 with null (not a 404 on every page the seller opens).
    expect(bistro.account.status).toBe(200);
    expect(bistro.account.body).toBeNull();
    expect(bistro.me.connected_account_id).toBeNull();
  });
});

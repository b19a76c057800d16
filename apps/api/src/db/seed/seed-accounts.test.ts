import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { httpClient } from '../../../test/support/http-client.ts';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo-data.ts';
import { DEMO_SUB_MANAGER } from './seed-accounts.ts';

describe('accounts demo data', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
    await seedDemoDataIfEmpty(testApp.database.db);
  });
  afterAll(() => testApp.close());

  it('has the demo manager run the demo restaurant, and a sub-manager who sees it too', async () => {
    const api = httpClient(testApp.baseUrl);
    const manager = await api.post('/v1/auth/sign-in', { email: 'manager@example.com', password: DEMO_PASSWORD });
    const restaurants = await api.get(`/v1/managers/${manager.body.user.id}/restaurants?limit=100`, { token: manager.body.token.access_token });
    expect(restaurants.body.data.map((r: any) => r.email)).toContain('restaurant@example.com');

    const sub = await api.post('/v1/auth/sign-in', { email: DEMO_SUB_MANAGER.email, password: DEMO_PASSWORD });
    expect(sub.status).toBe(200);
    expect(sub.body.user).toMatchObject({ role: 'manager', fkUser: manager.body.user.id });
    const seen = await api.get(`/v1/managers/${manager.body.user.id}/restaurants`, { token: sub.body.token.access_token });
    expect(seen.body.data.map((r: any) => r.email)).toContain('restaurant@example.com');

    const members = await api.get(`/v1/managers/${manager.body.user.id}/members`, { token: manager.body.token.access_token });
    expect(members.body.data).toEqual([expect.objectContaining({ email: DEMO_SUB_MANAGER.email, joined: true })]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { httpClient } from '../../../test/support/http-client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo-data.ts';

describe('demo data', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it('seeds an empty database once, with a working account per role', async () => {
    expect(await seedDemoDataIfEmpty(testApp.database.db)).toBe(true);
    expect(await seedDemoDataIfEmpty(testApp.database.db)).toBe(false);
    const api = httpClient(testApp.baseUrl);
    const roles = [];
    for (const account of DEMO_ACCOUNTS) {
      const response = await api.post('/v1/auth/sign-in', { email: account.email, password: DEMO_PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body.user.first_name).toBe(account.firstName);
      roles.push(response.body.user.role);
    }
    expect(roles.sort()).toEqual(['cause', 'manager', 'seller', 'user']);
  });
});

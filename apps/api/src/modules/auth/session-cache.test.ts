import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { httpClient, signUpClient } from '../../../test/support/http-client.ts';
import { useTestApp } from '../../../test/support/test-app.ts';

/**
 * Sessions are looked up once and then trusted from memory for SESSION_CACHE_MS. Two instances on one database: the
 * first remembers sessions for a minute (so anything faster than that is the revocation itself, not the cache
 * expiring), the second for 1.5 s.
 */
describe('session cache', () => {
  const first = useTestApp({ env: { SESSION_CACHE_MS: '60000' } });
  const second = useTestApp({ env: { SESSION_CACHE_MS: '1500' }, sharedWith: first });

  it('signs out at once on the instance that revoked the session', async () => {
    const api = httpClient(first.baseUrl);
    const { token } = await signUpClient(api);
    expect((await api.get('/v1/me', { token })).status).toBe(200);
    expect((await api.get('/v1/me', { token })).status).toBe(200);
    expect((await api.post('/v1/auth/sign-out', { token })).status).toBe(204);
    expect((await api.get('/v1/me', { token })).status).toBe(401);
  });

  it('ends the other sessions at once when the password changes, keeping the one that changed it', async () => {
    const api = httpClient(first.baseUrl);
    const { token, email, password } = await signUpClient(api);
    const other = (await api.post('/v1/auth/sign-in', { body: { email, password } })).body.token.access_token as string;
    expect((await api.get('/v1/me', { token: other })).status).toBe(200);
    const changed = await api.put('/v1/me/password', { body: { current_password: password, new_password: 'another-horse-battery' }, token });
    expect(changed.status).toBe(204);
    expect((await api.get('/v1/me', { token: other })).status).toBe(401);
    expect((await api.get('/v1/me', { token })).status).toBe(200);
  });

  it('ends a session within the cache time on an instance that did not revoke it', async () => {
    const { token, user } = await signUpClient(httpClient(first.baseUrl));
    const elsewhere = httpClient(second.baseUrl);
    expect((await elsewhere.get('/v1/me', { token })).status).toBe(200);
    // Another process's revocation reaches this one only through the database.
    await first.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    const revokedAt = performance.now();
    // Remembered: answered from memory, without asking the database.
    expect((await elsewhere.get('/v1/me', { token })).status).toBe(200);
    await expect.poll(async () => (await elsewhere.get('/v1/me', { token })).status, { timeout: 5000, interval: 50 }).toBe(401);
    expect(performance.now() - revokedAt).toBeLessThan(4000);
  });
});

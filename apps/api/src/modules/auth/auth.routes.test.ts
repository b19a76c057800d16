import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index.ts';
import { hashSecureToken } from '../../lib/secure-tokens.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { httpClient, signUpClient, uniqueEmail } from '../../../test/support/http-client.ts';

describe('auth API', () => {
  const testApp = useTestApp();
  const { api } = testApp;

  it('signs up a client and returns the user with a working token', async () => {
    const email = uniqueEmail('Signup');
    const response = await api.post('/v1/auth/sign-up', { body: { email, password: 'long-enough-pw', first_name: ' Lan ', last_name: 'Pham' } });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ email: email.toLowerCase(), role: 'user', first_name: 'Lan', last_name: 'Pham', is_verified: false });
    expect(response.body.user).not.toHaveProperty('password_hash');
    expect(typeof response.body.token.access_token).toBe('string');
    expect(new Date(response.body.token.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    const me = await api.get('/v1/me', { token: response.body.token.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email.toLowerCase());
  });

  it('stores the password and the token only as hashes', async () => {
    const { token, user, password } = await signUpClient(api);
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(password);
    const stored = await testApp.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashSecureToken(token));
    expect(stored[0]!.tokenHash).not.toBe(token);
  });

  it('refuses a taken email with 409, whatever its case, and creates nothing', async () => {
    const { email } = await signUpClient(api);
    const response = await api.post('/v1/auth/sign-up', { body: { email: email.toUpperCase(), password: 'another-password', first_name: 'A', last_name: 'B' } });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ statusCode: 409, code: 'auth.emailTaken' });
    const rows = await testApp.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['email', { email: 'not-an-email', password: 'long-enough-pw', first_name: 'A', last_name: 'B' }, 'validation.invalidEmail'],
    ['password', { email: 'x@example.test', password: 'short', first_name: 'A', last_name: 'B' }, 'validation.passwordTooShort'],
    ['first_name', { email: 'y@example.test', password: 'long-enough-pw', first_name: '   ', last_name: 'B' }, 'validation.required'],
    ['last_name', { email: 'z@example.test', password: 'long-enough-pw', first_name: 'A' }, 'validation.required'],
  ])('answers 400 naming %s when it is invalid', async (field, body, key) => {
    const response = await api.post('/v1/auth/sign-up', { body });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(field);
    expect(response.body.details).toContainEqual({ field, message: key });
    const rows = await testApp.database.db.select().from(users).where(eq(users.email, (body as { email: string }).email));
    expect(rows).toHaveLength(0);
  });

  it('signs in with the right password and answers 401 with one message otherwise', async () => {
    const { email, password } = await signUpClient(api);
    const ok = await api.post('/v1/auth/sign-in', { body: { email: email.toUpperCase(), password } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(email);

    const wrongPassword = await api.post('/v1/auth/sign-in', { body: { email, password: 'not-the-password' } });
    const unknownEmail = await api.post('/v1/auth/sign-in', { body: { email: uniqueEmail('nobody'), password: 'not-the-password' } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body.message).toBe(unknownEmail.body.message);
    expect(wrongPassword.body.code).toBe('auth.invalidCredentials');
  });

  it('revokes the token on sign-out, leaving other sessions alive', async () => {
    const { token, email, password } = await signUpClient(api);
    const second = await api.post('/v1/auth/sign-in', { body: { email, password } });
    const signOut = await api.post('/v1/auth/sign-out', { token });
    expect(signOut.status).toBe(204);
    expect((await api.get('/v1/me', { token })).status).toBe(401);
    expect((await api.get('/v1/me', { token: second.body.token.access_token })).status).toBe(200);
    expect((await api.post('/v1/auth/sign-out', { token })).status).toBe(401);
  });

  it('rejects an expired token', async () => {
    const { token, user } = await signUpClient(api);
    await testApp.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    const me = await api.get('/v1/me', { token });
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('rejects a made-up token and a missing one', async () => {
    expect((await api.get('/v1/me', { token: 'made-up-token' })).status).toBe(401);
    expect((await api.get('/v1/me')).status).toBe(401);
  });
});

describe('auth rate limiting', () => {
  const testApp = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });

  it('answers 429 after too many sign-in attempts from one address', async () => {
    const api = httpClient(testApp.baseUrl);
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await api.post('/v1/auth/sign-in', { body: { email: 'who@example.test', password: 'wrong-password' } }));
    expect(attempts.slice(0, 3).map((r) => r.status)).toEqual([401, 401, 401]);
    expect(attempts[3]!.status).toBe(429);
    expect(attempts[3]!.body).toMatchObject({ statusCode: 429, code: 'auth.tooManyAttempts' });
  });

  it('limits sign-up the same way', async () => {
    const api = httpClient(testApp.baseUrl);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.post('/v1/auth/sign-up', { body: { email: 'bad' } })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

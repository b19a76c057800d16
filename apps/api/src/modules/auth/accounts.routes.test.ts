import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailTokens, sessions, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { httpClient, signUpClient, uniqueEmail } from '../../../test/support/http-client.ts';
import { linkToken, readMailbox, waitForEmail } from '../../../test/support/mailbox.ts';

const PASSWORD = 'correct-horse-battery';

describe('registration roles, verification and password reset', () => {
  const testApp = useTestApp({ env: { PUBLIC_URL: 'https://goodtable.test' } });
  const { api } = testApp;

  const signUp = (body: Record<string, unknown>) => api.post('/v1/auth/sign-up', { body: { email: uniqueEmail(), password: PASSWORD, first_name: 'Lan', last_name: 'Pham', ...body } });

  it.each([
    ['user', {}],
    ['cause', { role: 'cause' }],
    ['seller', { role: 'seller', name: 'Pho Saigon' }],
    ['manager', { role: 'manager' }],
  ])('creates a %s account from its registration path', async (role, extra) => {
    const response = await signUp(extra);
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ role, is_verified: false, fkUser: null });
    if (role === 'seller') expect(response.body.user.name).toBe('Pho Saigon');
  });

  it('needs the restaurant name for a restaurant account and creates nothing without it', async () => {
    const email = uniqueEmail('noname');
    const response = await api.post('/v1/auth/sign-up', { body: { email, password: PASSWORD, first_name: 'A', last_name: 'B', role: 'seller' } });
    expect(response.status).toBe(400);
    expect(response.body.details).toContainEqual({ field: 'name', message: 'validation.required' });
    expect(await testApp.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses to register a sub-manager or an unknown role', async () => {
    const response = await signUp({ role: 'admin' });
    expect(response.status).toBe(400);
    expect(response.body.details[0].field).toBe('role');
  });

  it('sends the verification email at sign-up in the user’s language, with a plain-text part; the link verifies once', async () => {
    const email = uniqueEmail('verify');
    const created = await signUp({ email, language: 'vn' });
    expect(created.status).toBe(201);
    const message = await waitForEmail(testApp.baseUrl, { to: email, subject: /Xác minh/ });
    expect(message.language).toBe('vn');
    expect(message.text).toContain('Xin chào Lan');
    expect(message.html).toContain('lang="vi"');
    expect(message.text).toContain('https://goodtable.test/verify-email?token=');
    const token = linkToken(message, '/verify-email');
    const [stored] = await testApp.database.db.select().from(emailTokens).where(eq(emailTokens.userId, created.body.user.id));
    expect(stored!.tokenHash).not.toBe(token);

    const verified = await api.post('/v1/auth/verify-email', { body: { token } });
    expect(verified.status).toBe(200);
    expect((await api.get('/v1/me', { token: created.body.token.access_token })).body.is_verified).toBe(true);

    const again = await api.post('/v1/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'auth.invalidToken', details: [{ field: 'token', message: 'validation.invalidToken' }] });
  });

  it('sends a new verification link on request, and answers the same for an unknown address', async () => {
    const { email, token } = await signUpClient(api);
    await waitForEmail(testApp.baseUrl, { to: email, subject: /Verify your email/ });
    const known = await api.post('/v1/auth/send-verification-email', { body: { email } });
    const unknownAddress = uniqueEmail('ghost');
    const unknown = await api.post('/v1/auth/send-verification-email', { body: { email: unknownAddress } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    await expect.poll(async () => (await readMailbox(testApp.baseUrl)).filter((message) => message.to === email).length).toBe(2);
    expect((await readMailbox(testApp.baseUrl)).some((message) => message.to === unknownAddress)).toBe(false);
    const newest = await waitForEmail(testApp.baseUrl, { to: email, subject: /Verify your email/ });
    expect((await api.post('/v1/auth/verify-email', { body: { token: linkToken(newest, '/verify-email') } })).status).toBe(200);
    expect((await api.get('/v1/me', { token })).body.is_verified).toBe(true);
  });

  it('does not verify a changed address with a link sent to the old one', async () => {
    const { email, token, user, password } = await signUpClient(api);
    const message = await waitForEmail(testApp.baseUrl, { to: email, subject: /Verify your email/ });
    const moved = uniqueEmail('moved');
    expect((await api.put('/v1/me', { body: { first_name: 'Lan', last_name: 'Pham', email: moved, timezone: 'Australia/Sydney', current_password: password }, token })).status).toBe(200);
    const response = await api.post('/v1/auth/verify-email', { body: { token: linkToken(message, '/verify-email') } });
    expect(response.status).toBe(400);
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isVerified).toBe(false);
  });

  it('answers forgot-password the same whether or not the address exists', async () => {
    const { email } = await signUpClient(api);
    const known = await api.post('/v1/auth/forgot-password', { body: { email } });
    const unknown = await api.post('/v1/auth/forgot-password', { body: { email: uniqueEmail('ghost') } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const message = await waitForEmail(testApp.baseUrl, { to: email, subject: /Reset your GoodTable password/ });
    expect(message.text).toContain('/reset-password?token=');
    expect(message.html).toContain('<a href="https://goodtable.test/reset-password?token=');
  });

  it('resets the password once with the link, revokes every session and the old password', async () => {
    const { email, token } = await signUpClient(api);
    const second = await api.post('/v1/auth/sign-in', { body: { email, password: PASSWORD } });
    await api.post('/v1/auth/forgot-password', { body: { email } });
    const resetToken = linkToken(await waitForEmail(testApp.baseUrl, { to: email, subject: /Reset your/ }), '/reset-password');

    const reset = await api.post('/v1/auth/reset-password', { body: { token: resetToken, password: 'brand-new-password' } });
    expect(reset.status).toBe(204);
    expect((await api.get('/v1/me', { token })).status).toBe(401);
    expect((await api.get('/v1/me', { token: second.body.token.access_token })).status).toBe(401);
    expect((await api.post('/v1/auth/sign-in', { body: { email, password: PASSWORD } })).status).toBe(401);
    const signedIn = await api.post('/v1/auth/sign-in', { body: { email, password: 'brand-new-password' } });
    expect(signedIn.status).toBe(200);
    // Following the link proved the address.
    expect(signedIn.body.user.is_verified).toBe(true);

    const reused = await api.post('/v1/auth/reset-password', { body: { token: resetToken, password: 'yet-another-password' } });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('auth.invalidToken');
    expect((await api.post('/v1/auth/sign-in', { body: { email, password: 'yet-another-password' } })).status).toBe(401);
  });

  it('refuses an expired reset link and changes nothing', async () => {
    const { email, user, token } = await signUpClient(api);
    await api.post('/v1/auth/forgot-password', { body: { email } });
    const resetToken = linkToken(await waitForEmail(testApp.baseUrl, { to: email, subject: /Reset your/ }), '/reset-password');
    await testApp.database.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.userId, user.id));
    const response = await api.post('/v1/auth/reset-password', { body: { token: resetToken, password: 'brand-new-password' } });
    expect(response.status).toBe(400);
    expect(response.body.details).toContainEqual({ field: 'token', message: 'validation.invalidToken' });
    expect((await api.get('/v1/me', { token })).status).toBe(200);
    expect((await api.post('/v1/auth/sign-in', { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('makes reset links expire after one hour', async () => {
    const { email, user } = await signUpClient(api);
    const before = Date.now();
    await api.post('/v1/auth/forgot-password', { body: { email } });
    await waitForEmail(testApp.baseUrl, { to: email, subject: /Reset your/ });
    const rows = await testApp.database.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    const reset = rows.find((r) => r.purpose === 'reset_password')!;
    expect(reset.expiresAt.getTime() - before).toBeGreaterThan(59 * 60 * 1000);
    expect(reset.expiresAt.getTime() - before).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);
  });

  it('refuses a reset link once an hour has passed on the business clock', async () => {
    const { email } = await signUpClient(api);
    await api.post('/v1/auth/forgot-password', { body: { email } });
    const link = linkToken(await waitForEmail(testApp.baseUrl, { to: email, subject: /Reset your/ }), '/reset-password');
    expect((await api.post('/dev/clock', { body: { advance_ms: 61 * 60 * 1000 } })).status).toBe(200);
    const response = await api.post('/v1/auth/reset-password', { body: { token: link, password: 'another-long-password' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'auth.invalidToken' });
  });

  it('answers 400 naming the field for a short new password', async () => {
    const response = await api.post('/v1/auth/reset-password', { body: { token: 'x'.repeat(43), password: 'short' } });
    expect(response.status).toBe(400);
    expect(response.body.details).toContainEqual({ field: 'password', message: 'validation.passwordTooShort' });
  });

  it('changes the password with the current one, signing out the other sessions', async () => {
    const { email, token } = await signUpClient(api);
    const other = await api.post('/v1/auth/sign-in', { body: { email, password: PASSWORD } });
    const wrong = await api.put('/v1/me/password', { body: { current_password: 'not-it-at-all', new_password: 'new-password-1' }, token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toContainEqual({ field: 'current_password', message: 'validation.wrongPassword' });
    const missing = await api.put('/v1/me/password', { body: { new_password: 'new-password-1' }, token });
    expect(missing.body.details).toContainEqual({ field: 'current_password', message: 'validation.required' });

    const changed = await api.put('/v1/me/password', { body: { current_password: PASSWORD, new_password: 'new-password-1' }, token });
    expect(changed.status).toBe(204);
    expect((await api.get('/v1/me', { token })).status).toBe(200);
    expect((await api.get('/v1/me', { token: other.body.token.access_token })).status).toBe(401);
    expect((await api.post('/v1/auth/sign-in', { body: { email, password: 'new-password-1' } })).status).toBe(200);
  });

  it('lists the sign-in methods', async () => {
    const { token } = await signUpClient(api);
    const methods = await api.get('/v1/me/sign-in-methods', { token });
    expect(methods.body).toEqual({ password: true, google: null });
  });

  it('deletes an account after the password: personal data anonymised, sessions ended, email free again', async () => {
    const { email, token, user } = await signUpClient(api, { location: 'Hue' });
    const wrong = await fetch(new URL('/v1/me', testApp.baseUrl), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'not-the-password' }),
    });
    expect(wrong.status).toBe(400);
    expect((await api.get('/v1/me', { token })).status).toBe(200);

    const deleted = await fetch(new URL('/v1/me', testApp.baseUrl), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(deleted.status).toBe(204);
    expect((await api.get('/v1/me', { token })).status).toBe(401);
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Deleted', passwordHash: null, location: null });
    expect(row!.email).not.toContain(email.split('@')[0]!);
    expect(row!.deletedAt).not.toBeNull();
    const live = await testApp.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await api.post('/v1/auth/sign-in', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await signUp({ email })).status).toBe(201);
  });
});

describe('rate limits on account emails', () => {
  const testApp = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '2' } });

  it.each(['/v1/auth/forgot-password', '/v1/auth/send-verification-email', '/v1/auth/verify-email', '/v1/auth/reset-password', '/v1/auth/google'])(
    'answers 429 on %s after too many requests',
    async (path) => {
      const api = httpClient(testApp.baseUrl);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await api.post(path, { body: {} })).status);
      expect(statuses).toEqual([400, 400, 429]);
    },
  );

  it('limits password changes (guessing the current password) the same way', async () => {
    const api = httpClient(testApp.baseUrl);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api.put('/v1/me/password', { body: { current_password: 'guess', new_password: 'new-password-1' } })).status);
    expect(statuses).toEqual([401, 401, 429]);
  });
});

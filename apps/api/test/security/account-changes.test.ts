import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTokens, sessions, users } from '../../src/db/schema/index.ts';
import { signUpClient, uniqueEmail } from '../support/http-client.ts';
import { linkToken, readMailbox, waitForEmail } from '../support/mailbox.ts';
import { useTestApp } from '../support/test-app.ts';

describe('an email change needs proof, tells the old address and can be undone', () => {
  const testApp = useTestApp();
  const { api } = testApp;

  const profile = (email: string, extra: Record<string, unknown> = {}) => ({ first_name: 'Lan', last_name: 'Pham', email, timezone: 'Australia/Sydney', ...extra });
  const stored = async (id: string) => (await testApp.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('refuses an email change without the current password, or with a wrong one, and changes nothing', async () => {
    const { token, user, email } = await signUpClient(api);
    const missing = await api.put('/v1/me', { body: profile(uniqueEmail('thief')), token });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ field: 'current_password', message: 'validation.currentPasswordRequired' }]);
    const wrong = await api.put('/v1/me', { body: profile(uniqueEmail('thief'), { current_password: 'not-the-password' }), token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ field: 'current_password', message: 'validation.currentPasswordWrong' }]);
    expect((await stored(user.id)).email).toBe(email);
  });

  it('needs no password for other fields or a change of letter case', async () => {
    const { token, email } = await signUpClient(api);
    const response = await api.put('/v1/me', { body: profile(email.toUpperCase(), { first_name: 'Hoa' }), token });
    expect(response.status).toBe(200);
    expect(response.body.first_name).toBe('Hoa');
  });

  it('with the password: the new address must be verified, the old one gets a notice (in the user’s language) with a working undo link', async () => {
    const account = await signUpClient(api, { language: 'vn' });
    const newEmail = uniqueEmail('new-home');
    const changed = await api.put('/v1/me', { body: profile(newEmail, { current_password: account.password, language: 'vn' }), token: account.token });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: newEmail, is_verified: false });
    await waitForEmail(testApp.baseUrl, { to: newEmail, subject: /Xác minh/ });
    const notice = await waitForEmail(testApp.baseUrl, { to: account.email, subject: /đã được thay đổi/ });
    expect(notice.text).toContain(newEmail);
    const undoToken = linkToken(notice, '/undo-email-change');
    // The link token is stored hashed, like the other email links.
    const tokenRows = await testApp.database.db.select().from(emailTokens).where(eq(emailTokens.userId, account.user.id));
    expect(tokenRows.some((row) => row.purpose === 'undo_email_change' && row.email === account.email && row.tokenHash !== undoToken)).toBe(true);

    // Meanwhile the new address asks for a password reset (what a hijacker would do next).
    expect((await api.post('/v1/auth/forgot-password', { body: { email: newEmail } })).status).toBe(202);
    const hijackerReset = await waitForEmail(testApp.baseUrl, { to: newEmail, subject: /mật khẩu/ });

    const undone = await api.post('/v1/auth/undo-email-change', { body: { token: undoToken } });
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ email: account.email });
    const row = await stored(account.user.id);
    expect(row).toMatchObject({ email: account.email, isVerified: true });
    // Every session is signed out, and the hijacker's reset link is dead.
    expect((await api.get('/v1/me', { token: account.token })).status).toBe(401);
    expect((await api.post('/v1/auth/reset-password', { body: { token: linkToken(hijackerReset, '/reset-password'), password: 'hijacked-password' } })).status).toBe(400);
    expect((await api.post('/v1/auth/sign-in', { body: { email: account.email, password: account.password } })).status).toBe(200);

    const again = await api.post('/v1/auth/undo-email-change', { body: { token: undoToken } });
    expect(again.status).toBe(400);
    expect(again.body.details).toEqual([{ field: 'token', message: 'validation.invalidToken' }]);
  });

  it('answers 400 naming the token for an unknown or expired link', async () => {
    expect((await api.post('/v1/auth/undo-email-change', { body: { token: 'x'.repeat(43) } })).body).toMatchObject({ statusCode: 400, details: [{ field: 'token' }] });
    const account = await signUpClient(api);
    await api.put('/v1/me', { body: profile(uniqueEmail('later'), { current_password: account.password }), token: account.token });
    const notice = await waitForEmail(testApp.baseUrl, { to: account.email, subject: /was changed/ });
    await testApp.database.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.purpose, 'undo_email_change'));
    const expired = await api.post('/v1/auth/undo-email-change', { body: { token: linkToken(notice, '/undo-email-change') } });
    expect(expired.status).toBe(400);
    expect(expired.body.details).toEqual([{ field: 'token', message: 'validation.invalidToken' }]);
  });

  it('answers 409 when another account took the old address meanwhile, and changes nothing', async () => {
    const account = await signUpClient(api);
    const newEmail = uniqueEmail('moved-on');
    await api.put('/v1/me', { body: profile(newEmail, { current_password: account.password }), token: account.token });
    const notice = await waitForEmail(testApp.baseUrl, { to: account.email, subject: /was changed/ });
    await signUpClient(api, { email: account.email });
    const response = await api.post('/v1/auth/undo-email-change', { body: { token: linkToken(notice, '/undo-email-change') } });
    expect(response.status).toBe(409);
    expect((await stored(account.user.id)).email).toBe(newEmail);
  });

  it('an account without a password changes its email only within 10 minutes of signing in', async () => {
    const account = await signUpClient(api);
    // As an account made with Google: no password.
    await testApp.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, account.user.id));
    const fresh = await api.put('/v1/me', { body: profile(uniqueEmail('google-fresh')), token: account.token });
    expect(fresh.status).toBe(200);
    await testApp.database.db.update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) }).where(eq(sessions.userId, account.user.id));
    const stale = await api.put('/v1/me', { body: profile(uniqueEmail('google-stale')), token: account.token });
    expect(stale.status).toBe(400);
    expect(stale.body.details).toEqual([{ field: 'current_password', message: 'validation.recentSignInRequired' }]);
    expect((await stored(account.user.id)).email).toBe(fresh.body.email);
  });

  it('sends nothing when the change is refused', async () => {
    const { token, email } = await signUpClient(api);
    const target = uniqueEmail('refused');
    await api.put('/v1/me', { body: profile(target, { current_password: 'wrong-password' }), token });
    await testApp.drainJobs();
    const mails = await readMailbox(testApp.baseUrl);
    expect(mails.some((mail) => mail.to === target)).toBe(false);
    expect(mails.some((mail) => mail.to === email && /changed/.test(mail.subject))).toBe(false);
  });
});

describe('a sub-manager loses access when its manager’s account is deleted', () => {
  const testApp = useTestApp();
  const { api } = testApp;

  it('can no longer list, register or act for the deleted team’s restaurants', async () => {
    const manager = await signUpClient(api, { role: 'manager', name: 'Closing Group' });
    const restaurant = await api.post(`/v1/managers/${manager.user.id}/restaurants`, { body: { name: 'Last Kitchen', email: uniqueEmail('resto'), first_name: 'Q', last_name: 'Le' }, token: manager.token });
    expect(restaurant.status).toBe(201);
    const memberEmail = uniqueEmail('member');
    await api.post(`/v1/managers/${manager.user.id}/members`, { body: { email: memberEmail, first_name: 'Vy', last_name: 'Ngo' }, token: manager.token });
    const invitation = await waitForEmail(testApp.baseUrl, { to: memberEmail, subject: /invited you/ });
    const member = await api.post('/v1/auth/accept-invitation', { body: { token: linkToken(invitation, '/reset-password'), password: 'member-password' } });
    const memberToken: string = member.body.token.access_token;
    const memberId: string = member.body.user.id;
    expect((await api.get(`/v1/restaurants/${restaurant.body.id}/profile`, { token: memberToken })).status).toBe(200);

    expect((await api.delete('/v1/me', { token: manager.token })).status).toBe(400);
    const deleted = await fetch(new URL('/v1/me', testApp.baseUrl), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: manager.password }),
    });
    expect(deleted.status).toBe(204);

    for (const id of [manager.user.id, memberId]) {
      expect((await api.get(`/v1/managers/${id}/restaurants`, { token: memberToken })).status).toBe(403);
      const created = await api.post(`/v1/managers/${id}/restaurants`, { body: { name: 'Ghost Kitchen', email: uniqueEmail('ghost'), first_name: 'G', last_name: 'H' }, token: memberToken });
      expect(created.status).toBe(403);
      expect((await api.post(`/v1/managers/${id}/restaurant-requests`, { body: { email: uniqueEmail('x') }, token: memberToken })).status).toBe(403);
    }
    expect((await api.get(`/v1/restaurants/${restaurant.body.id}/profile`, { token: memberToken })).status).toBe(403);
    const [ghost] = await testApp.database.db.select().from(users).where(eq(users.firstName, 'G'));
    expect(ghost).toBeUndefined();
  });
});

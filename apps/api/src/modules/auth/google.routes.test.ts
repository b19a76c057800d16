import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { userIdentities, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { httpClient, signUpClient, uniqueEmail } from '../../../test/support/http-client.ts';

const CLIENT_ID = 'goodtable-test.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';

describe('Google sign-in against a local key set', () => {
  let jwksServer: http.Server;
  let signingKey: CryptoKey;
  let foreignKey: CryptoKey;
  let subjectCounter = 0;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    signingKey = pair.privateKey;
    foreignKey = (await generateKeyPair('RS256')).privateKey;
    const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    jwksServer = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [publicJwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => jwksServer.close(resolve));
  });
  const testApp = useTestApp({
    env: () => ({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/certs` }),
  });
  const { api } = testApp;

  type Claims = { sub?: string; email?: string; email_verified?: boolean; aud?: string; iss?: string; exp?: number; given_name?: string; family_name?: string };
  async function idToken(claims: Claims = {}, key: CryptoKey = signingKey) {
    subjectCounter += 1;
    const now = Math.floor(Date.now() / 1000);
    const { aud = CLIENT_ID, iss = ISSUER, exp = now + 3600, ...rest } = claims;
    return new SignJWT({ email: uniqueEmail('google'), email_verified: true, given_name: 'Thao', family_name: 'Vo', sub: `google-sub-${Date.now()}-${subjectCounter}`, ...rest })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setAudience(aud)
      .setIssuer(iss)
      .setIssuedAt(now - 10)
      .setExpirationTime(exp)
      .sign(key);
  }

  it('tells the web the client id', async () => {
    expect((await api.get('/v1/config')).body).toEqual({ google_client_id: CLIENT_ID, stripe_publishable_key: null, payment_provider: 'local' });
  });

  it('creates a verified client for a new Google account, then signs the same identity in again', async () => {
    const email = uniqueEmail('newgoogle');
    const credential = await idToken({ email, sub: 'sub-new-account' });
    const first = await api.post('/v1/auth/google', { body: { credential } });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email, role: 'user', first_name: 'Thao', last_name: 'Vo', is_verified: true });
    const again = await api.post('/v1/auth/google', { body: { credential: await idToken({ email, sub: 'sub-new-account' }) } });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
    const methods = await api.get('/v1/me/sign-in-methods', { token: again.body.token.access_token });
    expect(methods.body).toEqual({ password: false, google: { email } });
  });

  it('creates a cause account when asked from the cause sign-up', async () => {
    const response = await api.post('/v1/auth/google', { body: { credential: await idToken(), role: 'cause' } });
    expect(response.status).toBe(200);
    expect(response.body.user.role).toBe('cause');
  });

  it('links to the existing account of the same email', async () => {
    const { email, user } = await signUpClient(api);
    const response = await api.post('/v1/auth/google', { body: { credential: await idToken({ email: email.toUpperCase() }) } });
    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(user.id);
    expect(response.body.user.is_verified).toBe(true);
    const links = await testApp.database.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
    expect(links).toHaveLength(1);
  });

  it.each([
    ['a forged signature', (email: string) => idToken({ email }, foreignKey)],
    ['another audience', (email: string) => idToken({ email, aud: 'someone-else.apps.googleusercontent.com' })],
    ['another issuer', (email: string) => idToken({ email, iss: 'https://evil.example.com' })],
    ['an expired token', (email: string) => idToken({ email, exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['a token that is not a JWT', async () => 'not-a-jwt-at-all'],
  ])('refuses %s with 401 and creates nothing', async (_label, makeToken) => {
    const email = uniqueEmail('refused');
    const response = await api.post('/v1/auth/google', { body: { credential: await makeToken(email) } });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('auth.invalidGoogleCredential');
    expect(await testApp.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses an email Google has not verified', async () => {
    const { email, user } = await signUpClient(api);
    const response = await api.post('/v1/auth/google', { body: { credential: await idToken({ email, email_verified: false }) } });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('auth.googleEmailNotVerified');
    expect(await testApp.database.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id))).toHaveLength(0);
  });

  it('unlinks Google only when a password remains', async () => {
    const googleOnly = await api.post('/v1/auth/google', { body: { credential: await idToken() } });
    const refused = await api.delete('/v1/me/sign-in-methods/google', { token: googleOnly.body.token.access_token });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('users.lastSignInMethod');
    // A Google-only account sets its first password without a current one, then may unlink.
    const set = await api.put('/v1/me/password', { body: { new_password: 'first-password-1' }, token: googleOnly.body.token.access_token });
    expect(set.status).toBe(204);
    const unlinked = await api.delete('/v1/me/sign-in-methods/google', { token: googleOnly.body.token.access_token });
    expect(unlinked.body).toEqual({ password: true, google: null });
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  const testApp = useTestApp();

  it('hides the button (no client id) and answers 404', async () => {
    const api = httpClient(testApp.baseUrl);
    expect((await api.get('/v1/config')).body).toEqual({ google_client_id: null, stripe_publishable_key: null, payment_provider: 'local' });
    const response = await api.post('/v1/auth/google', { body: { credential: 'a.b.c-something-long' } });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('auth.googleDisabled');
  });
});

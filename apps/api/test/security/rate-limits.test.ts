import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import { rateLimits } from '../../src/db/schema/index.ts';
import { createRateLimits } from '../../src/plugins/rate-limits.ts';
import { httpClient, signUpClient, uniqueEmail } from '../support/http-client.ts';
import { readMailbox } from '../support/mailbox.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';

/** The production limits (the test app raises them for the other suites). */
const PRODUCTION_LIMITS = { AUTH_RATE_LIMIT_MAX: '10', ACCOUNT_RATE_LIMIT_MAX: '10', UPLOAD_RATE_LIMIT_MAX: '60' };
let forwardedCounter = 0;
/** A different made-up client address per call, as an attacker rotating X-Forwarded-For sends. */
const spoofedAddress = () => {
  forwardedCounter += 1;
  return { 'x-forwarded-for': `203.0.${Math.floor(forwardedCounter / 250)}.${(forwardedCounter % 250) + 1}` };
};

/**
 * Moves the business clock just past the start of the next 15-minute window (so of a minute window too): the counters
 * are fixed windows, and a burst that straddled two of them would be counted in halves (a test that failed about one
 * run in twenty).
 */
async function startAFreshWindow(testApp: TestApp): Promise<void> {
  const quarterHour = 15 * 60_000;
  const now = testApp.app.clock.now().getTime();
  const moved = await httpClient(testApp.baseUrl).post('/dev/clock', { body: { advance_ms: quarterHour - (now % quarterHour) + 1 } });
  expect(moved.status).toBe(200);
}

describe('TRUST_PROXY setting', () => {
  it('is off by default and takes a hop count or a list of addresses and CIDRs', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
  });

  it('refuses true (any client could choose its address) and malformed addresses, naming the variable', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});

describe('sign-in limits without a trusted proxy', () => {
  const testApp = useTestApp({ env: PRODUCTION_LIMITS });

  it('ignores X-Forwarded-For: 30 wrong passwords from "new" addresses are refused after the limit, and so is the right one', async () => {
    await startAFreshWindow(testApp);
    const api = httpClient(testApp.baseUrl);
    const { email, password } = await signUpClient(api);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await api.post('/v1/auth/sign-in', { body: { email, password: 'wrong-password' }, headers: spoofedAddress() })).status);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    const right = await api.post('/v1/auth/sign-in', { body: { email, password }, headers: spoofedAddress() });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'auth.tooManyAttempts' });
  });
});

describe('per-account limits behind a trusted proxy (every request from a different client address)', () => {
  const testApp = useTestApp({ env: { ...PRODUCTION_LIMITS, TRUST_PROXY: '127.0.0.1' } });

  it('limits sign-in attempts on one account whatever address they come from; the right password is refused while limited', async () => {
    await startAFreshWindow(testApp);
    const api = httpClient(testApp.baseUrl);
    const { email, password } = await signUpClient(api);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await api.post('/v1/auth/sign-in', { body: { email, password: 'wrong-password' }, headers: spoofedAddress() })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    expect((await api.post('/v1/auth/sign-in', { body: { email: email.toUpperCase(), password }, headers: spoofedAddress() })).status).toBe(429);
    // Another account is not affected.
    const other = await signUpClient(api);
    expect((await api.post('/v1/auth/sign-in', { body: { email: other.email, password: other.password }, headers: spoofedAddress() })).status).toBe(200);
  });

  it('limits password-reset emails to one address: 25 requests, at most 10 emails counted with the sign-up one', async () => {
    await startAFreshWindow(testApp);
    const api = httpClient(testApp.baseUrl);
    const { email } = await signUpClient(api);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await api.post('/v1/auth/forgot-password', { body: { email }, headers: spoofedAddress() })).status);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(202));
    expect(statuses.slice(9)).toEqual(Array(16).fill(429));
    // Unknown addresses are limited the same way (the answer must not tell them apart).
    const unknown = uniqueEmail('nobody');
    const unknownStatuses: number[] = [];
    for (let i = 0; i < 12; i++) unknownStatuses.push((await api.post('/v1/auth/send-verification-email', { body: { email: unknown }, headers: spoofedAddress() })).status);
    expect(unknownStatuses.filter((status) => status === 429)).toHaveLength(2);
    const mails = (await readMailbox(testApp.baseUrl)).filter((mail) => mail.to === email);
    expect(mails.length).toBeLessThanOrEqual(10);
  });

  it('limits a manager registering restaurants (each emails an address it types): 15 tries, 10 accepted', async () => {
    await startAFreshWindow(testApp);
    const api = httpClient(testApp.baseUrl);
    const manager = await signUpClient(api, { role: 'manager', name: 'Harbour Group' });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const response = await api.post(`/v1/managers/${manager.user.id}/restaurants`, { body: { name: `Place ${i}`, email: uniqueEmail('owner'), first_name: 'Ann', last_name: 'Lee' }, token: manager.token, headers: spoofedAddress() });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
    // Invitations from the same account share its sending budget.
    const invite = await api.post(`/v1/managers/${manager.user.id}/members`, { body: { email: uniqueEmail('member'), first_name: 'Bo', last_name: 'Ng' }, token: manager.token });
    expect(invite.status).toBe(429);
  });
});

describe('counters shared by every API instance', () => {
  const first = useTestApp({ env: { ...PRODUCTION_LIMITS, TRUST_PROXY: '127.0.0.1' } });
  const other = useTestApp({ env: { ...PRODUCTION_LIMITS, TRUST_PROXY: '127.0.0.1' }, sharedWith: first });

  it('two instances on one database count sign-in attempts together', async () => {
    const { email } = await signUpClient(httpClient(first.baseUrl));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const instance = httpClient(i % 2 === 0 ? first.baseUrl : other.baseUrl);
      statuses.push((await instance.post('/v1/auth/sign-in', { body: { email, password: 'wrong-password' }, headers: spoofedAddress() })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it('two instances count per-address route limits together', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const instance = httpClient(i % 2 === 0 ? first.baseUrl : other.baseUrl);
      statuses.push((await instance.post('/v1/auth/verify-email', { body: { token: 'x'.repeat(30) }, headers })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
  });

  it('deletes the counters of finished windows', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const limits = createRateLimits(first.database.db, () => now);
    await limits.hit('test:sweep', 60_000);
    expect((await limits.hit('test:sweep', 60_000)).hits).toBe(2);
    now = new Date('2030-01-01T00:02:00Z');
    const before = (await first.database.db.select().from(rateLimits)).length;
    expect(await limits.sweep()).toBeGreaterThanOrEqual(1);
    expect((await first.database.db.select().from(rateLimits)).length).toBeLessThan(before);
    expect((await limits.hit('test:sweep', 60_000)).hits).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support/test-app.ts';
import { httpClient, signUpClient, uniqueEmail } from '../../test/support/http-client.ts';
import { readMailbox } from '../../test/support/mailbox.ts';
import { renderEmail } from '../email/templates.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('/dev/clock', () => {
  const testApp = useTestApp();
  const { api } = testApp;

  it('reads the business clock: real time until someone moves it', async () => {
    const response = await api.get('/dev/clock');
    expect(response.status).toBe(200);
    expect(response.body.offset_ms).toBe(0);
    expect(Math.abs(Date.parse(response.body.now) - Date.now())).toBeLessThan(5000);
  });

  it('moves the clock forward and runs the jobs that became due before answering', async () => {
    const to = uniqueEmail('clock');
    const before = (await api.get('/dev/clock')).body.offset_ms as number;
    await testApp.app.jobs.enqueue({
      kind: 'send-email',
      payload: { to, language: 'en', ...renderEmail({ kind: 'teamInvitationExistingAccount', language: 'en', params: { inviterName: 'Hanh' } }) },
      runAt: new Date(testApp.app.clock.now().getTime() + 2 * HOUR),
    });
    await testApp.app.jobs.drain();
    expect((await readMailbox(testApp.baseUrl)).filter((email) => email.to === to)).toHaveLength(0);

    const moved = await api.post('/dev/clock', { body: { advance_ms: 2 * HOUR } });
    expect(moved.status).toBe(200);
    expect(moved.body.offset_ms).toBe(before + 2 * HOUR);
    expect(Math.abs(Date.parse(moved.body.now) - (Date.now() + before + 2 * HOUR))).toBeLessThan(5000);
    // No waiting: the email left before the clock call answered.
    expect((await readMailbox(testApp.baseUrl)).filter((email) => email.to === to)).toHaveLength(1);
    expect((await api.get('/dev/clock')).body.offset_ms).toBe(before + 2 * HOUR);
  });

  it('expires sessions by the business clock', async () => {
    const { token } = await signUpClient(api);
    expect((await api.get('/v1/me', { token })).status).toBe(200);
    await api.post('/dev/clock', { body: { advance_ms: 29 * DAY } });
    expect((await api.get('/v1/me', { token })).status).toBe(200);
    await api.post('/dev/clock', { body: { advance_ms: 2 * DAY } });
    expect((await api.get('/v1/me', { token })).status).toBe(401);
  });

  it.each([[{ advance_ms: -1 }], [{ advance_ms: 1.5 }], [{ advance_ms: '1000' }], [{}]])('refuses %j with 400 naming advance_ms, leaving the clock', async (body) => {
    const before = (await api.get('/dev/clock')).body.offset_ms;
    const response = await api.post('/dev/clock', { body });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([expect.objectContaining({ field: 'advance_ms' })]);
    expect(response.body.message).toContain('advance_ms');
    expect((await api.get('/dev/clock')).body.offset_ms).toBe(before);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await api.get('/docs/json')).body;
    expect(Object.keys(document.paths['/dev/clock'])).toEqual(expect.arrayContaining(['get', 'post']));
  });
});

describe('/dev/clock in production', () => {
  const testApp = useTestApp({ env: { NODE_ENV: 'production' } });

  it('is not served', async () => {
    const api = httpClient(testApp.baseUrl);
    expect((await api.get('/dev/clock')).status).toBe(404);
    expect((await api.post('/dev/clock', { body: { advance_ms: 1000 } })).status).toBe(404);
    await expect(testApp.app.clock.advance(1000)).rejects.toThrow();
  });
});

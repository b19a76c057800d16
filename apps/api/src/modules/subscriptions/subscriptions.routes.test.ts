import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { uniqueEmail } from '../../../test/support/http-client.ts';
import { readMailbox, waitForEmail } from '../../../test/support/mailbox.ts';

describe('mailing list API', () => {
  const testApp = useTestApp({ env: { PUBLIC_URL: 'https://goodtable.example' } });
  const { api } = testApp;

  const rowsFor = (email: string) =>
    testApp.database.db
      .select({ id: subscriptions.id, unsubscribed_at: subscriptions.unsubscribedAt })
      .from(subscriptions)
      .where(eq(sql`lower(${subscriptions.email})`, email.toLowerCase()));

  /** The unsubscribe secret of the confirmation email's one-click link. */
  const unsubscribeToken = (text: string) => decodeURIComponent(/\/unsubscribe\?token=([A-Za-z0-9_\-%]+)/.exec(text)![1]!);

  it('subscribes an address, answers its id and sends a confirmation with a one-click unsubscribe link and header', async () => {
    const email = uniqueEmail('subscriber');
    const response = await api.post('/v1/subscription', { body: { email, language: 'vn' } });
    expect(response.status).toBe(200);
    expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const confirmation = await waitForEmail(testApp.baseUrl, { to: email, subject: /đăng ký nhận tin/ });
    expect(confirmation.language).toBe('vn');
    expect(confirmation.text).toMatch(/https:\/\/goodtable\.example\/unsubscribe\?token=/);
    expect(confirmation.headers['List-Unsubscribe']).toMatch(/^<https:\/\/goodtable\.example\/v1\/subscription\/unsubscribe\?token=[^>]+>$/);
    expect(confirmation.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('answers the same id when the address subscribes twice (any case), with one row and one email', async () => {
    const email = uniqueEmail('twice');
    const first = await api.post('/v1/subscription', { body: { email } });
    const second = await api.post('/v1/subscription', { body: { email: email.toUpperCase() } });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(await rowsFor(email)).toHaveLength(1);
    await waitForEmail(testApp.baseUrl, { to: email, subject: /mailing list/ });
    await testApp.drainJobs();
    expect((await readMailbox(testApp.baseUrl)).filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it('refuses a bad email with 400 naming the field, and stores nothing', async () => {
    for (const body of [{ email: 'not-an-email' }, { email: '' }, {}]) {
      const response = await api.post('/v1/subscription', { body });
      expect(response.status).toBe(400);
      expect(response.body.details[0].field).toBe('email');
    }
    expect(await rowsFor('not-an-email')).toHaveLength(0);
  });

  it('unsubscribes with the one-click POST (form body as mail clients send it), and a new subscribe puts the address back', async () => {
    const email = uniqueEmail('leaver');
    const { body } = await api.post('/v1/subscription', { body: { email } });
    const token = unsubscribeToken((await waitForEmail(testApp.baseUrl, { to: email, subject: /mailing list/ })).text);
    const oneClick = await fetch(new URL(`/v1/subscription/unsubscribe?token=${encodeURIComponent(token)}`, testApp.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(204);
    expect((await rowsFor(email))[0]!.unsubscribed_at).not.toBeNull();
    // Again: still 204 (the link keeps working), nothing else changes.
    expect((await api.post(`/v1/subscription/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(204);

    const again = await api.post('/v1/subscription', { body: { email } });
    expect(again.body.id).toBe(body.id);
    expect((await rowsFor(email))[0]!.unsubscribed_at).toBeNull();
    const emails = (await readMailbox(testApp.baseUrl)).filter((mail) => mail.to === email);
    expect(emails.length).toBeGreaterThanOrEqual(1);
    // The old link no longer works: the new confirmation carries a new one.
    expect((await api.post(`/v1/subscription/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(404);
  });

  it('answers 404 for an unknown unsubscribe link and 400 for a malformed one', async () => {
    expect((await api.post(`/v1/subscription/unsubscribe?token=${'x'.repeat(43)}`)).status).toBe(404);
    expect((await api.post('/v1/subscription/unsubscribe?token=short')).status).toBe(400);
  });
});

describe('mailing list rate limit', () => {
  const { api } = useTestApp({ env: { ACCOUNT_RATE_LIMIT_MAX: '2' } });

  it('answers 429 after too many subscribe attempts for one address', async () => {
    const email = uniqueEmail('flood');
    expect((await api.post('/v1/subscription', { body: { email } })).status).toBe(200);
    expect((await api.post('/v1/subscription', { body: { email } })).status).toBe(200);
    const limited = await api.post('/v1/subscription', { body: { email } });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('auth.tooManyAttempts');
  });
});

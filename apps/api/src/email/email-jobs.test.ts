import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { devMailbox, emailOutbox } from '../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { httpClient, signUpClient, uniqueEmail } from '../../test/support/http-client.ts';
import { createMailer } from './mailer.ts';
import { renderEmail } from './templates.ts';

/** A loopback port with nothing listening: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('email outbox with the SMTP server down', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => testApp.close());

  it('keeps the email and schedules a retry, and the request still succeeds', async () => {
    const api = httpClient(testApp.baseUrl);
    const { email } = await signUpClient(api);
    expect((await api.post('/v1/auth/forgot-password', { email })).status).toBe(202);
    await expect
      .poll(async () => {
        const rows = await testApp.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
        return rows.filter((row) => row.lastError !== null).length;
      }, { timeout: 10_000 })
      .toBe(2);
    const rows = await testApp.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    }
  });
});

describe('email outbox sweeps', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it('delivers each email exactly once when two instances sweep at the same time', async () => {
    const db = testApp.database.db;
    const other = createMailer({ from: 'GoodTable <x@goodtable.test>', db, log: testApp.app.log });
    const addresses = Array.from({ length: 45 }, (_, i) => uniqueEmail(`outbox${i}`));
    await db.transaction(async (tx) => {
      for (const to of addresses) await testApp.app.mailer.enqueue({ to, language: 'en', ...renderEmail('teamInvitationExistingAccount', 'en', { inviterName: 'Hanh' }) }, tx);
    });
    await Promise.all([testApp.app.mailer.sweep(), other.sweep(), other.sweep(), testApp.app.mailer.sweep()]);
    await expect
      .poll(async () => (await db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses))).every((row) => row.status === 'sent'), { timeout: 10_000 })
      .toBe(true);
    const delivered = await db.select().from(devMailbox).where(inArray(devMailbox.toAddress, addresses));
    expect(delivered).toHaveLength(addresses.length);
    expect(new Set(delivered.map((row) => row.toAddress)).size).toBe(addresses.length);
    await other.stop();
  });

  it('sends nothing written in a transaction that rolled back', async () => {
    const db = testApp.database.db;
    const to = uniqueEmail('rolledback');
    await expect(
      db.transaction(async (tx) => {
        await testApp.app.mailer.enqueue({ to, language: 'en', ...renderEmail('teamInvitationExistingAccount', 'en', { inviterName: 'Hanh' }) }, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await testApp.app.mailer.sweep();
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).toHaveLength(0);
    expect(await db.select().from(devMailbox).where(eq(devMailbox.toAddress, to))).toHaveLength(0);
  });
});

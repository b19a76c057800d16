import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { devMailbox, jobs } from '../db/schema/index.ts';
import { useTestApp } from '../../test/support/test-app.ts';
import { uniqueEmail } from '../../test/support/http-client.ts';
import { renderEmail } from './templates.ts';

/** A loopback port with nothing listening: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const invitationTo = (to: string) => ({ to, language: 'en', ...renderEmail({ kind: 'teamInvitationExistingAccount', language: 'en', params: { inviterName: 'Hanh' } }) });
const emailJobsTo = (to: string[]) => and(eq(jobs.kind, 'send-email'), inArray(sql<string>`${jobs.payload}->>'to'`, to));

describe('email jobs with the SMTP server down', () => {
  const testApp = useTestApp({ env: async () => ({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }) });

  it('keeps the email and schedules a retry with backoff', async () => {
    const to = uniqueEmail('smtpdown');
    await testApp.app.mailer.enqueue(invitationTo(to));
    await testApp.app.jobs.runDue();
    const [row] = await testApp.database.db.select().from(jobs).where(emailJobsTo([to]));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, finishedAt: null });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.runAt.getTime()).toBeGreaterThan(testApp.app.clock.now().getTime() + 30_000);
  });
});

describe('email jobs', () => {
  const first = useTestApp();
  const second = useTestApp({ sharedWith: first });

  it('delivers each email exactly once when two instances run the jobs at the same time', async () => {
    const db = first.database.db;
    const addresses = Array.from({ length: 45 }, (_, i) => uniqueEmail(`outbox${i}`));
    await db.transaction(async (tx) => {
      for (const to of addresses) await first.app.mailer.enqueue(invitationTo(to), tx);
    });
    await Promise.all([first.app.jobs.runDue(), second.app.jobs.runDue(), second.app.jobs.drain(), first.app.jobs.drain()]);
    const rows = await db.select().from(jobs).where(emailJobsTo(addresses));
    expect(rows.map((row) => row.status)).toEqual(addresses.map(() => 'done'));
    const delivered = await db.select().from(devMailbox).where(inArray(devMailbox.toAddress, addresses));
    expect(delivered).toHaveLength(addresses.length);
    expect(new Set(delivered.map((row) => row.toAddress)).size).toBe(addresses.length);
  });

  it('sends nothing written in a transaction that rolled back', async () => {
    const db = first.database.db;
    const to = uniqueEmail('rolledback');
    await expect(
      db.transaction(async (tx) => {
        await first.app.mailer.enqueue(invitationTo(to), tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await first.app.jobs.drain();
    expect(await db.select().from(jobs).where(emailJobsTo([to]))).toHaveLength(0);
    expect(await db.select().from(devMailbox).where(eq(devMailbox.toAddress, to))).toHaveLength(0);
  });
});

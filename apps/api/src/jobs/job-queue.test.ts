import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { devMailbox, jobs } from '../db/schema/index.ts';
import { useTestApp } from '../../test/support/test-app.ts';
import { DATABASE_AWAY_RETRY_MS } from './job-queue.ts';
import { uniqueEmail } from '../../test/support/http-client.ts';

declare module './job-queue.ts' {
  interface JobPayloads {
    'test.record': { label: string };
    'test.fails-once': { label: string };
    'test.broken': { label: string };
    'test.writes-then-throws': { to: string };
    'test.interrupted-by-outage': { label: string };
  }
}

const labelSchema = z.object({ label: z.string() });
const MINUTE = 60_000;

/** Two API instances on one database (two pools on PostgreSQL; one PGlite connection shared by two workers). */
describe('job queue', () => {
  const first = useTestApp();
  const second = useTestApp({ sharedWith: first });
  /** Runs of each label, counted over both instances' workers. */
  const runs = new Map<string, number>();
  const failuresLeft = new Map<string, number>();
  const countRun = (label: string) => runs.set(label, (runs.get(label) ?? 0) + 1);

  beforeAll(async () => {
    for (const app of [first.app, second.app]) {
      app.jobs.define('test.record', { schema: labelSchema, handle: async ({ payload }) => void countRun(payload.label) });
      app.jobs.define('test.fails-once', {
        schema: labelSchema,
        handle: async ({ payload }) => {
          countRun(payload.label);
          const left = failuresLeft.get(payload.label) ?? 0;
          if (left > 0) {
            failuresLeft.set(payload.label, left - 1);
            throw new Error('planned failure');
          }
        },
      });
      app.jobs.define('test.broken', {
        schema: labelSchema,
        maxAttempts: 3,
        backoffMs: () => 1000,
        handle: async ({ payload }) => {
          countRun(payload.label);
          throw new Error(`broken ${payload.label}`);
        },
      });
      app.jobs.define('test.interrupted-by-outage', {
        schema: labelSchema,
        maxAttempts: 1,
        handle: async ({ payload }) => {
          countRun(payload.label);
          const left = failuresLeft.get(payload.label) ?? 0;
          if (left > 0) {
            failuresLeft.set(payload.label, left - 1);
            // What node-postgres throws when the server went away mid-job.
            throw new Error('Failed query: update …', { cause: new Error('Connection terminated unexpectedly') });
          }
        },
      });
      app.jobs.define('test.writes-then-throws', {
        schema: z.object({ to: z.string() }),
        maxAttempts: 1,
        handle: async ({ payload, db }) => {
          await db.insert(devMailbox).values({ toAddress: payload.to, fromAddress: 'x@goodtable.test', subject: 's', text: 't', html: 'h', language: 'en' });
          throw new Error('after writing');
        },
      });
    }
  });

  const jobRow = async (id: string) => (await first.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const runBoth = () => Promise.all([first.app.jobs.runDue(), second.app.jobs.runDue(), first.app.jobs.runDue(), second.app.jobs.runDue()]);

  it('runs a job scheduled in the future exactly once, when the business clock reaches it, with two workers', async () => {
    const label = 'future';
    const job = await first.app.jobs.enqueue({ kind: 'test.record', payload: { label }, runAt: new Date(first.app.clock.now().getTime() + 60 * MINUTE) });
    await runBoth();
    await first.app.clock.advance(59 * MINUTE);
    await runBoth();
    expect(runs.get(label)).toBeUndefined();
    expect(await jobRow(job!.id)).toMatchObject({ status: 'pending', attempts: 0 });

    await first.app.clock.advance(MINUTE);
    await runBoth();
    await runBoth();
    expect(runs.get(label)).toBe(1);
    expect(await jobRow(job!.id)).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
  });

  it('the other instance sees the moved clock and runs the job the first one enqueued', async () => {
    const label = 'seen-by-second';
    const job = await first.app.jobs.enqueue({ kind: 'test.record', payload: { label }, runAt: new Date(first.app.clock.now().getTime() + 10 * MINUTE) });
    await first.app.clock.advance(10 * MINUTE);
    await expect.poll(() => second.app.clock.offsetMs(), { timeout: 5000 }).toBe(first.app.clock.offsetMs());
    await second.app.jobs.runDue();
    expect(runs.get(label)).toBe(1);
    expect((await jobRow(job!.id)).status).toBe('done');
  });

  it('retries a failed job after its backoff, not before', async () => {
    const label = 'fails-once';
    failuresLeft.set(label, 1);
    const job = await first.app.jobs.enqueue({ kind: 'test.fails-once', payload: { label } });
    await first.app.jobs.drain();
    const failedOnce = await jobRow(job!.id);
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1, lastError: 'planned failure' });
    expect(failedOnce.runAt.getTime() - first.app.clock.now().getTime()).toBeGreaterThan(55_000);

    await first.app.clock.advance(30_000);
    await runBoth();
    expect(runs.get(label)).toBe(1);

    await first.app.clock.advance(30_000);
    await runBoth();
    expect(runs.get(label)).toBe(2);
    expect(await jobRow(job!.id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('tries a job the unavailable database interrupted again later, without using up its attempts', async () => {
    const label = 'interrupted-by-outage';
    failuresLeft.set(label, 2);
    const job = await first.app.jobs.enqueue({ kind: 'test.interrupted-by-outage', payload: { label } });
    await first.app.jobs.drain();
    // Its only attempt was interrupted: a job failing on its own would now be `failed`.
    const interrupted = await jobRow(job!.id);
    expect(interrupted).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(interrupted.runAt.getTime() - first.app.clock.now().getTime()).toBeGreaterThan(DATABASE_AWAY_RETRY_MS / 2);

    for (const expectedRuns of [2, 3]) {
      await first.app.clock.advance(DATABASE_AWAY_RETRY_MS);
      await runBoth();
      expect(runs.get(label)).toBe(expectedRuns);
    }
    expect(await jobRow(job!.id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('ends a job that keeps failing as failed after max_attempts, and runs it no more', async () => {
    const label = 'broken';
    const job = await first.app.jobs.enqueue({ kind: 'test.broken', payload: { label } });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await runBoth();
      await first.app.clock.advance(1000);
    }
    expect(runs.get(label)).toBe(3);
    const row = await jobRow(job!.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, maxAttempts: 3, lastError: 'broken broken' });
    expect(row.finishedAt).not.toBeNull();
  });

  it('enqueues the same logical job once per dedupe key', async () => {
    const label = 'deduped';
    const firstEnqueue = await first.app.jobs.enqueue({ kind: 'test.record', payload: { label }, dedupeKey: 'test:deduped' });
    const secondEnqueue = await second.app.jobs.enqueue({ kind: 'test.record', payload: { label }, dedupeKey: 'test:deduped' });
    expect(firstEnqueue).not.toBeNull();
    expect(secondEnqueue).toBeNull();
    await first.app.jobs.drain();
    const again = await first.app.jobs.enqueue({ kind: 'test.record', payload: { label }, dedupeKey: 'test:deduped' });
    expect(again).toBeNull();
    await runBoth();
    expect(runs.get(label)).toBe(1);
    expect(await first.database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'test:deduped'))).toHaveLength(1);
  });

  it('gives a job back when its worker died (lease expired), and runs it once', async () => {
    const label = 'orphaned';
    const job = await first.app.jobs.enqueue({ kind: 'test.record', payload: { label }, runAt: new Date(first.app.clock.now().getTime() + 60 * MINUTE) });
    // What a worker that claimed the job and then crashed leaves behind: running, lease already over.
    await first.database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: sql`now() - interval '1 second'`, runAt: first.app.clock.now() })
      .where(eq(jobs.id, job!.id));
    await runBoth();
    expect(runs.get(label)).toBe(1);
    expect(await jobRow(job!.id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('rolls back what a handler wrote when it fails, so its effects and its completion go together', async () => {
    const to = uniqueEmail('rolledback-job');
    const job = await first.app.jobs.enqueue({ kind: 'test.writes-then-throws', payload: { to } });
    await first.app.jobs.drain();
    expect(await jobRow(job!.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'after writing' });
    expect(await first.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, to))).toHaveLength(0);
  });

  it('writes nothing and runs nothing for a job enqueued in a transaction that rolled back', async () => {
    const label = 'rolled-back-enqueue';
    await expect(
      first.database.db.transaction(async (tx) => {
        await first.app.jobs.enqueue({ kind: 'test.record', payload: { label } }, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await runBoth();
    expect(runs.get(label)).toBeUndefined();
    expect(await first.database.db.select().from(jobs).where(sql`${jobs.payload}->>'label' = ${label}`)).toHaveLength(0);
  });
});

import { and, asc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { withAfterCommitScope } from '../db/after-commit.ts';
import type { DatabaseConnection, Executor } from '../db/client.ts';
import { notifyColumn } from '../db/notify.ts';
import { jobs, type JobRow, type JobStatus } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { isDatabaseUnavailable, loggableError, safeErrorMessage } from '../lib/database-errors.ts';

/**
 * Payload type of every job kind. Each module adds its kinds by augmenting this interface next to the definition:
 * `declare module '../../jobs/job-queue.ts' { interface JobPayloads { 'auth.password-reset': { email: string } } }`.
 */
export interface JobPayloads {
  'jobs.prune': Record<string, never>;
}
export type JobKind = keyof JobPayloads & string;

export type JobHandlerInput<Payload> = {
  payload: Payload;
  /** The transaction the job's completion commits in (or the database for `transactional: false` kinds). */
  db: Executor;
  clock: Clock;
  log: FastifyBaseLogger;
  job: { id: string; attempts: number; maxAttempts: number };
};

export type JobDefinition<Kind extends JobKind> = {
  schema: z.ZodType<JobPayloads[Kind]>;
  handle: (input: JobHandlerInput<JobPayloads[Kind]>) => Promise<void>;
  /**
   * True (default): the handler runs in one transaction with the job's `done`, so its database effects happen at
   * most once. False for effects outside the database (SMTP), which are then at least once.
   */
  transactional?: boolean;
  maxAttempts?: number;
  /** Wait before the next attempt after the `attempt`-th failed one (default: 1 min × 4^(attempt−1), at most 4 h). */
  backoffMs?: (attempt: number) => number;
  /** Recurring kind: after each run the next one is enqueued `everyMs` later (payload `{}`), once across instances. */
  everyMs?: number;
};

export type EnqueueJob<Kind extends JobKind> = {
  kind: Kind;
  payload: JobPayloads[Kind];
  /** When the job becomes due on the business clock; default now. */
  runAt?: Date;
  /** A second enqueue with the same key does nothing (the first job, done or not, stands). */
  dedupeKey?: string;
};

export type JobQueue = {
  define: <Kind extends JobKind>(kind: Kind, definition: JobDefinition<Kind>) => void;
  /** Writes the job with `executor` (the caller's transaction, or the database); null when the dedupe key exists. */
  enqueue: <Kind extends JobKind>(job: EnqueueJob<Kind>, executor?: Executor) => Promise<{ id: string } | null>;
  /** `enqueue` of several jobs in one statement (a batch of sales); resolves with the ids written (dedupe keys that existed are skipped). */
  enqueueMany: <Kind extends JobKind>(batch: readonly EnqueueJob<Kind>[], executor?: Executor) => Promise<{ id: string }[]>;
  /** The job written under `dedupeKey` (whatever its status), while its row is kept: when it was due, and its status. */
  findByDedupeKey: (dedupeKey: string, executor?: Executor) => Promise<{ runAt: Date; status: JobStatus } | null>;
  /** Runs the jobs due now on this instance; resolves with how many succeeded. One run at a time per queue. */
  runDue: () => Promise<number>;
  /** Runs the due jobs and waits (up to `timeoutMs`) until no due job is still running on another instance. */
  drain: (timeoutMs?: number) => Promise<void>;
  /** Polls every `pollIntervalMs`, wakes on NOTIFY from any instance, schedules the recurring kinds. */
  start: () => Promise<void>;
  /** Stops polling and waits for the run in progress. */
  stop: () => Promise<void>;
};

const JOBS_CHANNEL = 'goodtable_jobs';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How long finished rows stay for inspection (a dedupe key holds while its row exists). */
const KEEP_DONE_MS = 7 * DAY_MS;
const KEEP_FAILED_MS = 30 * DAY_MS;
const DEFAULT_MAX_ATTEMPTS = 5;
const MAX_BACKOFF_MS = 4 * 60 * 60 * 1000;
/** Wait after the n-th failed attempt: 1 min × 4^(n−1), at most 4 h (jobs, payouts, refunds owed to a payer). */
export const defaultBackoffMs = (attempt: number) => Math.min(60_000 * 4 ** (attempt - 1), MAX_BACKOFF_MS);

/**
 * Occurrences of a recurring kind fall on multiples of its period, so every instance computes the same dedupe key,
 * and a clock moved far ahead skips the missed ones instead of running each.
 */
function nextOccurrence(after: Date, everyMs: number): Date {
  return new Date((Math.floor(after.getTime() / everyMs) + 1) * everyMs);
}

/** How long after the database was away a job it interrupted is tried again (business time); the try does not count. */
export const DATABASE_AWAY_RETRY_MS = 10_000;

/** The handler ran, but another worker took the job over after our lease expired: our transaction must not commit. */
class LeaseLostError extends Error {}

export function createJobQueue(options: {
  connection: Pick<DatabaseConnection, 'db' | 'listen'>;
  clock: Clock;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
  /** How long a claimed job stays with its worker (real time) before another instance may take it over. */
  leaseMs?: number;
  batchSize?: number;
}): JobQueue {
  const { clock, log } = options;
  const { db } = options.connection;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const batchSize = options.batchSize ?? 10;
  // Kinds are typed one by one through `define`; stored loosely here.
  const definitions = new Map<string, JobDefinition<never>>();
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => void) | undefined;
  let stopping = false;

  function definitionOf(kind: string): JobDefinition<never> {
    const definition = definitions.get(kind);
    if (!definition) throw new Error(`Unknown job kind ${kind}`);
    return definition;
  }

  async function enqueue<Kind extends JobKind>(job: EnqueueJob<Kind>, executor: Executor = db): Promise<{ id: string } | null> {
    const [row] = await enqueueMany([job], executor);
    return row ?? null;
  }

  async function findByDedupeKey(dedupeKey: string, executor: Executor = db): Promise<{ runAt: Date; status: JobStatus } | null> {
    const [row] = await executor.select({ runAt: jobs.runAt, status: jobs.status }).from(jobs).where(eq(jobs.dedupeKey, dedupeKey));
    return row ?? null;
  }

  async function enqueueMany<Kind extends JobKind>(batch: readonly EnqueueJob<Kind>[], executor: Executor = db): Promise<{ id: string }[]> {
    if (batch.length === 0) return [];
    const now = clock.now();
    const rows = batch.map((job) => {
      const definition = definitionOf(job.kind);
      return { kind: job.kind, payload: definition.schema.parse(job.payload) as unknown, runAt: job.runAt ?? now, maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, dedupeKey: job.dedupeKey ?? null };
    });
    const insert = executor.insert(jobs).values(rows).onConflictDoNothing({ target: jobs.dedupeKey }).returning({ id: jobs.id });
    if (rows.every((row) => row.runAt.getTime() > now.getTime())) return insert;
    // One due now: wakes every instance once the caller's transaction commits (nothing when it rolls back, nor when
    // every dedupe key existed), in the insert's own statement.
    const inserted = executor.$with('inserted').as(insert);
    return executor.with(inserted).select({ id: inserted.id, woken: notifyColumn(JOBS_CHANNEL, '') }).from(inserted);
  }

  /** Takes up to `batchSize` due jobs (or jobs whose worker's lease expired) that no other worker holds. */
  async function claim(): Promise<JobRow[]> {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, [...definitions.keys()]),
          or(
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, clock.now())),
            and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`), lt(jobs.attempts, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /** A job whose worker died on its last attempt gets no further attempt. */
  async function failAbandoned(): Promise<void> {
    await db
      .update(jobs)
      .set({ status: 'failed', lockedUntil: null, lastError: 'worker lease expired on the last attempt', finishedAt: clock.now() })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`), gte(jobs.attempts, jobs.maxAttempts)));
  }

  /** Guards every update of a running job: only the worker of this attempt may finish it. */
  const heldBy = (row: JobRow) => and(eq(jobs.id, row.id), eq(jobs.status, 'running'), eq(jobs.attempts, row.attempts));

  /**
   * Jobs of this worker that an unavailable database interrupted, to hand back as pending: at once when the database
   * answers again, else at the start of a later run. Their attempt does not count (the job was not at fault), so an
   * outage never uses up a job's attempts nor fails it.
   */
  const interrupted = new Map<string, JobRow>();

  async function handBackInterrupted(): Promise<void> {
    for (const row of [...interrupted.values()]) {
      await db
        .update(jobs)
        .set({ status: 'pending', attempts: sql`${jobs.attempts} - 1`, lockedUntil: null, runAt: new Date(clock.now().getTime() + DATABASE_AWAY_RETRY_MS) })
        .where(heldBy(row));
      interrupted.delete(row.id);
    }
  }

  async function complete(executor: Executor, { row, definition }: { row: JobRow; definition: JobDefinition<never> }): Promise<boolean> {
    const finishedAt = clock.now();
    const [done] = await executor.update(jobs).set({ status: 'done', finishedAt, lockedUntil: null, lastError: null }).where(heldBy(row)).returning({ id: jobs.id });
    if (done && definition.everyMs) await enqueueOccurrence({ kind: row.kind, runAt: nextOccurrence(new Date(Math.max(finishedAt.getTime(), row.runAt.getTime())), definition.everyMs), executor });
    return Boolean(done);
  }

  async function retryOrFail({ row, definition, error }: { row: JobRow; definition: JobDefinition<never>; error: unknown }): Promise<void> {
    // Neither the log nor the row keeps a failed query's text or parameters (payloads hold emails and tokens).
    const message = safeErrorMessage(error);
    const giveUp = row.attempts >= row.maxAttempts;
    log.error({ error: loggableError(error), job: row.id, kind: row.kind, attempts: row.attempts }, giveUp ? 'job failed, giving up' : 'job failed, will retry');
    const now = clock.now();
    const wait = (definition.backoffMs ?? defaultBackoffMs)(row.attempts);
    await db
      .update(jobs)
      .set(
        giveUp
          ? { status: 'failed', lockedUntil: null, lastError: message.slice(0, 1000), finishedAt: now }
          : { status: 'pending', lockedUntil: null, lastError: message.slice(0, 1000), runAt: new Date(now.getTime() + wait) },
      )
      .where(heldBy(row));
    // A recurring job keeps recurring even when one occurrence fails for good.
    if (giveUp && definition.everyMs) await enqueueOccurrence({ kind: row.kind, runAt: nextOccurrence(now, definition.everyMs) });
  }

  async function execute(row: JobRow): Promise<boolean> {
    const definition = definitionOf(row.kind);
    const parsed = definition.schema.safeParse(row.payload);
    if (!parsed.success) {
      // A payload that does not parse will never parse: no retry.
      await db.update(jobs).set({ status: 'failed', lockedUntil: null, lastError: `invalid payload: ${parsed.error.message}`.slice(0, 1000), finishedAt: clock.now() }).where(heldBy(row));
      return false;
    }
    const input = (executor: Executor): JobHandlerInput<never> => ({
      payload: parsed.data as never,
      db: executor,
      clock,
      log: log.child({ job: row.id, kind: row.kind }),
      job: { id: row.id, attempts: row.attempts, maxAttempts: row.maxAttempts },
    });
    // A job is an after-commit scope (db/after-commit.ts): the provider calls its transaction handed over run once
    // it committed (a deadline's settlement refunds), whatever became of the job.
    const afterCommitFailed = (error: unknown) => log.error({ error: loggableError(error), job: row.id, kind: row.kind }, 'after-commit work failed: its retrying job will do it');
    return withAfterCommitScope(db, {
      body: async () => {
        try {
          if (definition.transactional === false) {
            await definition.handle(input(db));
            if (!(await complete(db, { row, definition }))) throw new LeaseLostError();
          } else {
            await db.transaction(async (tx) => {
              await definition.handle(input(tx));
              if (!(await complete(tx, { row, definition }))) throw new LeaseLostError();
            });
          }
          return true;
        } catch (error) {
          if (error instanceof LeaseLostError) {
            log.warn({ job: row.id, kind: row.kind }, 'job lease lost to another worker; this run did not complete it');
            return false;
          }
          if (isDatabaseUnavailable(error)) {
            log.warn({ error: loggableError(error), job: row.id, kind: row.kind }, 'job interrupted: database unavailable, will retry');
            interrupted.set(row.id, row);
            await handBackInterrupted();
            return false;
          }
          await retryOrFail({ row, definition, error });
          return false;
        }
      },
      onError: afterCommitFailed,
    });
  }

  async function runOnce(): Promise<number> {
    let succeeded = 0;
    await handBackInterrupted();
    await failAbandoned();
    for (;;) {
      const claimed = await claim();
      for (const row of claimed) if (await execute(row)) succeeded += 1;
      if (claimed.length === 0 || stopping) return succeeded;
    }
  }

  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  let databaseAway = false;
  /** One run at a time; calls during a run share one follow-up run (so a caller always sees jobs due when it called). */
  function runDue(): Promise<number> {
    if (queued) return queued;
    const start = (): Promise<number> => {
      running = runOnce()
        .then((succeeded) => {
          if (databaseAway) log.info('job runs resumed: the database answers again');
          databaseAway = false;
          return succeeded;
        })
        .catch((error: unknown) => {
          // The database away: the poll tries again each interval (said once in the log), and the jobs wait in it.
          if (!isDatabaseUnavailable(error)) log.error({ error: loggableError(error) }, 'job run failed');
          else if (!databaseAway) log.warn({ error: loggableError(error) }, 'job runs paused: database unavailable');
          databaseAway ||= isDatabaseUnavailable(error);
          return 0;
        })
        .finally(() => {
          running = undefined;
        });
      return running;
    };
    if (!running) return start();
    queued = running.then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  }

  async function drain(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await runDue();
      const [busy] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(
          or(
            and(eq(jobs.status, 'running'), lte(jobs.runAt, clock.now()), gte(jobs.lockedUntil, sql`now()`)),
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, clock.now()), inArray(jobs.kind, [...definitions.keys()])),
          ),
        );
      if (!busy?.count || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async function enqueueOccurrence({ kind, runAt, executor = db }: { kind: string; runAt: Date; executor?: Executor }): Promise<void> {
    await enqueue({ kind: kind as JobKind, payload: {} as never, runAt, dedupeKey: `${kind}@${runAt.toISOString()}` }, executor);
  }

  function define<Kind extends JobKind>(kind: Kind, definition: JobDefinition<Kind>): void {
    definitions.set(kind, definition as unknown as JobDefinition<never>);
  }

  define('jobs.prune', {
    schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
    everyMs: HOUR_MS,
    handle: async ({ db: tx, clock: jobClock }) => {
      const now = jobClock.now().getTime();
      await tx
        .delete(jobs)
        .where(
          or(
            and(eq(jobs.status, 'done'), lt(jobs.finishedAt, new Date(now - KEEP_DONE_MS))),
            and(eq(jobs.status, 'failed'), lt(jobs.finishedAt, new Date(now - KEEP_FAILED_MS))),
          ),
        );
    },
  });

  return {
    define,
    enqueue,
    enqueueMany,
    findByDedupeKey,
    runDue,
    drain,
    async start() {
      stopping = false;
      for (const [kind, definition] of definitions) {
        if (definition.everyMs) await enqueueOccurrence({ kind, runAt: nextOccurrence(clock.now(), definition.everyMs) });
      }
      unlisten = await options.connection.listen(JOBS_CHANNEL, () => {
        if (!stopping) void runDue();
      });
      timer = setInterval(() => void runDue(), pollIntervalMs);
      timer.unref();
      void runDue();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      unlisten?.();
      await queued;
      await running;
    },
  };
}

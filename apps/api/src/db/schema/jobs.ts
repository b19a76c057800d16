import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Background work of every kind (src/jobs): written in the caller's transaction, due at `run_at` on the business
 * clock, claimed by any API instance with `FOR UPDATE SKIP LOCKED` and leased until `locked_until`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** Lease of a running job (real time of the database): past it, the worker is presumed dead and the job comes back. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The same logical job is enqueued once: a second enqueue with this key does nothing. */
    dedupeKey: text('dedupe_key').unique('jobs_dedupe_key_unique'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_due_idx').on(table.runAt).where(sql`status = 'pending'`),
    index('jobs_lease_idx').on(table.lockedUntil).where(sql`status = 'running'`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadEnv } from '../config/env.ts';
import { jobs } from '../db/schema/index.ts';
import { createTestDatabase } from '../../test/support/test-database.ts';

declare module './job-queue.ts' {
  interface JobPayloads {
    'test.failing-query': { token: string };
  }
}

/**
 * A job whose query the database refuses: drizzle's error carries the query text and its parameters ("Failed query:
 * … params: …"), and PostgreSQL's own message quotes the value it refused. The job runner's log and the job's stored
 * last error keep the SQLSTATE and a safe name for it, none of that.
 */
describe('a failed job’s log', () => {
  const lines: string[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-job-log-'));
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'test', WEB_DIST_DIR: '' });
    app = await buildApp({ env, database, logStream: { write: (line) => lines.push(line) } });
    app.jobs.define('test.failing-query', {
      schema: z.object({ token: z.string() }),
      maxAttempts: 1,
      handle: async ({ payload, db }) => {
        await db.execute(sql`select ${payload.token}::integer as refused`);
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the SQLSTATE, never the query, its parameters or the value the database quoted', async () => {
    const token = `secret-token-${randomUUID()}`;
    const job = await app.jobs.enqueue({ kind: 'test.failing-query', payload: { token } });
    await app.jobs.drain();

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = entries.find((entry) => entry['msg'] === 'job failed, giving up' && entry['job'] === job!.id);
    expect(failure).toMatchObject({ kind: 'test.failing-query', error: { type: 'DatabaseError', code: '22P02', message: 'invalid text representation' } });
    const log = lines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toMatch(/select|Failed query|params/i);

    const [row] = await app.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(row).toMatchObject({ status: 'failed', lastError: 'database error 22P02: invalid text representation' });
  });
});

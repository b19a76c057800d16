import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * NOTIFY `channel` through `executor`: inside a transaction PostgreSQL (and PGlite) deliver it only on commit, so a
 * rolled-back change notifies nobody.
 */
export async function notify(executor: Executor, channel: string, payload = ''): Promise<void> {
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
}

import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * NOTIFY `channel` through `executor`: inside a transaction PostgreSQL (and PGlite) deliver it only on commit, so a
 * rolled-back change notifies nobody.
 */
export async function notify(executor: Executor, { channel, payload = '' }: { channel: string; payload?: string }): Promise<void> {
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * The same NOTIFY as a column of another statement (`select …, pg_notify(…) from inserted`), so that a row and the
 * notice announcing it cost one round trip: on a busy path every statement is a socket write and a wait.
 */
export const notifyColumn = (channel: string, payload: SQL | string) => sql<string>`pg_notify(${channel}::text, ${payload}::text)`;

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client.ts';

/**
 * Work that talks to the world outside the database (a payment provider) must not run inside a transaction: the
 * transaction's locks would be held while the other side answers, and a provider call made for a change that then
 * rolls back is recorded by nobody. A transaction instead records what is owed (a pending row) and hands the call to
 * `afterCommit`; the work runs once the unit of work that opened the scope (an HTTP request before it answers, a
 * job after its transaction) is over, with the database, not the transaction. A rolled-back change leaves its work
 * nothing to find. Work registered outside any scope (the demo seed) is left to the recurring job that retries it.
 */
export type AfterCommitWork = (db: Database) => Promise<void>;

type Scope = { db: Database; work: AfterCommitWork[] };

const scopes = new AsyncLocalStorage<Scope>();

/** Registers `work` to run after the current scope's transactions; false when there is no scope. */
export function afterCommit(work: AfterCommitWork): boolean {
  const scope = scopes.getStore();
  if (!scope) return false;
  scope.work.push(work);
  return true;
}

/**
 * Runs `body` outside any scope: a batch written for several requests at once (keyed batches) is no one request's
 * unit of work; what it registers is left to the recurring job that retries it.
 */
export function outsideAfterCommitScope<Result>(body: () => Result): Result {
  return scopes.exit(body);
}

/** A scope whose work the opener runs with `runAfterCommitWork` once its transactions are over. */
export function openAfterCommitScope(db: Database): Scope {
  return { db, work: [] };
}

/** Runs `body` inside `scope` (everything `body` starts, however deep, registers into it). */
export function inAfterCommitScope<Result>(scope: Scope, body: () => Result): Result {
  return scopes.run(scope, body);
}

/**
 * Runs the scope's work, one after another, in the order registered (each is idempotent and owns its errors: what
 * fails stays pending for the retrying job). Outside the scope, so work registered now waits for the next run.
 */
export async function runAfterCommitWork(scope: Scope, onError: (error: unknown) => void): Promise<void> {
  while (scope.work.length > 0) {
    const work = scope.work.shift()!;
    try {
      await scopes.exit(() => work(scope.db));
    } catch (error) {
      onError(error);
    }
  }
}

/**
 * Runs `body` as a unit of work with its own scope (a job, a demo settlement), then the work it registered, whether
 * `body` succeeded or threw.
 */
export async function withAfterCommitScope<Result>(db: Database, { body, onError }: { body: () => Promise<Result>; onError: (error: unknown) => void }): Promise<Result> {
  const scope = openAfterCommitScope(db);
  try {
    return await inAfterCommitScope(scope, body);
  } finally {
    await runAfterCommitWork(scope, onError);
  }
}

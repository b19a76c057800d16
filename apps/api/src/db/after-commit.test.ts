import { describe, expect, it } from 'vitest';
import { afterCommit, inAfterCommitScope, openAfterCommitScope, runAfterCommitWork, withAfterCommitScope } from './after-commit.ts';
import type { Database } from './client.ts';

const database = { name: 'the database' } as unknown as Database;

describe('after-commit work', () => {
  it('runs what the scope registered, however deep, in order, with the database, once the scope runs it', async () => {
    const scope = openAfterCommitScope(database);
    const ran: string[] = [];
    await inAfterCommitScope(scope, async () => {
      afterCommit(async (db) => void ran.push(`first with ${(db as unknown as { name: string }).name}`));
      await Promise.resolve();
      setImmediate(() => afterCommit(async () => void ran.push('registered later in the same scope')));
      await new Promise((resolve) => setImmediate(resolve));
    });
    expect(ran).toEqual([]);
    await runAfterCommitWork(scope, () => undefined);
    expect(ran).toEqual(['first with the database', 'registered later in the same scope']);
    await runAfterCommitWork(scope, () => undefined);
    expect(ran).toHaveLength(2);
  });

  it('keeps going past work that fails, and hands its error over', async () => {
    const scope = openAfterCommitScope(database);
    const ran: string[] = [];
    inAfterCommitScope(scope, () => {
      afterCommit(async () => Promise.reject(new Error('provider down')));
      afterCommit(async () => void ran.push('second'));
    });
    const errors: unknown[] = [];
    await runAfterCommitWork(scope, (error) => errors.push(error));
    expect(errors).toEqual([new Error('provider down')]);
    expect(ran).toEqual(['second']);
  });

  it('is not registered outside a scope, nor into the scope from the work it runs', async () => {
    expect(afterCommit(async () => undefined)).toBe(false);
    const scope = openAfterCommitScope(database);
    let registeredFromWork: boolean | undefined;
    inAfterCommitScope(scope, () => afterCommit(async () => void (registeredFromWork = afterCommit(async () => undefined))));
    await runAfterCommitWork(scope, () => undefined);
    expect(registeredFromWork).toBe(false);
  });

  it('runs a unit of work in its own scope, then its registered work, whether the unit succeeded or threw', async () => {
    const ran: string[] = [];
    const result = await withAfterCommitScope(database, {
      body: async () => {
        afterCommit(async () => void ran.push('after the unit that succeeded'));
        expect(ran).toEqual([]);
        return 'its result';
      },
      onError: () => undefined,
    });
    expect(result).toBe('its result');
    expect(ran).toEqual(['after the unit that succeeded']);

    const failed = withAfterCommitScope(database, {
      body: async () => {
        afterCommit(async () => void ran.push('after the unit that threw'));
        throw new Error('the job failed');
      },
      onError: () => undefined,
    });
    await expect(failed).rejects.toThrow('the job failed');
    expect(ran).toEqual(['after the unit that succeeded', 'after the unit that threw']);
  });
});

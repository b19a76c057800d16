import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import { isTransientConflict, retryTransientConflicts, TRANSIENT_CONFLICT_ATTEMPTS } from './database-errors.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('transient database conflicts (deadlocks): run again, else answered 503 with nothing changed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table deadlock_probe (id int primary key, touched text not null default '')`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('two transactions locking two rows in opposite orders both commit, each write once', async () => {
    await database.db.execute(sql`insert into deadlock_probe (id) values (1), (2)`);
    const attempts = { a: 0, b: 0 };
    const arrivals: Record<'a' | 'b', () => void> = { a: () => {}, b: () => {} };
    const arrived = { a: new Promise<void>((resolve) => (arrivals.a = resolve)), b: new Promise<void>((resolve) => (arrivals.b = resolve)) };
    const touchBoth = ({ name, first, second }: { name: 'a' | 'b'; first: number; second: number }) =>
      retryTransientConflicts(() =>
        database.db.transaction(async (tx) => {
          attempts[name] += 1;
          await tx.execute(sql`update deadlock_probe set touched = touched || ${name} where id = ${first}`);
          // The first try waits for the other to hold its first row (on PostgreSQL: a deadlock, which the server breaks
          // by aborting one). PGlite runs one transaction at a time: the wait then ends by itself.
          if (attempts[name] === 1) {
            arrivals[name]();
            await Promise.race([arrived[name === 'a' ? 'b' : 'a'], sleep(500)]);
          }
          await tx.execute(sql`update deadlock_probe set touched = touched || ${name} where id = ${second}`);
        }),
      );
    await Promise.all([touchBoth({ name: 'a', first: 1, second: 2 }), touchBoth({ name: 'b', first: 2, second: 1 })]);
    const rows = (await database.db.execute(sql`select id, touched from deadlock_probe order by id`)) as unknown as { rows: { id: number; touched: string }[] };
    // Each row has each transaction's write exactly once: the aborted try left nothing.
    expect(rows.rows.map((row) => [row.id, [...row.touched].sort().join('')])).toEqual([
      [1, 'ab'],
      [2, 'ab'],
    ]);
    expect(attempts.a + attempts.b).toBeLessThanOrEqual(3);
  });

  it('gives up after a few tries and lets other errors through at once', async () => {
    const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let tries = 0;
    await expect(
      retryTransientConflicts(async () => {
        tries += 1;
        throw new Error('Failed query: update …', { cause: deadlock() });
      }),
    ).rejects.toSatisfy(isTransientConflict);
    expect(tries).toBe(TRANSIENT_CONFLICT_ATTEMPTS);
    tries = 0;
    await expect(
      retryTransientConflicts(async () => {
        tries += 1;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    ).rejects.toThrow('duplicate key');
    expect(tries).toBe(1);
  });

  it('answers a call the database aborted for a deadlock 503 with Retry-After and a code the web translates', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.post('/change', async () => {
      throw new Error('Failed query: update "bookings" …', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });
    });
    const response = await app.inject({ method: 'POST', url: '/change' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The server was busy with the same item and changed nothing: please try again',
      code: 'common.busyTryAgain',
    });
    await app.close();
  });
});

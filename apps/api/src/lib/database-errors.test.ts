import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import net from 'node:net';
import pg from 'pg';
import { isDatabaseUnavailable, isTransientConflict, retryTransientConflicts, TRANSIENT_CONFLICT_ATTEMPTS } from './database-errors.ts';

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

/** An error as drizzle throws it: the driver's error as the `cause` of its "Failed query" error. */
const failedQuery = (cause: unknown) => new Error('Failed query: select … params: …', { cause });
const serverError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a database that is away is told apart from a call that is wrong', () => {
  it('counts refused, cut and timed-out connections, shutdowns and cancelled statements as the database being away', () => {
    const away = [
      serverError('08006', 'connection failure'),
      serverError('08001', 'could not establish connection'),
      serverError('57P01', 'terminating connection due to administrator command'),
      serverError('57P02', 'terminating connection due to crash of another server process'),
      serverError('57P03', 'the database system is starting up'),
      serverError('57014', 'canceling statement due to statement timeout'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('connect ETIMEDOUT 10.0.0.1:5432'), { code: 'ETIMEDOUT' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated') }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], ''),
    ];
    for (const error of away) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      expect(isDatabaseUnavailable(failedQuery(error)), `wrapped: ${error.message}`).toBe(true);
    }
  });

  it('leaves constraint violations, conflicts, bad input and other errors to their own answers', () => {
    const notAway = [
      serverError('23505', 'duplicate key value violates unique constraint'),
      serverError('23503', 'insert or update violates foreign key constraint'),
      serverError('40P01', 'deadlock detected'),
      serverError('22P02', 'invalid input syntax for type uuid'),
      serverError('42P01', 'relation does not exist'),
      serverError('53300', 'too many connections for role'),
      new Error('Unknown job kind x'),
      new TypeError('Cannot read properties of undefined'),
      'a string',
      undefined,
    ];
    for (const error of notAway) expect(isDatabaseUnavailable(error), String(error instanceof Error ? error.message : error)).toBe(false);
    expect(isDatabaseUnavailable(failedQuery(serverError('23505', 'duplicate key')))).toBe(false);
  });

  it('counts what node-postgres throws for a refused and a silent server as the database being away', async () => {
    // A port nobody listens on: the connection is refused.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = new pg.Client({ host: '127.0.0.1', port: closedPort, user: 'postgres', database: 'test' });
    const refusal = await refused.connect().then(() => undefined, (error: unknown) => error);
    expect(refusal).toBeDefined();
    expect(isDatabaseUnavailable(refusal)).toBe(true);

    // A server that accepts and never answers: the pool gives up after its acquire timeout.
    const accepted = new Set<net.Socket>();
    const silent = net.createServer((socket) => accepted.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const pool = new pg.Pool({ host: '127.0.0.1', port: (silent.address() as net.AddressInfo).port, user: 'postgres', database: 'test', connectionTimeoutMillis: 200 });
    try {
      const timeout = await pool.query('select 1').then(() => undefined, (error: unknown) => error);
      expect(timeout).toBeDefined();
      expect(isDatabaseUnavailable(timeout)).toBe(true);
    } finally {
      await pool.end();
      for (const socket of accepted) socket.destroy();
      silent.close();
    }
  });

  it('answers a call whose database is away 503 with Retry-After, a code the web translates and nothing of the error', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.post('/change', async () => {
      throw failedQuery(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    });
    const response = await app.inject({ method: 'POST', url: '/change' });
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The database is unavailable and nothing changed: please try again shortly',
      code: 'common.databaseUnavailable',
    });
    await app.close();
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app codes against: PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Database | Transaction;

/** Called with the payload of each NOTIFY on a channel; returns nothing. */
export type NotificationHandler = (payload: string) => void;

export type DatabaseConnection = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  /**
   * Runs `work` while holding the start-up lock: on PostgreSQL a session-level advisory lock, so instances starting
   * together on one database migrate and seed one after the other (the second then finds the work done). PGlite is
   * one process's own database: `work` just runs.
   */
  whileHoldingStartupLock: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * LISTENs on `channel` (PostgreSQL: one dedicated connection per DatabaseConnection, not a pooled one; PGlite: its
   * in-process listen). Resolves once listening; the returned function stops this handler.
   */
  listen: (channel: string, handler: NotificationHandler) => Promise<() => void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
/**
 * PGlite's PostgreSQL with 32 MB of shared buffers instead of PostgreSQL's 128 MB: PGlite keeps them
 * in its WebAssembly memory, which is touched in full at start and never shrinks (measured on a seeded demo database:
 * 291 -> 174 MB resident right after opening). The demo and test databases are tens of MB, and the operating system's
 * file cache still holds the data files. 16 MB made the browser suite's pages slow past their expectations
 * (docs/decisions/0096-embedded-database-memory.md). Given as start
 * parameters: the `postgresqlconf` option would replace the data directory's postgresql.conf.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
/**
 * Creates a new PGlite data directory (PostgreSQL's initdb) in a short-lived child process. initdb grows PGlite's
 * WebAssembly memory by about 550 MB, and that memory never shrinks while the instance lives: a first start kept it
 * for the life of the server (idle 860 MB against 320 MB after a restart). A worker thread gave most of it back but
 * left about 150 MB in the process; a process of its own returns all of it. The server then opens the new directory
 * as it does on every restart. (Applying the migrations there too was tried: they leave no lasting growth.)
 */
async function createPgliteDataDir(dataPath: string): Promise<void> {
  const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const source = 'const { PGlite } = await import(process.argv[1]); const created = await PGlite.create(process.argv[2]); await created.close();';
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', source, pgliteUrl, dataPath], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`creating the PGlite database in ${dataPath} failed (exit code ${code}): ${errors}`))));
  });
}

const pgliteDataPath = (dataDir: string) => path.resolve(dataDir, 'pglite');

/** Whether `openDatabase` would create a new embedded database on disk (no DATABASE_URL, not in memory, not there yet). */
export function isNewEmbeddedDatabase(options: { databaseUrl?: string; dataDir: string }): boolean {
  if (options.databaseUrl || options.dataDir.startsWith('memory://')) return false;
  return !fs.existsSync(path.join(pgliteDataPath(options.dataDir), 'PG_VERSION'));
}

/** Names the advisory lock taken for migrations and demo seeding (hashed by PostgreSQL to the lock's key). */
const STARTUP_LOCK_NAME = 'goodtable:migrate-and-seed';

/**
 * How long the API waits on PostgreSQL before it answers 503 (docs/configuration.md, DATABASE_*_TIMEOUT_MS): for a
 * pooled connection, for the server to finish a statement (it cancels it, 57014), and for any answer at all (a frozen
 * server; the connection is then dropped).
 */
export type DatabaseTimeouts = { connectTimeoutMs: number; statementTimeoutMs: number; queryTimeoutMs: number };

/**
 * A node-postgres client that ends its connection once a query went unanswered past `query_timeout`. node-postgres
 * gives up on the query but keeps the connection, and the next query on it waits behind the unanswered one: a pool
 * would hand that stalled connection out again (a transaction's client is released without an error). Ended, the
 * pool discards it and opens a new one.
 */
class StallDroppingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one override stands for every overload of pg's Client.query.
  override query(...args: unknown[]): any {
    const query = super.query as (...queryArgs: unknown[]) => unknown;
    const last = args.at(-1);
    if (typeof last === 'function') {
      const callback = last as (error: Error | undefined, result: unknown) => void;
      args[args.length - 1] = (error: Error | undefined, result: unknown) => {
        this.dropIfStalled(error);
        callback(error, result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) result.catch((error: unknown) => this.dropIfStalled(error));
    return result;
  }

  private dropIfStalled(error: unknown) {
    if (error instanceof Error && error.message === 'Query read timeout') void this.end().catch(() => undefined);
  }
}

/** Connection settings of the pool and the listener: the timeouts when given, and TCP keep-alive. */
function connectionSettings(databaseUrl: string, timeouts: DatabaseTimeouts | undefined): pg.ClientConfig {
  return {
    connectionString: databaseUrl,
    keepAlive: true,
    ...(timeouts ? { connectionTimeoutMillis: timeouts.connectTimeoutMs } : {}),
  };
}

/** Runs `work` on a connection of its own, without the request timeouts: migrations and the start-up lock may wait long. */
async function withOwnConnection<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection lost while working fails the work's query; the event itself must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Opens the database: node-postgres when `databaseUrl` is given, else PGlite persisted in `dataDir`
 * (or in memory when `dataDir` is 'memory://'). `timeouts` bound how long PostgreSQL calls wait (none when absent:
 * scripts and tests that run long queries).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; timeouts?: DatabaseTimeouts }): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    const { databaseUrl, timeouts } = options;
    const pool = new pg.Pool({
      ...connectionSettings(databaseUrl, timeouts),
      max: 10,
      ...(timeouts ? { statement_timeout: timeouts.statementTimeoutMs, query_timeout: timeouts.queryTimeoutMs, Client: StallDroppingClient } : {}),
    });
    // An idle pooled connection can be cut by the server (restart, failover, dropped database); the pool replaces
    // it on next use. Without a listener node-postgres would crash the process on that event.
    pool.on('error', (error) => console.warn(`PostgreSQL pool: idle connection lost (${error.message})`));
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    const listener = createPgListener(connectionSettings(databaseUrl, timeouts));
    return {
      db,
      kind: 'postgres',
      // Migrations may hold long statements (an index on a large table): not under the pool's statement timeout.
      migrate: () => withOwnConnection(databaseUrl, (client) => migrateNodePg(drizzleNodePg(client), { migrationsFolder })),
      whileHoldingStartupLock: (work) =>
        // A connection of its own holds the lock for the whole work (waiting as long as another instance migrates);
        // the work's own queries use the pool. The lock ends with its connection.
        withOwnConnection(databaseUrl, async (lockHolder) => {
          await lockHolder.query(`SELECT pg_advisory_lock(hashtext('${STARTUP_LOCK_NAME}'))`);
          try {
            return await work();
          } finally {
            await lockHolder.query(`SELECT pg_advisory_unlock(hashtext('${STARTUP_LOCK_NAME}'))`).catch(() => undefined);
          }
        }),
      listen: listener.listen,
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  const dataPath = inMemory ? options.dataDir : pgliteDataPath(options.dataDir);
  if (!inMemory) {
    fs.mkdirSync(dataPath, { recursive: true });
    if (!fs.existsSync(path.join(dataPath, 'PG_VERSION'))) await createPgliteDataDir(dataPath);
  }
  const client = await PGlite.create(dataPath, { startParams: PGLITE_START_PARAMS });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    whileHoldingStartupLock: (work) => work(),
    async listen(channel, handler) {
      const unlisten = await client.listen(channel, handler);
      return () => {
        if (!closed) void unlisten().catch(() => undefined);
      };
    },
    close: async () => {
      closed = true;
      await client.close();
    },
  };
}

const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/**
 * One dedicated node-postgres client that LISTENs for the whole connection (a pooled client would be handed to
 * other queries). Reconnects with backoff on error and LISTENs again on every channel that has handlers.
 */
function createPgListener(settings: pg.ClientConfig) {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let failures = 0;

  function connect(): Promise<pg.Client> {
    connecting ??= (async () => {
      const next = new pg.Client(settings);
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      // Lost once listening (an error, or the server closing it): reconnect. A failure while connecting rejects
      // `connect` instead, whose caller retries.
      const lost = (reason: string) => {
        if (client !== next) return;
        console.warn(`PostgreSQL listener: connection lost (${reason}), reconnecting`);
        client = undefined;
        void next.end().catch(() => undefined);
        scheduleReconnect();
      };
      next.on('error', (error) => lost(error.message));
      next.on('end', () => lost('closed by the server'));
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${quoteChannel(channel)}`);
      } catch (error) {
        void next.end().catch(() => undefined);
        throw error;
      }
      client = next;
      failures = 0;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function scheduleReconnect() {
    if (closed || handlers.size === 0) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
    failures += 1;
    setTimeout(() => {
      if (closed || client) return;
      connect().catch((error: unknown) => {
        console.warn(`PostgreSQL listener: reconnect failed (${error instanceof Error ? error.message : String(error)})`);
        scheduleReconnect();
      });
    }, delay).unref();
  }

  return {
    async listen(channel: string, handler: NotificationHandler): Promise<() => void> {
      let channelHandlers = handlers.get(channel);
      const firstOnChannel = !channelHandlers;
      if (!channelHandlers) handlers.set(channel, (channelHandlers = new Set()));
      channelHandlers.add(handler);
      const current = client ?? (await connect());
      // LISTEN twice on a channel is harmless; this covers a connection that was opening when the channel was added.
      if (firstOnChannel) await current.query(`LISTEN ${quoteChannel(channel)}`);
      return () => {
        channelHandlers.delete(handler);
      };
    },
    async close() {
      closed = true;
      const current = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** Channel names are ours (constants), but quote them as identifiers anyway. */
function quoteChannel(channel: string): string {
  return `"${channel.replaceAll('"', '""')}"`;
}

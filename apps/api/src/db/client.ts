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
 * Opens the database: node-postgres when `databaseUrl` is given, else PGlite persisted in `dataDir`
 * (or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle pooled connection can be cut by the server (restart, failover, dropped database); the pool replaces
    // it on next use. Without a listener node-postgres would crash the process on that event.
    pool.on('error', (error) => console.warn(`PostgreSQL pool: idle connection lost (${error.message})`));
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    const listener = createPgListener(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db as never, { migrationsFolder }),
      async whileHoldingStartupLock(work) {
        // One pooled connection holds the lock for the whole work; the work's own queries use the others.
        const lockHolder = await pool.connect();
        let lostConnection: Error | undefined;
        try {
          await lockHolder.query(`SELECT pg_advisory_lock(hashtext('${STARTUP_LOCK_NAME}'))`);
          try {
            return await work();
          } finally {
            await lockHolder.query(`SELECT pg_advisory_unlock(hashtext('${STARTUP_LOCK_NAME}'))`).catch((error: Error) => {
              // The lock ends with its connection; that connection must then not go back to the pool.
              lostConnection = error;
            });
          }
        } finally {
          lockHolder.release(lostConnection);
        }
      },
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
function createPgListener(databaseUrl: string) {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let failures = 0;

  function connect(): Promise<pg.Client> {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      next.on('error', (error) => {
        console.warn(`PostgreSQL listener: connection lost (${error.message}), reconnecting`);
        if (client === next) client = undefined;
        void next.end().catch(() => undefined);
        scheduleReconnect();
      });
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${quoteChannel(channel)}`);
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

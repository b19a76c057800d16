import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseConnection } from '../../src/db/client.ts';

export type TestDatabase = DatabaseConnection & {
  /**
   * What a second API instance would open on the same database: a new connection pool (and listener) on PostgreSQL;
   * on PGlite, which is in-process, the same connection. Its `close` leaves this database open.
   */
  connectAgain: () => Promise<DatabaseConnection>;
};

async function runAdminQuery(serverUrl: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on the PostgreSQL server at `serverUrl`: its address, and how to drop it again. */
export async function createEmptyPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const databaseName = `goodtable_test_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(serverUrl, `CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return { url: url.toString(), drop: () => runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`) };
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or, when DATABASE_URL is set,
 * a new database on that PostgreSQL server that is dropped again on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const connection = await openDatabase({ dataDir: 'memory://' });
    await connection.migrate();
    return { ...connection, connectAgain: async () => ({ ...connection, close: async () => undefined }) };
  }
  const database = await createEmptyPostgresDatabase(serverUrl);
  const connection = await openDatabase({ databaseUrl: database.url, dataDir: 'unused' });
  await connection.migrate();
  return {
    ...connection,
    connectAgain: () => openDatabase({ databaseUrl: database.url, dataDir: 'unused' }),
    close: async () => {
      await connection.close();
      await database.drop();
    },
  };
}

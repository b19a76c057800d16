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
  const databaseName = `goodtable_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const connection = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  await connection.migrate();
  return {
    ...connection,
    connectAgain: () => openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' }),
    close: async () => {
      await connection.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

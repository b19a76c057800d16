import { randomBytes } from 'node:crypto';
import pg from 'pg';

const E2E_DATABASE_PREFIX = 'goodtable_e2e_';

function databaseUrl(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * With DATABASE_URL set, the end-to-end server gets a brand-new database on that PostgreSQL server (the server
 * migrates and seeds it), so a run never depends on what earlier runs left. Databases of finished runs (no
 * connection open on them any more) are dropped first; a run in progress elsewhere keeps its own.
 */
export async function createE2eDatabase(serverUrl: string): Promise<string> {
  const databaseName = `${E2E_DATABASE_PREFIX}${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, async (client) => {
    const finished = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database
        WHERE datname LIKE $1 AND datname NOT IN (SELECT datname FROM pg_stat_activity WHERE datname IS NOT NULL)`,
      [`${E2E_DATABASE_PREFIX}%`],
    );
    for (const { datname } of finished.rows) await client.query(`DROP DATABASE IF EXISTS "${datname}"`);
    await client.query(`CREATE DATABASE "${databaseName}"`);
  });
  return databaseUrl(serverUrl, databaseName);
}

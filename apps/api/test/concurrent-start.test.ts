import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/config/env.ts';
import { DEMO_CAUSES } from '../src/db/seed/seed-causes.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed/seed-demo-data.ts';
import { postgresServerDatabase, spawnServer, type ServerDatabase } from './support/server-process.ts';

/**
 * Two server processes started at the same moment on one new PostgreSQL database (the race happens only with a
 * shared server database, so this test always uses PostgreSQL: DATABASE_URL when set, else the local server the
 * contributing guide names). Migrations and demo seeding run under an advisory lock: one instance does them, the
 * other waits and finds them done, and both come up.
 */
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const tsx = path.resolve(apiRoot, '../../node_modules/.bin/tsx');

describe('two instances starting together on an empty PostgreSQL database', () => {
  let database: ServerDatabase;
  beforeAll(async () => {
    database = await postgresServerDatabase(POSTGRES_URL);
  });
  afterAll(() => database.dispose());

  it('both come up, and the database is migrated and seeded once', { timeout: 240_000 }, async () => {
    const start = () =>
      spawnServer({
        command: tsx,
        args: [path.join(apiRoot, 'src/server.ts')],
        env: { ...database.env, NODE_ENV: 'development', SEED_DEMO: 'true' },
        readyPath: '/v1/causes?limit=1',
        timeoutMs: 200_000,
      });
    const servers = await Promise.allSettled([start(), start()]);
    const started = servers.flatMap((server) => (server.status === 'fulfilled' ? [server.value] : []));
    try {
      expect(servers.map((server) => (server.status === 'rejected' ? String(server.reason) : 'up'))).toEqual(['up', 'up']);
      for (const server of started) {
        const causes = (await fetch(`${server.baseUrl}/v1/causes?limit=1`).then((response) => response.json())) as { totalResults: number };
        expect(causes.totalResults).toBe(DEMO_CAUSES.length);
      }
      const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await client.connect();
      try {
        const demoEmails = DEMO_ACCOUNTS.map((account) => account.email);
        const { rows } = await client.query<{ total: string }>('SELECT count(*) AS total FROM users WHERE email = ANY($1)', [demoEmails]);
        expect(Number(rows[0]!.total)).toBe(demoEmails.length);
      } finally {
        await client.end();
      }
    } finally {
      const exits = await Promise.all(started.map((server) => server.stop()));
      expect(exits.map((exit) => exit.code)).toEqual(started.map(() => 0));
    }
  });
});

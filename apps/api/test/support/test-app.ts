import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadEnv, type Env } from '../../src/config/env.ts';
import { buildApp } from '../../src/app.ts';
import type { DatabaseConnection } from '../../src/db/client.ts';
import { checkLedger } from '../../src/modules/payments/payments.service.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseConnection;
  /** The test database this app owns, or the one it shares (`sharedWith`). */
  testDatabase: TestDatabase;
  /** Base address of the real HTTP server the app listens on (loopback, random port). */
  baseUrl: string;
  close: () => Promise<void>;
};

/**
 * Builds the real app on a fresh database and listens on a random loopback port, so tests go through HTTP.
 * `sharedWith`: a second API instance on the database of another test app (closed before it).
 * Closing it runs `ledger:check` on its database and fails on a problem, so every API test's money is checked
 *; `ledgerBrokenOnPurpose` is for the tests of the check itself.
 */
export async function startTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  options: { sharedWith?: TestApp; ledgerBrokenOnPurpose?: boolean } = {},
): Promise<TestApp> {
  const testDatabase = options.sharedWith?.testDatabase ?? (await createTestDatabase());
  const database = options.sharedWith ? await testDatabase.connectAgain() : testDatabase;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-test-'));
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST_DIR: '', AUTH_RATE_LIMIT_MAX: '1000', ACCOUNT_RATE_LIMIT_MAX: '1000', UPLOAD_RATE_LIMIT_MAX: '1000', ...overrides });
  const app = await buildApp({ env, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    database,
    testDatabase,
    baseUrl: address,
    close: async () => {
      const ledger = options.ledgerBrokenOnPurpose ? undefined : await checkLedger(database.db);
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (ledger && ledger.problems.length > 0) throw new Error(`ledger:check after the tests:\n${ledger.problems.join('\n')}`);
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

describe('GET /health', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // One auth attempt per minute: a probe must not be counted against any limit.
    testApp = await startTestApp({ AUTH_RATE_LIMIT_MAX: '1' });
  });
  afterAll(() => testApp.close());

  it('answers 200 with the database ok, without sign-in, to every probe', async () => {
    for (let probe = 0; probe < 15; probe++) {
      const response = await fetch(`${testApp.baseUrl}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
    }
  });

  it('answers 503 with the database unreachable when the database does not answer', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-health-'));
    // Nothing listens on port 1: every query fails to connect.
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/unreachable', dataDir });
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST_DIR: '' });
    const app = await buildApp({ env, database });
    try {
      const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
      const response = await fetch(`${baseUrl}/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'error', database: 'unreachable' });
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, serverDatabaseForTests, spawnServer } from './support/server-process.ts';

// A spawned server initialises a new database before it answers: slow on a busy machine.
const SPAWNED_SERVER_TIMEOUT_MS = 120_000;

describe('the compiled server that npm start runs', () => {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  beforeAll(async () => {
    bundle = await buildServerBundle();
  }, SPAWNED_SERVER_TIMEOUT_MS);
  afterAll(() => bundle.remove());

  it('migrates a new database from the bundled migrations, answers the API, serves the web app and stops cleanly', async () => {
    const database = await serverDatabaseForTests();
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>GoodTable</title></head><body>built shell</body></html>');
    try {
      const server = await spawnServer({
        command: process.execPath,
        args: [bundle.serverFile],
        env: { ...database.env, SEED_DEMO: 'false', WEB_DIST_DIR: webDist },
      });
      const causes = await fetch(`${server.baseUrl}/v1/causes`);
      expect(causes.status).toBe(200);
      expect(await causes.json()).toMatchObject({ data: [], totalResults: 0 });
      const page = await fetch(`${server.baseUrl}/restaurants`);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('built shell');
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    } finally {
      await database.dispose();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  }, SPAWNED_SERVER_TIMEOUT_MS);
});

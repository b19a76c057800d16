import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, serverDatabaseForTests, spawnServer, type ServerDatabase } from './support/server-process.ts';
import { halfSentJsonPost, openRawConnection } from './support/raw-http.ts';

// A spawned server initialises a new database before it answers: slow on a busy machine.
const SPAWNED_SERVER_TIMEOUT_MS = 120_000;

describe('the compiled server that npm start runs', () => {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  // One database for the file, created empty and migrated by the first server: the servers run one after another,
  // and a restart on an existing database is much quicker than a first start.
  let database: ServerDatabase;
  beforeAll(async () => {
    bundle = await buildServerBundle();
    database = await serverDatabaseForTests();
  }, SPAWNED_SERVER_TIMEOUT_MS);
  afterAll(async () => {
    bundle?.remove();
    await database?.dispose();
  });

  it('migrates a new database from the bundled migrations, answers the API, serves the web app and stops cleanly', async () => {
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
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  }, SPAWNED_SERVER_TIMEOUT_MS);

  describe('on SIGTERM', () => {
    const SIGN_IN_BODY = '{"email":"nobody@example.com","password":"not-the-password"}';

    it('stops accepting connections, finishes the request in flight, then exits with 0', async () => {
      const server = await spawnServer({ command: process.execPath, args: [bundle.serverFile], env: { ...database.env, SEED_DEMO: 'false' } });
      const connection = await openRawConnection(server.baseUrl);
      connection.socket.write(halfSentJsonPost({ path: '/v1/auth/sign-in', sent: SIGN_IN_BODY.slice(0, 10), promisedLength: SIGN_IN_BODY.length, expectContinue: true }));
      await connection.waitFor(/^HTTP\/1\.1 100 Continue/);
      server.child.kill('SIGTERM');
      await expect.poll(() => fetch(`${server.baseUrl}/health`).then(() => 'answered', () => 'refused'), { timeout: 10_000 }).toBe('refused');
      connection.socket.write(SIGN_IN_BODY.slice(10));
      // The sign-in itself runs to its end: wrong credentials, 401.
      await connection.waitFor(/^HTTP\/1\.1 401 /m);
      expect(await server.exited).toEqual({ code: 0, signal: null });
    }, SPAWNED_SERVER_TIMEOUT_MS);

    it('exits with 1 when a request is still in flight at SHUTDOWN_TIMEOUT_MS', async () => {
      const server = await spawnServer({
        command: process.execPath,
        args: [bundle.serverFile],
        env: { ...database.env, SEED_DEMO: 'false', SHUTDOWN_TIMEOUT_MS: '1000' },
      });
      const connection = await openRawConnection(server.baseUrl);
      connection.socket.write(halfSentJsonPost({ path: '/v1/auth/sign-in', sent: SIGN_IN_BODY.slice(0, 10), promisedLength: SIGN_IN_BODY.length, expectContinue: true }));
      await connection.waitFor(/^HTTP\/1\.1 100 Continue/);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 1, signal: null });
      // The deadline, not the request timeout (60 s), ended it.
      expect(Date.now() - signalled).toBeLessThan(20_000);
      expect(server.output()).toContain('shutdown not finished after 1000 ms');
    }, SPAWNED_SERVER_TIMEOUT_MS);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { databaseTimeoutsOf, loadEnv } from '../src/config/env.ts';
import { openDatabase, type DatabaseConnection } from '../src/db/client.ts';
import { startDatabaseProxy, type DatabaseProxy } from './support/database-proxy.ts';
import { httpClient, signUpClient, uniqueEmail, type HttpResponse } from './support/http-client.ts';
import { messagesOf, openSseStream, type SseStream } from './support/sse-client.ts';
import { createEmptyPostgresDatabase } from './support/test-database.ts';

/**
 * The API on a PostgreSQL server that stops, freezes and comes back (docs/decisions/0290-database-outage-answers-503.md).
 * The server is reached through a relay the test stops and freezes, so this test always uses PostgreSQL: DATABASE_URL
 * when set, else the local server the contributing guide names. The app runs with the default database timeouts.
 */
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The API's promise for a frozen database: an answer within this long. */
const FROZEN_ANSWER_WITHIN_MS = 5000;

function expectUnavailable(response: HttpResponse) {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(response.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'common.databaseUnavailable' });
}

describe('a PostgreSQL server that stops, freezes and comes back', () => {
  let database: { url: string; drop: () => Promise<void> };
  let proxy: DatabaseProxy;
  let connection: DatabaseConnection;
  let app: FastifyInstance;
  let dataDir: string;
  let baseUrl = '';
  const api = httpClient(() => baseUrl);
  let stream: SseStream | undefined;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(POSTGRES_URL);
    const target = new URL(database.url);
    proxy = await startDatabaseProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-outage-'));
    const env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: proxied.toString(), LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST_DIR: '', AUTH_RATE_LIMIT_MAX: '1000', ACCOUNT_RATE_LIMIT_MAX: '1000', SESSION_CACHE_MS: '0' });
    connection = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, timeouts: databaseTimeoutsOf(env) });
    await connection.migrate();
    app = await buildApp({ env, database: connection });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);

  afterAll(async () => {
    stream?.close();
    await proxy?.open();
    await app?.close();
    await connection?.close();
    await proxy?.dispose();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while the server is down, changes nothing, and recovers without a restart', { timeout: 90_000 }, async () => {
    const { token, user, email } = await signUpClient(api, { first_name: 'Lan' });
    stream = await openSseStream(`${baseUrl}/v1/live/stream`, { authorization: `Bearer ${token}` });
    expect(stream.status).toBe(200);
    await expect.poll(() => app.live.subscriberCount()).toBe(1);
    const newcomer = uniqueEmail('newcomer');

    await proxy.close();
    expectUnavailable(await api.get('/v1/causes?limit=1'));
    expectUnavailable(await api.get('/v1/me', { token }));
    expectUnavailable(await api.put('/v1/me', { body: { first_name: 'Changed', last_name: 'Pham', email, timezone: 'Asia/Ho_Chi_Minh' }, token }));
    expectUnavailable(await api.post('/v1/auth/sign-up', { body: { email: newcomer, password: 'correct-horse-battery', first_name: 'New', last_name: 'Comer' } }));
    // The health probe keeps its own answer.
    expect((await api.get('/health')).body).toEqual({ status: 'error', database: 'unreachable' });

    await proxy.open();
    await expect.poll(async () => (await api.get('/v1/causes?limit=1')).status, { timeout: 15_000 }).toBe(200);
    const me = await api.get('/v1/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ first_name: 'Lan', timezone: user.timezone });
    // The refused sign-up left no account: the address is still free.
    expect((await api.post('/v1/auth/sign-in', { body: { email: newcomer, password: 'correct-horse-battery' } })).status).toBe(401);
    expect((await api.post('/v1/auth/sign-up', { body: { email: newcomer, password: 'correct-horse-battery', first_name: 'New', last_name: 'Comer' } })).status).toBe(201);
    // The live stream stayed open through the outage and gets events again (its listener connected anew).
    await app.live.publish({ topic: `user:${user.id}`, type: 'test.after-outage', data: { n: 1 } });
    await stream.waitFor((frame) => frame.kind === 'message' && frame.message.event === 'test.after-outage', 15_000);
  });

  it('answers 503 within 5 seconds while the server is frozen, and carries on once it thaws', { timeout: 90_000 }, async () => {
    const { token, email } = await signUpClient(api);
    // The pool holds open connections now: the frozen server leaves their queries unanswered.
    expect((await api.get('/v1/causes?limit=1')).status).toBe(200);

    proxy.freeze();
    const started = Date.now();
    expectUnavailable(await api.get('/v1/causes?limit=1'));
    expect(Date.now() - started).toBeLessThan(FROZEN_ANSWER_WITHIN_MS);
    const writeStarted = Date.now();
    expectUnavailable(await api.put('/v1/me', { body: { first_name: 'Frozen', last_name: 'Pham', email, timezone: 'Asia/Ho_Chi_Minh' }, token }));
    expect(Date.now() - writeStarted).toBeLessThan(FROZEN_ANSWER_WITHIN_MS);

    await proxy.open();
    await expect.poll(async () => (await api.get('/v1/causes?limit=1')).status, { timeout: 15_000 }).toBe(200);
    const me = await api.get('/v1/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.first_name).not.toBe('Frozen');
    const viewerAccount = await signUpClient(api);
    const viewer = await openSseStream(`${baseUrl}/v1/live/stream`, { authorization: `Bearer ${viewerAccount.token}` });
    try {
      expect(viewer.status).toBe(200);
      await expect.poll(() => app.live.subscriberCount()).toBe(2);
      await app.live.publish({ topic: `user:${viewerAccount.user.id}`, type: 'test.after-thaw', data: {} });
      await viewer.waitFor((frame) => frame.kind === 'message' && frame.message.event === 'test.after-thaw', 15_000);
      expect(messagesOf(viewer.frames).map((message) => message.event)).toEqual(['test.after-thaw']);
    } finally {
      viewer.close();
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { createTestDatabase } from './support/test-database.ts';

describe('the request log', () => {
  const lines: string[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let address: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-log-'));
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'test', WEB_DIST_DIR: '' });
    app = await buildApp({ env, database, logStream: { write: (line) => lines.push(line) } });
    address = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes one line per request: id, method, path without the query, status and milliseconds', async () => {
    lines.length = 0;
    const response = await fetch(new URL('/v1/causes?limit=5&q=secret-search', address));
    expect(response.status).toBe(200);
    const missing = await fetch(new URL('/v1/no-such-route', address));
    expect(missing.status).toBe(404);
    await expect.poll(() => entries().filter((entry) => entry.msg === 'request').length).toBe(2);
    const [found, notFound] = entries().filter((entry) => entry.msg === 'request');
    expect(found).toMatchObject({ level: 30, method: 'GET', path: '/v1/causes', status: 200, reqId: expect.any(String), ms: expect.any(Number) });
    expect(notFound).toMatchObject({ method: 'GET', path: '/v1/no-such-route', status: 404 });
    expect(lines.join('\n')).not.toContain('secret-search');
    // Fastify's own pair of lines is off: the single line replaces it.
    expect(entries().some((entry) => entry.msg === 'incoming request' || entry.msg === 'request completed')).toBe(false);
  });

  it('leaves the health probe out (its route logs only warnings)', async () => {
    lines.length = 0;
    expect((await fetch(new URL('/health', address))).status).toBe(200);
    await fetch(new URL('/v1/causes', address));
    await expect.poll(() => entries().filter((entry) => entry.msg === 'request').length).toBe(1);
    expect(entries().some((entry) => entry.path === '/health')).toBe(false);
  });
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/config/env.ts';
import { users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/modules/accounts/password.ts';
import { signUpClient, uniqueEmail } from '../support/http-client.ts';
import { apiOperations, fetchOpenApiDocument, fillPath, isFreeText, isString, type ApiOperation } from '../support/openapi.ts';
import { useTestApp } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';

const NUL_TEXT = 'a\u0000b';
const CONTROL_SAMPLES = ['a\u0000b', 'bell\u0007', 'escape\u001b[31m', 'c1\u0085', 'del\u007f'];

describe('control characters in request text are a 400 naming the field', () => {
  let operations: ApiOperation[];
  let token: string;

  const testApp = useTestApp();
  const { api } = testApp;
  beforeAll(async () => {
    operations = apiOperations(await fetchOpenApiDocument(testApp.baseUrl));
    token = (await signUpClient(api)).token;
  });

  // Path parameters: an unknown id, or the first value of a named set (`{action}`), so the body is what gets checked.
  const ids = (operation: ApiOperation) =>
    Object.fromEntries(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema.enum ? String(p.schema.enum[0]) : randomUUID()]));

  it('every string field of every JSON body refuses NUL (and free-text fields say why)', async () => {
    const checked: string[] = [];
    const problems: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.body?.properties)) {
      for (const [field, schema] of Object.entries(operation.body!.properties!)) {
        if (!isString(schema)) continue;
        const url = fillPath(operation.path, { values: ids(operation) });
        const response = await fetch(new URL(url, testApp.baseUrl), {
          method: operation.method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ [field]: NUL_TEXT }),
        });
        const body = (await response.json()) as { details?: { field: string; message: string }[] };
        checked.push(`${operation.id} ${field}`);
        const detail = body.details?.find((item) => item.field === field);
        if (response.status !== 400 || !detail) problems.push(`${operation.id} ${field}: ${response.status} ${JSON.stringify(body)}`);
        else if (isFreeText(schema) && detail.message !== 'validation.controlCharacters') problems.push(`${operation.id} ${field}: ${detail.message}`);
      }
    }
    expect(problems).toEqual([]);
    // The document really was walked: sign-up, profile, causes, menus, managers…
    expect(checked.length).toBeGreaterThan(40);
    expect(checked).toContain('PUT /v1/me first_name');
    expect(checked).toContain('POST /v1/causes story');
  });

  it('every string query parameter refuses NUL', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
      for (const parameter of operation.parameters.filter((p) => p.in === 'query' && isString(p.schema))) {
        checked += 1;
        const url = `${fillPath(operation.path, { values: ids(operation) })}?${parameter.name}=a%00b`;
        const response = await api.get(url, { token });
        const named = response.body?.details?.some((item: { field: string }) => item.field === parameter.name);
        if (response.status !== 400 || !named) problems.push(`${operation.id} ?${parameter.name}: ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(5);
  });

  it('%00 (and other controls) in any path parameter is a 400 or 404, never a 500', async () => {
    const problems: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.parameters.some((p) => p.in === 'path'))) {
      for (const bad of ['%00', 'hope%00kitchen', '%C2%85', '%7F', '%1B']) {
        const values = Object.fromEntries(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, bad]));
        const response = await fetch(new URL(fillPath(operation.path, { values, options: { raw: true } }), testApp.baseUrl), {
          method: operation.method,
          headers: { authorization: `Bearer ${token}`, ...(operation.body ? { 'content-type': 'application/json' } : {}) },
          body: operation.body ? '{}' : undefined,
        });
        if (![400, 404].includes(response.status)) problems.push(`${operation.id} with ${bad}: ${response.status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(CONTROL_SAMPLES)('refuses %j in a name and changes nothing', async (sample) => {
    const user = await signUpClient(api);
    const me = (await api.get('/v1/me', { token: user.token })).body;
    const response = await api.put('/v1/me', { body: { first_name: sample, last_name: me.last_name, email: me.email, timezone: me.timezone }, token: user.token });
    expect(response.status).toBe(400);
    expect(response.body.details).toContainEqual({ field: 'first_name', message: 'validation.controlCharacters' });
    expect((await api.get('/v1/me', { token: user.token })).body.first_name).toBe(me.first_name);
  });

  it('keeps line breaks and tabs in multi-line text, and refuses them in one-line fields', async () => {
    const cause = await signUpClient(api, { role: 'cause' });
    const story = 'We cook.\n\nEvery Sunday:\r\n\t- soup\n\t- bread';
    const created = await api.post('/v1/causes', { body: { name: 'Line Breaks', slug: `line-breaks-${Date.now().toString(36)}`, category: 'education', story }, token: cause.token });
    expect(created.status).toBe(201);
    expect(created.body.story).toBe(story);
    const oneLine = await api.post('/v1/causes', { body: { name: 'Two\nLines', slug: `two-lines-${Date.now().toString(36)}`, category: 'education' }, token: cause.token });
    expect(oneLine.status).toBe(400);
    expect(oneLine.body.details).toContainEqual({ field: 'name', message: 'validation.controlCharacters' });
  });
});

describe('the log of an unexpected database error', () => {
  const lines: string[] = [];
  const email = uniqueEmail('logged');
  let passwordHash: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let address: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-log-'));
    passwordHash = await hashPassword('a-secret-password');
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'test', WEB_DIST_DIR: '' });
    app = await buildApp({ env: { ...env, WEB_DIST_DIR: '' }, database, logStream: { write: (line) => lines.push(line) } });
    // A query the database refuses (a NUL byte in text), carrying an email and a password hash as parameters,
    // behind a route: what an unforeseen database failure in any handler looks like.
    app.post('/v1/test-only/failing-insert', async () => {
      await app.db.insert(users).values({ role: 'user', email, passwordHash, firstName: 'Nul\u0000Byte', lastName: 'Test' });
      return { ok: true };
    });
    address = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the error and the route, never the query parameters (no email, no password hash)', async () => {
    const response = await fetch(new URL('/v1/test-only/failing-insert', address), { method: 'POST' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' });
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(failure).toMatchObject({ route: '/v1/test-only/failing-insert', method: 'POST', error: { type: 'DatabaseError', code: expect.stringMatching(/^[0-9A-Z]{5}$/) } });
    const log = lines.join('\n');
    expect(log).not.toContain(passwordHash);
    expect(log).not.toContain(passwordHash.slice(0, 20));
    expect(log).not.toContain(email);
    expect(log).not.toContain('insert into');
  });
});

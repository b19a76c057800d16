/**
 * HTTP load benchmark against the floor. On a database seeded with the demo data, it starts the
 * real app and, beside it, a bare Fastify server (the floor) that answers each endpoint with the same bytes after
 * running the same SQL statements, with the same parameters, through the same driver (node-postgres or PGlite) as
 * the app did for that request. The statements are recorded from one request to the app once its caches are warm
 * (the session cache answers a signed-in request without a query, so the floor runs none either); statements the app
 * issued while another was in flight are replayed together too. Then autocannon (a child process, so the load does
 * not share the servers' event loop) drives each server in turn, endpoint by endpoint, and the table gives the app's
 * throughput as a share of its floor's, and the latencies.
 *
 * What the floor leaves out is the app's own cost: routing, hooks (security headers, request log, auth), query
 * building and result mapping in Drizzle, the service code, validation and serialisation of the response.
 *
 *   npm run bench:http                                                  # PGlite only
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:http   # PGlite and PostgreSQL
 *   BENCH_DURATION=3 BENCH_CONNECTIONS=10 BENCH_ROUNDS=2 npm run bench:http
 *   BENCH_DATABASES=postgres npm run bench:http                         # PostgreSQL only
 *   BENCH_LOG_LEVEL=silent npm run bench:http                           # the app without its request log (default info)
 *   BENCH_ENDPOINTS=bookings,causes npm run bench:http                  # only the endpoints named so
 *
 * Loopback only (127.0.0.1, ports BENCH_PORT and BENCH_PORT + 1, 3230 and 3231 by default); every run is bounded
 * (BENCH_DURATION seconds per endpoint and server, plus a 1 s warm-up) and the script stops its servers at the end.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadEnv } from '../apps/api/src/config/env.ts';
import type { DatabaseConnection } from '../apps/api/src/db/client.ts';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from '../apps/api/src/db/seed/seed-demo-data.ts';
import { createTestDatabase } from '../apps/api/test/support/test-database.ts';
import { envNumber } from './bench-support.ts';

const DURATION = envNumber('BENCH_DURATION', { fallback: 5, min: 1, max: 60 });
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', { fallback: 10, min: 1, max: 200 });
const ROUNDS = envNumber('BENCH_ROUNDS', { fallback: 1, min: 1, max: 10 });
const PORT = envNumber('BENCH_PORT', { fallback: 3230, min: 1024, max: 65_000 });
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** Only the endpoints whose name contains one of these (comma-separated), e.g. `BENCH_ENDPOINTS=bookings,/v1/me`. */
const ONLY_ENDPOINTS = process.env.BENCH_ENDPOINTS?.split(',').filter(Boolean);
const autocannonCli = path.resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js');

type DriverCall = (...args: unknown[]) => Promise<unknown>;
type Capture = { groups: unknown[][][]; inFlight: number };
type Endpoint = { name: string; path: string; signedIn: boolean };
type Recorded = Endpoint & { status: number; contentType: string; body: Buffer; statements: number; groups: unknown[][][] };
type Load = { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number };
type Row = { database: string; endpoint: string; statements: number; bytes: number; floor: Load; app: Load };

const capturing = new AsyncLocalStorage<Capture>();

/**
 * Wraps the driver's `query` (the pg Pool, or the PGlite instance, that Drizzle calls) so that the statements of a
 * captured request are recorded with their arguments; returns the unwrapped call, which the floor uses.
 */
function recordDriverCalls(connection: DatabaseConnection): DriverCall {
  const client = (connection.db as unknown as { $client: { query: DriverCall } }).$client;
  const original = client.query.bind(client) as DriverCall;
  client.query = (...args: unknown[]) => {
    const capture = capturing.getStore();
    if (!capture) return original(...args);
    if (capture.inFlight === 0 || capture.groups.length === 0) capture.groups.push([]);
    capture.groups.at(-1)!.push(args);
    capture.inFlight += 1;
    return original(...args).finally(() => {
      capture.inFlight -= 1;
    });
  };
  return original;
}

/** Runs the requests that carry `x-bench-capture` inside a capture, so the driver wrapper sees their statements. */
function captureMarkedRequests(server: Server, next: () => Capture): void {
  const listeners = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const dispatch = () => {
      for (const listener of listeners) listener.call(server, request, response);
    };
    if (request.headers['x-bench-capture']) capturing.run(next(), dispatch);
    else dispatch();
  });
}

/** The bare server: per path, the recorded statements (groups in parallel, one group after another), then the bytes. */
async function startFloor(recorded: Recorded[], { query, port }: { query: DriverCall; port: number }): Promise<FastifyInstance> {
  const floor = Fastify({ logger: false });
  const byPath = new Map(recorded.map((endpoint) => [endpoint.path, endpoint]));
  floor.get('/*', async (request, reply) => {
    const endpoint = byPath.get(request.url);
    if (!endpoint) return reply.code(404).send();
    for (const group of endpoint.groups) await Promise.all(group.map((args) => query(...args)));
    return reply.code(endpoint.status).type(endpoint.contentType).send(endpoint.body);
  });
  await floor.listen({ host: '127.0.0.1', port });
  return floor;
}

/** One autocannon run in a child process; its JSON summary. */
function autocannon(url: string, { headers, seconds }: { headers: Record<string, string>; seconds: number }): Promise<Load> {
  const args = [autocannonCli, '-j', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${errors}`));
      const result = JSON.parse(output) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
      resolve({ requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors });
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const medianLoad = (loads: Load[]): Load => ({
  requestsPerSecond: median(loads.map((load) => load.requestsPerSecond)),
  p50: median(loads.map((load) => load.p50)),
  p99: median(loads.map((load) => load.p99)),
  non2xx: loads.reduce((sum, load) => sum + load.non2xx, 0),
  errors: loads.reduce((sum, load) => sum + load.errors, 0),
});

async function runOn(label: string, connection: DatabaseConnection): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-http-bench-'));
  const devNull = fs.openSync('/dev/null', 'w');
  const query = recordDriverCalls(connection);
  let app: FastifyInstance | undefined;
  let floor: FastifyInstance | undefined;
  try {
    await seedDemoDataIfEmpty(connection.db);
    // Logging on, as a deployed server runs (one line per request): each line written to /dev/null with its own
    // write, as pino writes to stdout; BENCH_LOG_LEVEL=silent measures what the request log costs.
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: LOG_LEVEL, NODE_ENV: 'production', WEB_DIST_DIR: '' });
    app = await buildApp({ env: { ...env, WEB_DIST_DIR: '' }, database: connection, logStream: { write: (line: string) => void fs.writeSync(devNull, line) } });
    const appUrl = await app.listen({ host: '127.0.0.1', port: PORT });
    let current: Capture = { groups: [], inFlight: 0 };
    captureMarkedRequests(app.server, () => (current = { groups: [], inFlight: 0 }));

    const signIn = await fetch(`${appUrl}/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'client@example.com', password: DEMO_PASSWORD }),
    });
    const { token, user } = (await signIn.json()) as { token: { access_token: string }; user: { id: string } };
    const directory = (await (await fetch(`${appUrl}/v1/restaurants?limit=1`)).json()) as { data: { slug: string }[] };
    const endpoints: Endpoint[] = [
      { name: 'GET /v1/me', path: '/v1/me', signedIn: true },
      { name: 'GET /v1/causes?limit=20', path: '/v1/causes?limit=20', signedIn: false },
      { name: 'GET /v1/restaurants?limit=20', path: '/v1/restaurants?limit=20', signedIn: false },
      { name: 'GET /v1/restaurants/by-slug/{slug}', path: `/v1/restaurants/by-slug/${directory.data[0]!.slug}`, signedIn: false },
      { name: 'GET /v1/users/{id}/bookings', path: `/v1/users/${user.id}/bookings?limit=20`, signedIn: true },
    ];
    const authorization = { authorization: `Bearer ${token.access_token}` };
    const chosen = ONLY_ENDPOINTS ? endpoints.filter((endpoint) => ONLY_ENDPOINTS.some((part) => endpoint.name.includes(part))) : endpoints;

    const recorded: Recorded[] = [];
    for (const endpoint of chosen) {
      const headers = endpoint.signedIn ? authorization : {};
      // Warm: the session cache, prepared plans, the JIT.
      for (let i = 0; i < 20; i++) await (await fetch(`${appUrl}${endpoint.path}`, { headers })).arrayBuffer();
      const response = await fetch(`${appUrl}${endpoint.path}`, { headers: { ...headers, 'x-bench-capture': '1' } });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${endpoint.path} answered ${response.status}: ${body.toString()}`);
      recorded.push({
        ...endpoint,
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'application/json',
        body,
        statements: current.groups.flat().length,
        groups: current.groups,
      });
    }
    floor = await startFloor(recorded, { query, port: PORT + 1 });
    const floorUrl = `http://127.0.0.1:${PORT + 1}`;
    for (const endpoint of recorded) {
      const check = await fetch(`${floorUrl}${endpoint.path}`);
      if (!Buffer.from(await check.arrayBuffer()).equals(endpoint.body)) throw new Error(`the floor of ${endpoint.path} does not answer the same bytes`);
    }

    const rows: Row[] = [];
    for (const endpoint of recorded) {
      const headers = endpoint.signedIn ? authorization : {};
      const floorLoads: Load[] = [];
      const appLoads: Load[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which goes first, so a change in the machine's load between the two does not favour one.
        const order = round % 2 === 0 ? (['floor', 'app'] as const) : (['app', 'floor'] as const);
        for (const which of order) {
          const url = `${which === 'floor' ? floorUrl : appUrl}${endpoint.path}`;
          await autocannon(url, { headers, seconds: 1 });
          (which === 'floor' ? floorLoads : appLoads).push(await autocannon(url, { headers, seconds: DURATION }));
        }
      }
      const row = { database: label, endpoint: endpoint.name, statements: endpoint.statements, bytes: endpoint.body.length, floor: medianLoad(floorLoads), app: medianLoad(appLoads) };
      console.log(
        `[${label}] ${row.endpoint}: ${row.statements} statements, ${row.bytes} bytes; floor ${row.floor.requestsPerSecond.toFixed(0)} req/s, ` +
          `app ${row.app.requestsPerSecond.toFixed(0)} req/s (${((100 * row.app.requestsPerSecond) / row.floor.requestsPerSecond).toFixed(0)} %), app p99 ${row.app.p99} ms` +
          (row.app.non2xx + row.app.errors + row.floor.non2xx + row.floor.errors ? `, NOT 2xx or errors: ${row.app.non2xx + row.app.errors + row.floor.non2xx + row.floor.errors}` : ''),
      );
      rows.push(row);
    }
    return rows;
  } finally {
    await floor?.close();
    await app?.close();
    await connection.close();
    fs.closeSync(devNull);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: Row[]): void {
  const header = ['database', 'endpoint', 'SQL', 'bytes', 'floor req/s', 'app req/s', 'app / floor', 'floor p99 ms', 'app p50 ms', 'app p99 ms'];
  const cells = rows.map((row) => [
    row.database,
    row.endpoint,
    String(row.statements),
    String(row.bytes),
    row.floor.requestsPerSecond.toFixed(0),
    row.app.requestsPerSecond.toFixed(0),
    `${((100 * row.app.requestsPerSecond) / row.floor.requestsPerSecond).toFixed(0)} %`,
    String(row.floor.p99),
    String(row.app.p50),
    String(row.app.p99),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per endpoint and server (after 1 s warm-up), ${ROUNDS} round(s) (medians), loopback HTTP, no compression asked\n`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of cells) console.log(line(row));
  const postgres = rows.filter((row) => row.database === 'PostgreSQL');
  if (postgres.length) {
    const missed = postgres.filter((row) => row.app.requestsPerSecond < 0.5 * row.floor.requestsPerSecond || row.app.p99 > 25);
    console.log(`\nGoal on PostgreSQL (every endpoint ≥ 50 % of its floor, p99 ≤ 25 ms): ${missed.length ? `missed by ${missed.map((row) => row.endpoint).join(', ')}` : 'met'}`);
  }
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const only = process.env.BENCH_DATABASES;
  const rows: Row[] = [];
  delete process.env.DATABASE_URL;
  if (only !== 'postgres') rows.push(...(await runOn('PGlite', await createTestDatabase())));
  if (serverUrl) {
    process.env.DATABASE_URL = serverUrl;
    rows.push(...(await runOn('PostgreSQL', await createTestDatabase())));
  } else {
    console.log('DATABASE_URL not set: PostgreSQL skipped');
  }
  printTable(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

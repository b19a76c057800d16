/**
 * Memory benchmark: the resident memory (RSS) of the compiled server process, run with the Node
 * flags of `npm start` (apps/api's start script), on a new database: while it migrates and seeds the demo data (the
 * peak, VmHWM), idle after seeding, idle after a burst of requests; then the same on a restart of the seeded
 * database. PGlite always (the database lives inside the process); PostgreSQL too when DATABASE_URL is set (the
 * database's own memory is then the PostgreSQL server's, not counted here).
 *
 *   npm run bench:memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:memory
 *   BENCH_DATABASES=postgres npm run bench:memory                          # PostgreSQL only (with DATABASE_URL)
 *   MEMORY_NODE_FLAGS="--max-old-space-size=128" npm run bench:memory    # other Node flags than the start script's
 *
 * Linux only (reads /proc/<pid>/status). It bundles the API itself (scripts/build.js), so no `npm run build` is needed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildServerBundle, pgliteServerDatabase, postgresServerDatabase, spawnServer, type ServerDatabase } from '../apps/api/test/support/server-process.ts';

const SETTLE_MS = 5_000;
const START_TIMEOUT_MS = 600_000;
const apiRoot = path.resolve(import.meta.dirname, '../apps/api');

/** The Node flags of `npm start` (`node <flags> dist/server.js`), or MEMORY_NODE_FLAGS. */
function nodeFlags(): string[] {
  if (process.env.MEMORY_NODE_FLAGS !== undefined) return process.env.MEMORY_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const start = (JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** VmRSS (now) and VmHWM (the peak so far) of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Row = { database: string; start: string; peak: number; idle: number; afterRequests: number; startUpS: number };

/** Some of what a visitor and a signed-in client ask, 200 times over. */
async function requestBurst(baseUrl: string): Promise<void> {
  const paths = ['/v1/causes?limit=20', '/v1/restaurants?limit=20', '/v1/restaurants?limit=20&sortBy=name:asc', '/v1/causes?limit=20&page=2'];
  const first = (await (await fetch(`${baseUrl}${paths[0]}`)).json()) as { totalResults?: number };
  // The demo data must be there (on PGlite the server seeds, then opens the database again).
  if (!first.totalResults) throw new Error(`no demo causes: ${JSON.stringify(first)}`);
  for (let i = 0; i < 200; i++) {
    const response = await fetch(`${baseUrl}${paths[i % paths.length]}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${paths[i % paths.length]} answered ${response.status}`);
  }
}

async function startAndMeasure(serverFile: string, { database, start }: { database: ServerDatabase; start: string }): Promise<Row> {
  const server = await spawnServer({
    command: process.execPath,
    args: [...nodeFlags(), serverFile],
    env: { ...database.env, NODE_ENV: 'development', SEED_DEMO: 'true', WEB_DIST_DIR: '', LOG_LEVEL: 'warn' },
    readyPath: '/health',
    timeoutMs: START_TIMEOUT_MS,
  });
  try {
    const pid = server.child.pid!;
    await sleep(SETTLE_MS);
    const idle = memoryOf(pid);
    await requestBurst(server.baseUrl);
    await sleep(SETTLE_MS);
    const after = memoryOf(pid);
    return { database: database.name, start, peak: after.peak, idle: idle.rss, afterRequests: after.rss, startUpS: server.startUpMs / 1000 };
  } finally {
    await server.stop();
  }
}

async function runOn(serverFile: string, database: ServerDatabase): Promise<Row[]> {
  try {
    const rows = [await startAndMeasure(serverFile, { database, start: 'new database (migrate + seed)' })];
    rows.push(await startAndMeasure(serverFile, { database, start: 'restart (seeded)' }));
    for (const row of rows) console.log(`[${row.database}] ${row.start}: peak ${row.peak.toFixed(0)} MB, idle ${row.idle.toFixed(0)} MB, after requests ${row.afterRequests.toFixed(0)} MB`);
    return rows;
  } finally {
    await database.dispose();
  }
}

async function main() {
  const bundle = await buildServerBundle();
  try {
    const rows: Row[] = [];
    if (process.env.BENCH_DATABASES !== 'postgres') rows.push(...(await runOn(bundle.serverFile, pgliteServerDatabase())));
    if (process.env.DATABASE_URL) rows.push(...(await runOn(bundle.serverFile, await postgresServerDatabase(process.env.DATABASE_URL))));
    else console.log('DATABASE_URL not set: PostgreSQL skipped');
    console.log(`\nNode ${process.version}, flags: ${nodeFlags().join(' ') || '(none)'}; RSS of the server process in MB, idle = ${SETTLE_MS / 1000} s after the step\n`);
    console.log('| database | start | peak (VmHWM) | idle | after 200 requests | start-up s |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.database} | ${row.start} | ${row.peak.toFixed(0)} | ${row.idle.toFixed(0)} | ${row.afterRequests.toFixed(0)} | ${row.startUpS.toFixed(1)} |`);
  } finally {
    bundle.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

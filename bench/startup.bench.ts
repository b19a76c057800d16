/**
 * Start-up benchmark: time from spawning the API server process to its first 200 answer (`GET /v1/causes`), on a
 * database that is already migrated and seeded (the usual restart), for each way of running the server:
 * `source` (TypeScript through tsx, as `npm run dev`) and `compiled` (`node apps/api/dist/server.js`, what `npm start`
 * runs; measured when the bundle exists, so run `npm run build:api` first). PGlite always; PostgreSQL too when
 * DATABASE_URL is set (a throw-away database on that server).
 *
 *   npm run bench:startup
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:startup
 *   STARTUP_RUNS=10 npm run bench:startup
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const RUNS = Math.min(Math.max(Number(process.env.STARTUP_RUNS ?? 5), 1), 50);
const POLL_INTERVAL_MS = 5;
const START_TIMEOUT_MS = 120_000;
const repoRoot = path.resolve(import.meta.dirname, '..');
const compiledServer = path.join(repoRoot, 'apps/api/dist/server.js');

type Mode = { name: string; command: string; args: string[] };
const MODES: Mode[] = [
  { name: 'source (tsx)', command: path.join(repoRoot, 'node_modules/.bin/tsx'), args: [path.join(repoRoot, 'apps/api/src/server.ts')] },
  ...(fs.existsSync(compiledServer) ? [{ name: 'compiled (dist)', command: process.execPath, args: [compiledServer] }] : []),
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Spawns the server and polls it; resolves with the milliseconds until the first 200. */
async function timeStartUp(mode: Mode, databaseEnv: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(mode.command, mode.args, {
    cwd: repoRoot,
    env: { ...process.env, ...databaseEnv, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', SEED_DEMO: 'true' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    while (performance.now() - started < START_TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`${mode.name} exited with ${child.exitCode}:\n${stderr}`);
      const answered = await fetch(`http://127.0.0.1:${port}/v1/causes?limit=1`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (answered) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
    throw new Error(`${mode.name} did not answer within ${START_TIMEOUT_MS} ms:\n${stderr}`);
  } finally {
    await stop(child);
  }
}

async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Database = { name: string; env: Record<string, string>; dispose: () => Promise<void> };

function pgliteDatabase(): Database {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-startup-'));
  return { name: 'PGlite', env: { DATA_DIR: dataDir }, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

async function postgresDatabase(serverUrl: string): Promise<Database> {
  const databaseName = `goodtable_startup_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-startup-'));
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    dispose: async () => {
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p + 0.5))]!;

async function main() {
  const databases = [pgliteDatabase(), ...(process.env.DATABASE_URL ? [await postgresDatabase(process.env.DATABASE_URL)] : [])];
  const rows: string[] = [];
  try {
    for (const database of databases) {
      // The first start migrates and seeds; it is not what a restart costs, so it is left out.
      const firstStart = await timeStartUp(MODES[0]!, database.env);
      console.log(`${database.name}: first start (migrate + seed) ${firstStart.toFixed(0)} ms`);
      for (const mode of MODES) {
        const times: number[] = [];
        for (let run = 0; run < RUNS; run++) times.push(await timeStartUp(mode, database.env));
        times.sort((a, b) => a - b);
        rows.push(
          `| ${database.name.padEnd(10)} | ${mode.name.padEnd(15)} | ${String(RUNS).padStart(4)} | ${percentile(times, 0).toFixed(0).padStart(6)} | ${percentile(times, 0.5).toFixed(0).padStart(9)} | ${percentile(times, 1).toFixed(0).padStart(6)} |`,
        );
      }
    }
  } finally {
    for (const database of databases) await database.dispose();
  }
  console.log('\n| database   | server          | runs | min ms | median ms | max ms |');
  console.log('|------------|-----------------|------|--------|-----------|--------|');
  for (const row of rows) console.log(row);
}

await main();

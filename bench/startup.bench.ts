/**
 * Start-up benchmark: time from spawning the API server process to its first 200 answer (`GET /v1/causes`), on a
 * database that is already migrated and seeded (the usual restart), for each way of running the server:
 * `source` (TypeScript through tsx, as `npm run dev`) and `compiled` (`node apps/api/dist/server.js`, what `npm start`
 * runs; measured when the bundle exists, so run `npm run build` first). PGlite always; PostgreSQL too when
 * DATABASE_URL is set (a throw-away database on that server).
 *
 *   npm run bench:startup
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:startup
 *   STARTUP_RUNS=10 npm run bench:startup
 */
import fs from 'node:fs';
import path from 'node:path';
import { pgliteServerDatabase, postgresServerDatabase, spawnServer } from '../apps/api/test/support/server-process.ts';

const RUNS = Math.min(Math.max(Number(process.env.STARTUP_RUNS ?? 5), 1), 50);
const START_TIMEOUT_MS = 120_000;
const repoRoot = path.resolve(import.meta.dirname, '..');
const compiledServer = path.join(repoRoot, 'apps/api/dist/server.js');

type Mode = { name: string; command: string; args: string[] };
const MODES: Mode[] = [
  { name: 'source (tsx)', command: path.join(repoRoot, 'node_modules/.bin/tsx'), args: [path.join(repoRoot, 'apps/api/src/server.ts')] },
  ...(fs.existsSync(compiledServer) ? [{ name: 'compiled (dist)', command: process.execPath, args: ['--enable-source-maps', compiledServer] }] : []),
];

/** Spawns the server on the database and returns the milliseconds until its first 200 answer; then stops it. */
async function timeStartUp(mode: Mode, databaseEnv: Record<string, string>): Promise<number> {
  const server = await spawnServer({
    command: mode.command,
    args: mode.args,
    env: { ...databaseEnv, NODE_ENV: 'development', SEED_DEMO: 'true' },
    readyPath: '/v1/causes?limit=1',
    timeoutMs: START_TIMEOUT_MS,
  });
  await server.stop();
  return server.startUpMs;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p + 0.5))]!;

async function main() {
  const databases = [pgliteServerDatabase(), ...(process.env.DATABASE_URL ? [await postgresServerDatabase(process.env.DATABASE_URL)] : [])];
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

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import os from 'node:os';
import { apiRoot } from '../../src/config/env.ts';
import { createEmptyPostgresDatabase } from './test-database.ts';

const POLL_INTERVAL_MS = 5;

/** Servers still running; killed when this process exits, so a failed or timed-out test leaves none behind. */
const runningServers = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of runningServers) child.kill('SIGKILL');
});

/** The API server as its own operating-system process, as `npm start` runs it. */
export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  /** Milliseconds from spawning the process to the first 200 answer. */
  startUpMs: number;
  /** Everything the process wrote so far (stdout, where its log goes, and stderr). */
  output: () => string;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then waits for the exit. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `command args` with `env` (added to this process's environment) on a free loopback port and polls `readyPath` until it answers 200.
 * Fails with the process's stderr when it exits first or does not answer within `timeoutMs`.
 */
export async function spawnServer(options: {
  command: string;
  args: string[];
  env: Record<string, string>;
  readyPath?: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(options.command, options.args, {
    cwd: path.resolve(apiRoot, '../..'),
    // DATABASE_URL is never inherited: a test's or benchmark's server gets its own database or none (PGlite).
    env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  runningServers.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      runningServers.delete(child);
      resolve({ code, signal });
    }),
  );
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  const timeoutMs = options.timeoutMs ?? 100_000;
  let lastAnswer = 'none';
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const answered = await fetch(`${baseUrl}${options.readyPath ?? '/health'}`).then(
      (response) => {
        lastAnswer = `HTTP ${response.status}`;
        return response.status === 200;
      },
      (error: Error) => {
        lastAnswer = String(error.cause ?? error);
        return false;
      },
    );
    if (answered) return { child, baseUrl, startUpMs: performance.now() - started, output: () => output, exited, stop };
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  await stop();
  throw new Error(`server did not answer within ${timeoutMs} ms (last answer: ${lastAnswer}):\n${output}`);
}

/** Bundles the API (scripts/build.js) into a fresh folder inside apps/api; returns the bundle and its removal. */
export async function buildServerBundle(): Promise<{ serverFile: string; remove: () => void }> {
  const outdir = path.join(apiRoot, '.build-test', randomBytes(6).toString('hex'));
  await promisify(execFile)(process.execPath, [path.join(apiRoot, 'scripts/build.js'), '--outdir', outdir]);
  return { serverFile: path.join(outdir, 'server.js'), remove: () => fs.rmSync(outdir, { recursive: true, force: true }) };
}

/** The database of a spawned server: its environment variables, and their removal. */
export type ServerDatabase = { name: 'PGlite' | 'PostgreSQL'; env: Record<string, string>; dispose: () => Promise<void> };

/** An embedded database in a new folder (also DATA_DIR for uploads). */
export function pgliteServerDatabase(): ServerDatabase {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-server-'));
  return { name: 'PGlite', env: { DATA_DIR: dataDir }, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** A new, empty database on the PostgreSQL server at `serverUrl` (uploads in a new folder). */
export async function postgresServerDatabase(serverUrl: string): Promise<ServerDatabase> {
  const database = await createEmptyPostgresDatabase(serverUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-server-'));
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: database.url, DATA_DIR: dataDir },
    dispose: async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The kind of database the test run uses: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function serverDatabaseForTests(): Promise<ServerDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? postgresServerDatabase(serverUrl) : Promise.resolve(pgliteServerDatabase());
}

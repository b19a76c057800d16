import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { loadEnv, type Env } from '../../src/config/env.ts';
import { buildApp } from '../../src/app.ts';
import type { DatabaseConnection } from '../../src/db/client.ts';
import { checkLedger } from '../../src/modules/payments/payments.service.ts';
import { httpClient, type HttpClient } from './http-client.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** Settings a test app runs with instead of the test defaults (as strings, like the environment). */
export type EnvOverrides = Partial<Record<keyof Env, string>>;

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseConnection;
  /** The test database this app owns, or the one it shares (`sharedWith`). */
  testDatabase: TestDatabase;
  /** Base address of the real HTTP server the app listens on (loopback, random port). */
  baseUrl: string;
  /**
   * Runs every job due on the business clock (emails, notifications, deadlines) and waits until none is still running
   * on any instance: after it, what the app was going to do has been done, so a test may assert that something did not
   * happen without sleeping first.
   */
  drainJobs: () => Promise<void>;
  close: () => Promise<void>;
};

type StartOptions = { sharedWith?: TestApp; ledgerBrokenOnPurpose?: boolean };

/**
 * Builds the real app on a fresh database and listens on a random loopback port, so tests go through HTTP.
 * `sharedWith`: a second API instance on the database of another test app (closed before it).
 * Closing it runs `ledger:check` on its database and fails on a problem, so every API test's money is checked;
 * `ledgerBrokenOnPurpose` is for the tests of the check itself.
 */
export async function startTestApp(overrides: EnvOverrides = {}, options: StartOptions = {}): Promise<TestApp> {
  const testDatabase = options.sharedWith?.testDatabase ?? (await createTestDatabase());
  const database = options.sharedWith ? await testDatabase.connectAgain() : testDatabase;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-test-'));
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST_DIR: '', AUTH_RATE_LIMIT_MAX: '1000', ACCOUNT_RATE_LIMIT_MAX: '1000', UPLOAD_RATE_LIMIT_MAX: '1000', ...overrides });
  const app = await buildApp({ env, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    database,
    testDatabase,
    baseUrl: address,
    drainJobs: () => app.jobs.drain(),
    close: async () => {
      const ledger = options.ledgerBrokenOnPurpose ? undefined : await checkLedger(database.db);
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (ledger && ledger.problems.length > 0) throw new Error(`ledger:check after the tests:\n${ledger.problems.join('\n')}`);
    },
  };
}

/** The smallest shell of the web app's build: the page the API serves public routes in. */
const WEB_SHELL_HTML = '<!doctype html><html lang="en"><head><title>GoodTable</title></head><body><div id="root"></div></body></html>';
const WEB_TRANSLATIONS = fileURLToPath(new URL('../../../web/public/locales', import.meta.url));

/** A folder standing for the web app's build, served by the test app as `WEB_DIST_DIR`. */
export type WebDistFixture = {
  /** The shell (`index.html`); the smallest one by default. */
  indexHtml?: string;
  /** More files by path inside the folder (assets, translations). */
  files?: Record<string, string>;
  /** Copies the web app's real translations (`locales/`), which first screens and titles are written in. */
  withTranslations?: boolean;
};

function writeWebDist(fixture: WebDistFixture): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-web-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), fixture.indexHtml ?? WEB_SHELL_HTML);
  if (fixture.withTranslations) fs.cpSync(WEB_TRANSLATIONS, path.join(dir, 'locales'), { recursive: true });
  for (const [file, content] of Object.entries(fixture.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

/** The app of a test file (`useTestApp`), a JSON client of its HTTP server, and the web build it serves, if any. */
export type TestWorld = TestApp & { api: HttpClient; webDistDir: string };

export type UseTestAppOptions = StartOptions & {
  env?: EnvOverrides | (() => EnvOverrides | Promise<EnvOverrides>);
  /** Serve a web build made for the file (removed after the app closed). */
  webDist?: WebDistFixture;
};

/**
 * The set-up every API test file shares: registers `beforeAll` (start the app on a fresh database) and `afterAll`
 * (close it, which checks its ledger) in the calling `describe`, and answers at once with a handle whose fields
 * read the started app, so it can be passed to test kits at collection time. `env` may be a function, read in
 * `beforeAll`, for settings only known then (a fake server's port). Hooks run in the order they are registered and
 * the `afterAll`s in reverse, so resources set up before this call outlive the app.
 */
export function useTestApp(options: UseTestAppOptions = {}): TestWorld {
  const { env, webDist, ...startOptions } = options;
  let started: { testApp: TestApp; webDistDir: string } | undefined;
  const current = (): TestApp => running().testApp;
  const running = () => {
    if (!started) throw new Error('the test app starts in beforeAll: read it inside a hook or a test');
    return started;
  };
  beforeAll(async () => {
    const overrides = typeof env === 'function' ? await env() : env;
    const webDistDir = webDist ? writeWebDist(webDist) : '';
    started = { testApp: await startTestApp({ ...overrides, ...(webDist ? { WEB_DIST_DIR: webDistDir } : {}) }, startOptions), webDistDir };
  });
  afterAll(async () => {
    const closing = started;
    started = undefined;
    if (!closing) return;
    try {
      await closing.testApp.close();
    } finally {
      if (closing.webDistDir) fs.rmSync(closing.webDistDir, { recursive: true, force: true });
    }
  });
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get testDatabase() {
      return current().testDatabase;
    },
    get baseUrl() {
      return current().baseUrl;
    },
    get webDistDir() {
      return running().webDistDir;
    },
    drainJobs: () => current().drainJobs(),
    close: () => current().close(),
    api: httpClient(() => current().baseUrl),
  };
}

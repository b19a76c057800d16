import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { createE2eDatabase } from './support/e2e-database.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const repoRoot = path.resolve(import.meta.dirname, '..');
/** `npm start`'s command (apps/api's start script, its Node flags included), run from the repository's root. */
const startCommand = (JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.replace(
  'dist/server.js',
  'apps/api/dist/server.js',
);
const dataRoot = path.join(import.meta.dirname, '.data');

const STALE_RUN_MS = 60 * 60 * 1000;
/** Specs that move the shared business clock, in the order they run after every other spec (one at a time). */
const CLOCK_MOVING_SPECS = ['payments-settlement.spec.ts', 'tickets-waitlist.spec.ts', 'money-previews.spec.ts', 'tickets-check-in.spec.ts'];
/**
 * Specs whose behaviour depends on the database (row locks and concurrent sales, the ledger and settlement, check-in,
 * the waitlist, live updates through LISTEN/NOTIFY): with E2E_DATABASE_SPECS_ONLY=true, the only ones run, which is how
 * the PostgreSQL pass of `.ci/run` runs the browser suite; the rest tests the same web app on either database
 * (docs/decisions/0211-ci-runs-the-browser-suite-once-and-the-database-specs-twice.md).
 */
const DATABASE_SPECS = [
  ...CLOCK_MOVING_SPECS,
  'tickets-checkout.spec.ts',
  'payments-deposit.spec.ts',
  'payments-becs.spec.ts',
  'payments-cause-donations.spec.ts',
  'donations.spec.ts',
  'bookings-lifecycle.spec.ts',
  'bookings-live-answers.spec.ts',
  'notifications.spec.ts',
];
const databaseSpecsOnly = process.env.E2E_DATABASE_SPECS_ONLY === 'true';

/** Removes the embedded databases of runs that started more than an hour ago (a run in progress keeps its own). */
function removeStaleRunFolders(): void {
  mkdirSync(dataRoot, { recursive: true });
  for (const folder of readdirSync(dataRoot)) {
    const folderPath = path.join(dataRoot, folder);
    if (Date.now() - statSync(folderPath).mtimeMs > STALE_RUN_MS) rmSync(folderPath, { recursive: true, force: true });
  }
}

/**
 * A fresh database for every run: an embedded one under e2e/.data, or,
 * with DATABASE_URL set, a new database on that PostgreSQL server. The config is loaded again in each worker;
 * workers inherit these variables, so only the first load prepares anything.
 */
if (!process.env.GOODTABLE_E2E_DATA_DIR) {
  removeStaleRunFolders();
  process.env.GOODTABLE_E2E_DATA_DIR = path.join(dataRoot, `run-${Date.now()}`);
  mkdirSync(process.env.GOODTABLE_E2E_DATA_DIR, { recursive: true });
  if (process.env.DATABASE_URL) process.env.GOODTABLE_E2E_DATABASE_URL = await createE2eDatabase(process.env.DATABASE_URL);
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // In CI a failed test runs once more: a pass then keeps the run green, and the retry reporter names the test at the
  // end of the run so that its cause is fixed (docs/decisions/0212-ci-retries-a-browser-test-once-and-names-it.md).
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['./retry-reporter.ts']],
  timeout: 30_000,
  // CI runs this suite on a 2-vCPU machine beside the embedded database (one WebAssembly PostgreSQL serving both
  // workers): a busy machine can take twice as long as a quiet one, and a first page load then
  // passed 7 s (docs/decisions/0079-browser-tests-assert-what-a-user-sees.md).
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  // Specs that move the shared business clock run alone after every other spec, one after another: deadlines and
  // holds of other tests would pass under them otherwise. (`--no-deps` runs one of them without the rest.)
  projects: [
    {
      name: 'chromium',
      testIgnore: CLOCK_MOVING_SPECS.map((spec) => `**/${spec}`),
      ...(databaseSpecsOnly ? { testMatch: DATABASE_SPECS.map((spec) => `**/${spec}`) } : {}),
    },
    ...CLOCK_MOVING_SPECS.map((spec, index) => ({
      name: `after-the-rest: ${spec}`,
      testMatch: `**/${spec}`,
      dependencies: [index === 0 ? 'chromium' : `after-the-rest: ${CLOCK_MOVING_SPECS[index - 1]}`],
      fullyParallel: false,
    })),
  ],
  // The ledger of the whole run is checked while the server still runs (Playwright stops its webServer last).
  globalTeardown: './ledger-teardown.ts',
  webServer: {
    // The compiled server, as `npm start` runs it (`npm run test:e2e` builds it first).
    command: startCommand,
    cwd: repoRoot,
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.GOODTABLE_E2E_DATA_DIR,
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT_MAX: '1000',
      ACCOUNT_RATE_LIMIT_MAX: '1000',
      UPLOAD_RATE_LIMIT_MAX: '1000',
      // A BECS debit clears an hour of business time later: moving the shared clock that little disturbs no other test.
      BECS_PROCESSING_MINUTES: '60',
      LOG_LEVEL: 'warn',
      // Two browsers and the server share two CPUs: a query that waits its turn there is slow, not a frozen database
      // (docs/decisions/0290-database-outage-answers-503.md), so the database's time limits are wider than in production.
      DATABASE_CONNECT_TIMEOUT_MS: '20000',
      DATABASE_STATEMENT_TIMEOUT_MS: '20000',
      DATABASE_QUERY_TIMEOUT_MS: '25000',
      ...(process.env.GOODTABLE_E2E_DATABASE_URL ? { DATABASE_URL: process.env.GOODTABLE_E2E_DATABASE_URL } : {}),
    },
  },
});

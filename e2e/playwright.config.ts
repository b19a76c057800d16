import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const repoRoot = path.resolve(import.meta.dirname, '..');
const dataRoot = path.join(import.meta.dirname, '.data');

/**
 * A fresh embedded database for every run (the config is loaded again in each worker, which inherits this
 * variable, so all of them agree on the folder). Only the latest run's folder is kept.
 */
if (!process.env.GOODTABLE_E2E_DATA_DIR) {
  rmSync(dataRoot, { recursive: true, force: true });
  process.env.GOODTABLE_E2E_DATA_DIR = path.join(dataRoot, `run-${Date.now()}`);
  mkdirSync(process.env.GOODTABLE_E2E_DATA_DIR, { recursive: true });
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'npm run start -w @goodtable/api',
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
      LOG_LEVEL: 'warn',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});

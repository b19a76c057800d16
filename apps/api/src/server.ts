import { spawn } from 'node:child_process';
import path from 'node:path';
import { databaseTimeoutsOf, loadEnv, repoRoot, withEnvFile, type Env } from './config/env.ts';
import { isNewEmbeddedDatabase, openDatabase, type DatabaseConnection } from './db/client.ts';
import { seedDemoDataIfEmpty } from './db/seed/seed-demo-data.ts';
import { buildApp } from './app.ts';

/** Set in the child process that prepares a new embedded database (`prepareNewEmbeddedDatabase`). */
const PREPARE_DATABASE_ONLY = process.env.GOODTABLE_PREPARE_DATABASE_ONLY === '1';

/** Migrates and seeds an empty database (under a lock shared by all instances); the app, built but not listening. */
async function migrateAndSeed(env: Env, database: DatabaseConnection) {
  // Instances starting together on one database take turns: the first migrates and seeds, the next find it done.
  return database.whileHoldingStartupLock(async () => {
    await database.migrate();
    const built = await buildApp({ env, database });
    if (env.SEED_DEMO) await seedDemoDataIfEmpty(database.db, { storage: built.storage, clock: built.clock });
    return built;
  });
}

/**
 * A new embedded database is migrated and seeded by this same program in a child process, and only then opened here:
 * PGlite's WebAssembly memory never shrinks, and seeding grew it by about 120 MB that an idle server kept for its
 * whole life (idle 384 MB after a first start, 265 MB after a restart). The child's memory goes back when it ends.
 */
async function prepareNewEmbeddedDatabase(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!], {
    env: { ...process.env, GOODTABLE_PREPARE_DATABASE_ONLY: '1' },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`preparing the new embedded database failed (exit code ${code})`);
}

/**
 * Starts GoodTable: migrate, seed an empty database, listen. On SIGINT/SIGTERM it stops accepting connections, lets
 * in-flight requests finish and closes the database; past SHUTDOWN_TIMEOUT_MS it gives up and exits with 1.
 */
async function main() {
  const env = loadEnv(withEnvFile(process.env, path.join(repoRoot, '.env')));
  const databaseOptions = {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    timeouts: databaseTimeoutsOf(env),
  };
  if (PREPARE_DATABASE_ONLY) {
    const database = await openDatabase(databaseOptions);
    const app = await migrateAndSeed(env, database);
    await app.close();
    await database.close();
    return;
  }
  if (env.SEED_DEMO && isNewEmbeddedDatabase(databaseOptions)) await prepareNewEmbeddedDatabase();
  const database = await openDatabase(databaseOptions);
  const app = await migrateAndSeed(env, database);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const deadline = setTimeout(() => {
      app.log.error(`shutdown not finished after ${env.SHUTDOWN_TIMEOUT_MS} ms, exiting`);
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(deadline);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`GoodTable on http://localhost:${env.PORT} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

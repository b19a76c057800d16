import path from 'node:path';
import { loadEnv, repoRoot, withEnvFile } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoDataIfEmpty } from './db/seed/seed-demo-data.ts';
import { buildApp } from './app.ts';

/**
 * Starts GoodTable: migrate, seed an empty database (under a lock shared by all instances), listen. On SIGINT/SIGTERM it stops accepting connections,
 * lets in-flight requests finish and closes the database; past SHUTDOWN_TIMEOUT_MS it gives up and exits with 1.
 */
async function main() {
  const env = loadEnv(withEnvFile(process.env, path.join(repoRoot, '.env')));
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // Instances starting together on one database take turns: the first migrates and seeds, the next find it done.
  const app = await database.whileHoldingStartupLock(async () => {
    await database.migrate();
    const built = await buildApp({ env, database });
    if (env.SEED_DEMO) await seedDemoDataIfEmpty(database.db, { storage: built.storage, clock: built.clock });
    return built;
  });

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

import { loadEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoDataIfEmpty } from './db/seed/seed-demo-data.ts';
import { buildApp } from './app.ts';

/** Starts GoodTable: migrate, seed an empty database, listen; closes cleanly on SIGINT/SIGTERM. */
async function main() {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  const app = await buildApp({ env, database });
  if (env.SEED_DEMO) await seedDemoDataIfEmpty(database.db, { storage: app.storage });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
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

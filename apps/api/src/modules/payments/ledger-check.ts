import path from 'node:path';
import { loadEnv, repoRoot, withEnvFile } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { checkLedger } from './ledger.ts';

/**
 * `npm run ledger:check`: verifies the ledger of the configured database (DATABASE_URL, or the PGlite files in
 * DATA_DIR — stop the server first, PGlite admits one process) and exits 1 on any problem.
 */
async function main() {
  const env = loadEnv(withEnvFile(process.env, path.join(repoRoot, '.env')));
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const report = await checkLedger(database.db);
    for (const problem of report.problems) console.error(`ledger: ${problem}`);
    console.log(`ledger: ${report.transactions} transactions, ${report.accounts} accounts, ${report.problems.length} problems`);
    process.exitCode = report.problems.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

await main();

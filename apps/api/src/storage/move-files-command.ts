import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv, repoRoot, withEnvFile } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import type { FileStorageKind } from './file-storage.ts';
import { openFileStorage } from './file-stores.ts';
import { moveFiles } from './move-files.ts';

const KINDS: readonly FileStorageKind[] = ['local', 'postgres', 's3'];
const USAGE = 'usage: npm run storage:move -w @goodtable/api -- --from local|postgres|s3 --to local|postgres|s3 [--delete-source]';

function kindArgument(name: string, value: string | undefined): FileStorageKind {
  if (!KINDS.includes(value as FileStorageKind)) throw new Error(`--${name} must be one of ${KINDS.join(', ')}\n${USAGE}`);
  return value as FileStorageKind;
}

/**
 * `npm run storage:move -w @goodtable/api -- --from local --to postgres`: copies the uploaded files of one store into
 * another with the configured settings (DATA_DIR, DATABASE_URL, S3_*), then prints what it did (docs/configuration.md,
 * File storage). On the embedded database, stop the server first: PGlite admits one process.
 */
async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, 'delete-source': { type: 'boolean', default: false } } });
  const from = kindArgument('from', values.from);
  const to = kindArgument('to', values.to);
  if (from === to) throw new Error(`--from and --to are both ${from}\n${USAGE}`);
  const env = loadEnv(withEnvFile(process.env, path.join(repoRoot, '.env')));
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const context = { env, db: database.db };
    const report = await moveFiles({ from: await openFileStorage(from, context), to: await openFileStorage(to, context), deleteSource: values['delete-source'], onFile: console.log });
    console.log(`storage:move ${from} -> ${to}: ${report.copied} copied, ${report.alreadyThere} already there, ${report.deletedFromSource} deleted from ${from}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config/env.ts';
import { openDatabase, type DatabaseConnection } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';
import { createEmptyPostgresDatabase } from '../../../test/support/test-database.ts';
import { checkLedger, ledgerAccountId, ledgerBalance, postLedgerTransaction, UnbalancedLedgerTransaction, type LedgerAccountKey } from './ledger.ts';

const run = promisify(execFile);
const payer: LedgerAccountKey = { ownerId: null, purpose: 'payer', currency: 'AUD' };
const holding: LedgerAccountKey = { ownerId: null, purpose: 'platform_holding', currency: 'AUD' };
const holdingVnd: LedgerAccountKey = { ownerId: null, purpose: 'platform_holding', currency: 'VND' };

/**
 * The ledger on its own database (PGlite files in a temporary folder, or a fresh PostgreSQL database when
 * DATABASE_URL is set), so `npm run ledger:check` can open the same database as a separate process.
 */
describe('ledger', () => {
  let database: DatabaseConnection;
  let env: NodeJS.ProcessEnv;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      const created = await createEmptyPostgresDatabase(serverUrl);
      database = await openDatabase({ databaseUrl: created.url, dataDir: 'unused' });
      env = { ...process.env, DATABASE_URL: created.url };
      cleanUp = created.drop;
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-ledger-'));
      database = await openDatabase({ dataDir });
      env = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      cleanUp = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    }
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await cleanUp?.();
  });

  /** `npm run ledger:check` on this database (PGlite admits one process: the test's connection is closed meanwhile). */
  async function ledgerCheck(): Promise<{ code: number; output: string }> {
    if (!process.env.DATABASE_URL) await database.close();
    try {
      const { stdout } = await run('npm', ['run', '--silent', 'ledger:check'], { cwd: repoRoot, env: { ...env, LOG_LEVEL: 'silent' } });
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    } finally {
      if (!process.env.DATABASE_URL) database = await openDatabase({ dataDir: env.DATA_DIR! });
    }
  }

  it('writes balanced transactions and derives balances from their entries', async () => {
    const createdAt = new Date('2026-01-01T00:00:00Z');
    await postLedgerTransaction(database.db, { kind: 'charge', createdAt, legs: [{ account: payer, amount: -2000 }, { account: holding, amount: 2000 }] });
    await postLedgerTransaction(database.db, { kind: 'charge', createdAt, legs: [{ account: payer, amount: -500 }, { account: holding, amount: 500 }] });
    expect(await ledgerBalance(database.db, payer)).toBe(-2500);
    expect(await ledgerBalance(database.db, holding)).toBe(2500);
    expect(await ledgerBalance(database.db, holdingVnd)).toBe(0);
    // One account per owner, purpose and currency, however often it is used.
    expect(await ledgerAccountId(database.db, holding)).toBe(await ledgerAccountId(database.db, { ...holding }));
  });

  it('refuses a transaction that does not sum to zero per currency, writing nothing', async () => {
    const before = (await database.db.select().from(ledgerTransactions)).length;
    const createdAt = new Date('2026-01-02T00:00:00Z');
    await expect(
      postLedgerTransaction(database.db, { kind: 'charge', createdAt, legs: [{ account: payer, amount: -2000 }, { account: holding, amount: 1999 }] }),
    ).rejects.toBeInstanceOf(UnbalancedLedgerTransaction);
    // Zero overall but not per currency.
    await expect(
      postLedgerTransaction(database.db, { kind: 'charge', createdAt, legs: [{ account: payer, amount: -2000 }, { account: holdingVnd, amount: 2000 }] }),
    ).rejects.toBeInstanceOf(UnbalancedLedgerTransaction);
    await expect(postLedgerTransaction(database.db, { kind: 'charge', createdAt, legs: [{ account: payer, amount: 0.5 }, { account: holding, amount: -0.5 }] })).rejects.toThrow();
    expect((await database.db.select().from(ledgerTransactions)).length).toBe(before);
    expect(await ledgerBalance(database.db, holding)).toBe(2500);
  });

  it('ledger:check passes a clean ledger and reports a transaction that does not sum to zero', async () => {
    expect((await checkLedger(database.db)).problems).toEqual([]);
    const clean = await ledgerCheck();
    expect(clean.code).toBe(0);
    expect(clean.output).toContain('2 transactions, 2 accounts, 0 problems');

    const [transaction] = await database.db.select().from(ledgerTransactions).limit(1);
    await database.db.insert(ledgerEntries).values({ transactionId: transaction!.id, accountId: await ledgerAccountId(database.db, holding), amount: 1, currency: 'AUD' });
    const report = await checkLedger(database.db);
    expect(report.problems).toEqual([`transaction ${transaction!.id} sums to 1 AUD`, 'balances in AUD sum to 1']);
    const broken = await ledgerCheck();
    expect(broken.code).toBe(1);
    expect(broken.output).toContain(`transaction ${transaction!.id} sums to 1 AUD`);
  });

  it('writes every leg to its own account when only some of the accounts exist yet (created on first use)', async () => {
    const fees: LedgerAccountKey = { ownerId: null, purpose: 'platform_fees', currency: 'AUD' };
    const earnings: LedgerAccountKey = { ownerId: null, purpose: 'cause_earnings', currency: 'AUD' };
    const createdAt = new Date('2026-01-01T12:00:00Z');
    const holdingBefore = await ledgerBalance(database.db, holding);
    const id = await postLedgerTransaction(database.db, {
      kind: 'charge',
      createdAt,
      legs: [
        { account: holding, amount: -1000 },
        { account: fees, amount: 50 },
        { account: earnings, amount: 950 },
      ],
    });
    const entries = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, id));
    expect(entries).toHaveLength(3);
    expect(new Set(entries.map((entry) => entry.accountId)).size).toBe(3);
    expect(await ledgerBalance(database.db, holding)).toBe(holdingBefore - 1000);
    expect(await ledgerBalance(database.db, fees)).toBe(50);
    expect(await ledgerBalance(database.db, earnings)).toBe(950);
  });
});

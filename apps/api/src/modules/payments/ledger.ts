import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';

/**
 * The double-entry ledger (DESIGN.md §6). Every money movement is one transaction whose entries sum to zero per
 * currency, written with the caller's executor so it commits (or not) with the state it explains. Balances are
 * derived from entries, never stored.
 */

/** What an account is for. `payer`: money a user paid in (its balance goes negative as it pays); `platform_holding`:
 * money the platform holds until settlement (deposits, up-front fees). */
export const LEDGER_PURPOSES = ['payer', 'platform_holding', 'restaurant_earnings', 'cause_earnings', 'platform_fees', 'paid_out'] as const;
export type LedgerPurpose = (typeof LEDGER_PURPOSES)[number];

/** An account: a user's (`ownerId`) or the platform's (`ownerId` null), for one purpose in one currency. */
export type LedgerAccountKey = { ownerId: string | null; purpose: LedgerPurpose; currency: string };
export type LedgerLeg = { account: LedgerAccountKey; amount: number };
export type LedgerMovement = { kind: string; paymentId?: string; bookingId?: string; createdAt: Date; legs: readonly LedgerLeg[] };

export class UnbalancedLedgerTransaction extends Error {}

/** The account's id, creating it on first use (concurrent first uses agree on one row). */
export async function ledgerAccountId(db: Executor, key: LedgerAccountKey): Promise<string> {
  await db.insert(ledgerAccounts).values(key).onConflictDoNothing();
  const owner = key.ownerId === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, key.ownerId);
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(owner, eq(ledgerAccounts.purpose, key.purpose), eq(ledgerAccounts.currency, key.currency)));
  return row!.id;
}

/** Writes one movement; throws (writing nothing) unless its legs are integers summing to zero per currency. */
export async function postLedgerTransaction(db: Executor, movement: LedgerMovement): Promise<string> {
  const sums = new Map<string, number>();
  for (const leg of movement.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) throw new UnbalancedLedgerTransaction(`A ${movement.kind} leg is not a non-zero integer`);
    sums.set(leg.account.currency, (sums.get(leg.account.currency) ?? 0) + leg.amount);
  }
  if (movement.legs.length < 2 || [...sums.values()].some((sum) => sum !== 0)) {
    throw new UnbalancedLedgerTransaction(`The ${movement.kind} entries do not sum to zero per currency`);
  }
  const [transaction] = await db
    .insert(ledgerTransactions)
    .values({ kind: movement.kind, paymentId: movement.paymentId, bookingId: movement.bookingId, createdAt: movement.createdAt })
    .returning({ id: ledgerTransactions.id });
  const entries = [];
  for (const leg of movement.legs) {
    entries.push({ transactionId: transaction!.id, accountId: await ledgerAccountId(db, leg.account), amount: leg.amount, currency: leg.account.currency });
  }
  await db.insert(ledgerEntries).values(entries);
  return transaction!.id;
}

/** An account's balance: the sum of its entries (0 for an account never used). */
export async function ledgerBalance(db: Executor, key: LedgerAccountKey): Promise<number> {
  const owner = key.ownerId === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, key.ownerId);
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(owner, eq(ledgerAccounts.purpose, key.purpose), eq(ledgerAccounts.currency, key.currency)));
  return Number(row?.balance ?? 0);
}

export type LedgerCheckReport = { transactions: number; accounts: number; problems: string[] };

/**
 * `npm run ledger:check`: every transaction has at least two entries summing to zero per currency; every entry is in
 * its account's currency; the balances of all accounts sum to zero per currency; and the ledger matches the payments
 * it explains (each succeeded payment has exactly one charge of its amount into platform holding, any other has none).
 */
export async function checkLedger(db: Executor): Promise<LedgerCheckReport> {
  const problems: string[] = [];
  // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`.
  const rows = async <Row>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

  for (const row of await rows<{ transaction_id: string; currency: string; total: string }>(sql`
    select transaction_id, currency, sum(amount)::text as total from ledger_entries
    group by transaction_id, currency having sum(amount) <> 0`)) {
    problems.push(`transaction ${row.transaction_id} sums to ${row.total} ${row.currency}`);
  }
  for (const row of await rows<{ id: string; legs: number }>(sql`
    select t.id, count(e.id)::int as legs from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id having count(e.id) < 2`)) {
    problems.push(`transaction ${row.id} has ${row.legs} entries`);
  }
  for (const row of await rows<{ id: string }>(sql`
    select e.id from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.currency <> a.currency`)) {
    problems.push(`entry ${row.id} is not in its account's currency`);
  }
  for (const row of await rows<{ currency: string; total: string }>(sql`
    select currency, sum(amount)::text as total from ledger_entries group by currency having sum(amount) <> 0`)) {
    problems.push(`balances in ${row.currency} sum to ${row.total}`);
  }
  for (const row of await rows<{ id: string; status: string; charges: number; charged: string | null; amount: number }>(sql`
    select p.id, p.status, p.amount, count(distinct t.id)::int as charges, sum(e.amount)::text as charged
    from payments p
    left join ledger_transactions t on t.payment_id = p.id and t.kind = 'charge'
    left join ledger_entries e on e.transaction_id = t.id and e.amount > 0
    group by p.id
    having (p.status = 'succeeded' and (count(distinct t.id) <> 1 or sum(e.amount) <> p.amount))
        or (p.status <> 'succeeded' and count(distinct t.id) > 0)`)) {
    problems.push(`payment ${row.id} (${row.status}, ${row.amount}) has ${row.charges} charge(s) totalling ${row.charged ?? 0}`);
  }
  const [counts] = await rows<{ transactions: number; accounts: number }>(sql`
    select (select count(*)::int from ledger_transactions) as transactions, (select count(*)::int from ledger_accounts) as accounts`);
  return { transactions: counts?.transactions ?? 0, accounts: counts?.accounts ?? 0, problems };
}

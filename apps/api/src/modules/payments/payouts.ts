import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AMOUNT_COLUMN_MAX } from '@goodtable/shared';
import type { Database, Executor } from '../../db/client.ts';
import { connectedAccounts, ledgerAccounts, ledgerEntries, payouts, PAYOUT_PURPOSES, type PayoutPurpose, type PayoutRow } from '../../db/schema/index.ts';
import { defaultBackoffMs, type JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../email/mailer.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import { notifyPayout } from '../notifications/notifications.service.ts';
import { postLedgerTransaction } from './ledger.ts';
import type { PaymentProvider, PayoutOutcome } from './providers/index.ts';

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    'payments.payouts': Record<string, never>;
  }
}

/** How often (business time) earnings are paid out and failed payouts retried. */
export const PAYOUTS_EVERY_MS = 15 * 60_000;
/** Provider calls per payout before it is `failed` (its money then waits PAYOUT_FAILED_COOLDOWN_MS for a new payout). */
export const PAYOUT_MAX_ATTEMPTS = 5;
/** After a payout failed for good, the account's money waits this long (business time) before a new payout. */
export const PAYOUT_FAILED_COOLDOWN_MS = 24 * 60 * 60_000;

/**
 * `notifications`: what telling the earner needs (a payout paid, or failed for good); null for the demo data, which
 * writes the notifications of its payouts itself (seed-notifications.ts).
 */
export type PayoutDeps = {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  notifications: { live: LiveHub; mailer: Pick<Mailer, 'enqueue'>; publicUrl: string } | null;
};

/** Earner accounts holding money whose owner has a connected account able to receive transfers. */
async function payableBalances(db: Executor) {
  return db
    .select({
      ownerId: ledgerAccounts.ownerId,
      purpose: ledgerAccounts.purpose,
      currency: ledgerAccounts.currency,
      balance: sql<string>`sum(${ledgerEntries.amount})`,
      connectedAccountId: connectedAccounts.id,
    })
    .from(ledgerAccounts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(connectedAccounts, eq(connectedAccounts.userId, ledgerAccounts.ownerId))
    .where(and(inArray(ledgerAccounts.purpose, [...PAYOUT_PURPOSES]), sql`${connectedAccounts.capabilities}->>'transfers' = 'active'`))
    .groupBy(ledgerAccounts.id, connectedAccounts.id)
    .having(sql`sum(${ledgerEntries.amount}) > 0`);
}

/**
 * Starts a payout of each earner balance that has none pending (the partial unique index makes a concurrent second
 * one a no-op). The amount is the whole balance (up to `AMOUNT_COLUMN_MAX`): the ledger only moves when the provider
 * has paid, so nothing else can be reserved against it. Resolves with how many payouts were started.
 */
async function startPayouts(deps: PayoutDeps): Promise<number> {
  const now = deps.clock.now();
  let started = 0;
  for (const earner of await payableBalances(deps.db)) {
    const [recentFailure] = await deps.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(
        and(
          eq(payouts.ownerId, earner.ownerId!),
          eq(payouts.purpose, earner.purpose as PayoutPurpose),
          eq(payouts.currency, earner.currency),
          eq(payouts.status, 'failed'),
          gt(payouts.nextAttemptAt, new Date(now.getTime() - PAYOUT_FAILED_COOLDOWN_MS)),
        ),
      )
      .limit(1);
    if (recentFailure) continue;
    const inserted = await deps.db
      .insert(payouts)
      .values({
        ownerId: earner.ownerId!,
        purpose: earner.purpose as PayoutPurpose,
        currency: earner.currency,
        // One payout holds at most what its integer column does; a larger balance is paid in parts, pass by pass.
        amount: Math.min(Number(earner.balance), AMOUNT_COLUMN_MAX),
        status: 'pending',
        connectedAccountId: earner.connectedAccountId,
        provider: deps.provider.name,
        nextAttemptAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payouts.id });
    started += inserted.length;
  }
  return started;
}

/** The provider's answer, a rejection (timeout, network) counting as a failure to retry. */
async function callProvider(provider: PaymentProvider, payout: PayoutRow): Promise<PayoutOutcome> {
  try {
    return await provider.payout({ connectedAccountId: payout.connectedAccountId, amount: payout.amount, currency: payout.currency, idempotencyKey: payout.id });
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * One due pending payout, in its own transaction with its row locked (SKIP LOCKED: another instance has it): paid →
 * the `payout` ledger transaction (earnings → paid_out) with the status; failed → retried after backoff, `failed`
 * after the last attempt. The provider gets the payout's id as idempotency key, so if this transaction is lost after
 * the provider paid, the retry gets the same answer and the ledger is written once.
 */
async function attemptPayout(deps: PayoutDeps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(and(eq(payouts.id, id), eq(payouts.status, 'pending'))).for('update', { skipLocked: true });
    if (!payout) return;
    const now = deps.clock.now();
    const attempts = payout.attempts + 1;
    const outcome = await callProvider(deps.provider, payout);
    if (outcome.status === 'failed') {
      const last = attempts >= PAYOUT_MAX_ATTEMPTS;
      await tx
        .update(payouts)
        .set({ attempts, lastError: outcome.message, status: last ? 'failed' : 'pending', nextAttemptAt: last ? now : new Date(now.getTime() + defaultBackoffMs(attempts)) })
        .where(eq(payouts.id, id));
      if (last && deps.notifications) await notifyPayout({ ...deps.notifications, clock: deps.clock }, { payout, event: 'failed', tx });
      return;
    }
    await postLedgerTransaction(tx, {
      kind: 'payout',
      payoutId: payout.id,
      createdAt: now,
      legs: [
        { account: { ownerId: payout.ownerId, purpose: payout.purpose, currency: payout.currency }, amount: -payout.amount },
        { account: { ownerId: payout.ownerId, purpose: 'paid_out', currency: payout.currency }, amount: payout.amount },
      ],
    });
    await tx.update(payouts).set({ attempts, status: 'paid', providerRef: outcome.ref, paidAt: now, lastError: null }).where(eq(payouts.id, id));
    if (deps.notifications) await notifyPayout({ ...deps.notifications, clock: deps.clock }, { payout, event: 'paid', tx });
  });
}

/** One pass: start payouts of the balances waiting, then call the provider for every due pending payout. */
export async function runPayouts(deps: PayoutDeps): Promise<{ started: number; attempted: number }> {
  const started = await startPayouts(deps);
  const due = await deps.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), lte(payouts.nextAttemptAt, deps.clock.now())))
    .orderBy(asc(payouts.nextAttemptAt));
  for (const { id } of due) await attemptPayout(deps, id);
  return { started, attempted: due.length };
}

/**
 * The recurring payouts pass. Not transactional: each payout commits on its own (a provider failure of one never
 * undoes another's ledger), and the job's own retry is not needed (the pass runs again in PAYOUTS_EVERY_MS).
 */
export function definePayoutJobs(jobs: JobQueue, deps: Omit<PayoutDeps, 'db' | 'clock'> & { db: Database }): void {
  jobs.define('payments.payouts', {
    schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
    everyMs: PAYOUTS_EVERY_MS,
    transactional: false,
    handle: async ({ clock }) => {
      await runPayouts({ ...deps, clock });
    },
  });
}

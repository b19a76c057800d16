import { afterCommit } from '../../db/after-commit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { defaultBackoffMs } from '../../jobs/job-queue.ts';
import type { PaymentRow, RefundReason } from '../../db/schema/index.ts';
import { postLedgerTransaction } from './ledger.ts';
import type { PaymentProvider } from './providers/index.ts';
import * as repository from './payments.repository.ts';

/**
 * Records that `amount` of `payment` goes back to its payer, in `tx` (the change that causes it): a `pending` refund
 * row, which counts as refunded from then on (a payment is never refunded twice for one reason: unique index). The
 * provider is asked after the change commits (`completeRefund`), never while its locks are held; a refund the
 * provider could not make then stays pending for the retrying job (payments.jobs.ts). Used by every refund of money the
 * platform holds: a booking's prepayments, an event's tickets and its donations.
 */
export async function recordRefund(
  provider: PaymentProvider,
  { tx, payment, bookingId, amount, reason, now }: { tx: Executor; payment: PaymentRow; bookingId: string; amount: number; reason: RefundReason; now: Date },
): Promise<void> {
  const refund = await repository.insertRefund(tx, { paymentId: payment.id, bookingId, amount, currency: payment.currency, reason, status: 'pending', provider: provider.name, createdAt: now });
  afterCommit((db) => completeRefund(provider, { db, refundId: refund.id, now }).then(() => undefined));
}

/**
 * Asks the provider for a pending refund and records its answer: the refund `succeeded` and its `refund` ledger
 * transaction, out of the platform's holding into the payer's account (a guest payer's is the platform's `payer`
 * account), dated when it was owed. The refund row stays locked while the provider answers, so two askers (the
 * request that caused it, the retrying job) ask once; what is no longer pending is left alone. When the provider
 * refuses (an error, a timeout), the refund stays pending with the attempt counted and its message kept, not asked
 * again before a backoff (1 min × 4^(n−1), at most 4 h, business clock `now`), and the error goes to the caller.
 * Money owed to a payer is never given up on: it is asked for until the provider refunds. Resolves with whether this
 * call completed it.
 */
export async function completeRefund(
  provider: PaymentProvider,
  { db, refundId, now, skipLocked = false }: { db: Database; refundId: string; now: Date; skipLocked?: boolean },
): Promise<boolean> {
  let refused: unknown;
  const completed = await db.transaction(async (tx) => {
    const refund = await repository.lockPendingRefund(tx, { refundId, skipLocked });
    if (!refund) return false;
    const payment = (await repository.findPayment(tx, { paymentId: refund.paymentId }))!;
    // Keyed by what makes the refund unique (a payment is refunded at most once per reason), not by this attempt: when
    // the provider refunded but its answer was lost (a timeout, a crash), the next attempt gets the same refund back
    // from the provider instead of a second one.
    const idempotencyKey = `${payment.id}:${refund.reason}`;
    let ref: string;
    try {
      ({ ref } = await provider.refund({ paymentId: payment.id, ref: payment.providerRef ?? '', amount: refund.amount, currency: refund.currency, idempotencyKey }));
    } catch (error) {
      refused = error;
      const attempts = refund.attempts + 1;
      const lastError = error instanceof Error ? error.message : String(error);
      await repository.markRefundAttemptFailed(tx, { refundId: refund.id, attempts, lastError, nextAttemptAt: new Date(now.getTime() + defaultBackoffMs(attempts)) });
      return false;
    }
    await repository.markRefundSucceeded(tx, { refundId: refund.id, providerRef: ref });
    await postLedgerTransaction(tx, {
      kind: 'refund',
      paymentId: payment.id,
      bookingId: refund.bookingId,
      refundId: refund.id,
      createdAt: refund.createdAt,
      legs: [
        { account: { ownerId: null, purpose: 'platform_holding', currency: refund.currency }, amount: -refund.amount },
        { account: { ownerId: payment.payerId, purpose: 'payer', currency: refund.currency }, amount: refund.amount },
      ],
    });
    return true;
  });
  if (refused) throw refused;
  return completed;
}

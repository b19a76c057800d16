import type { Executor } from '../../db/client.ts';
import type { PaymentRow, RefundReason } from '../../db/schema/index.ts';
import { postLedgerTransaction } from './ledger.ts';
import type { PaymentProvider } from './providers/index.ts';
import * as repository from './payments.repository.ts';

/**
 * Gives `amount` of `payment` back through its provider and records it in `tx`: the refund row and its `refund` ledger
 * transaction, out of the platform's holding into the payer's account (a guest payer's is the platform's `payer`
 * account). Used by every refund of money the platform holds: a booking's prepayments, an event's tickets and its
 * donations.
 */
export async function refundThroughProvider(
  provider: PaymentProvider,
  tx: Executor,
  input: { payment: PaymentRow; bookingId: string; amount: number; reason: RefundReason; now: Date },
): Promise<void> {
  const { payment, bookingId, amount, reason, now } = input;
  const refundId = crypto.randomUUID();
  // Keyed by what makes the refund unique (a payment is refunded at most once per reason), not by this attempt: when
  // the provider refunded but this transaction then rolled back (a lost answer, a crash), the retry gets the same
  // refund back from the provider instead of a second one.
  const idempotencyKey = `${payment.id}:${reason}`;
  const { ref } = await provider.refund({ paymentId: payment.id, ref: payment.providerRef ?? '', amount, currency: payment.currency, idempotencyKey });
  await repository.insertRefund(tx, { id: refundId, paymentId: payment.id, bookingId, amount, currency: payment.currency, reason, status: 'succeeded', provider: provider.name, providerRef: ref, createdAt: now });
  await postLedgerTransaction(tx, {
    kind: 'refund',
    paymentId: payment.id,
    bookingId,
    refundId,
    createdAt: now,
    legs: [
      { account: { ownerId: null, purpose: 'platform_holding', currency: payment.currency }, amount: -amount },
      { account: { ownerId: payment.payerId, purpose: 'payer', currency: payment.currency }, amount },
    ],
  });
}

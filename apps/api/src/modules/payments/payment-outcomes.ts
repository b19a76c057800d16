import type { Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema/index.ts';
import { bookingMoneyTerms, recordDepositPaid, setDepositDeadlinePaused } from '../bookings/bookings.service.ts';
import { listRestaurantManagerIds } from '../managers/managers.service.ts';
import { notifyPayment } from '../notifications/notifications.service.ts';
import { type LedgerMovement, postLedgerTransaction } from './ledger.ts';
import { enqueuePaymentReceiptEmail } from './payment-receipts.ts';
import type { ProviderOutcome } from './providers/index.ts';
import * as repository from './payments.repository.ts';
import { bookingIdOf, type PaymentModuleDeps, type PaymentSystemDeps } from './payment-access.ts';

/** Whether a payment is the booking's own (deposit, total fee, balance), made by its client: not a ticket or a gift. */
function paysForBooking(payment: PaymentRow): payment is PaymentRow & { bookingId: string; payerId: string } {
  return payment.payerId !== null && payment.bookingId !== null && payment.type !== 'CREDIT_CARD_TICKETS' && payment.type !== 'CREDIT_CARD_DONATION';
}

/**
 * Tells of a payment's outcome in `tx` (docs/decisions/0077-money-notifications.md): the payer, and for a success the
 * restaurant side (its seller and every manager and sub-manager running it) but not `actorUserId`.
 */
async function tellPaymentOutcome(
  deps: Pick<PaymentSystemDeps, 'live' | 'clock' | 'mailer' | 'email'>,
  { tx, payment, notice }: { tx: Executor; payment: PaymentRow; notice: { outcome: 'succeeded' | 'failed'; confirmed: boolean; actorUserId: string | null } },
): Promise<void> {
  // Ticket buyers have no account to notify (their page shows the outcome); the restaurant side hears of ticket sales
  // through the ticket milestones instead of one notice per buyer.
  if (!paysForBooking(payment)) return;
  const restaurantId = notice.outcome === 'succeeded' ? (await bookingMoneyTerms(tx, payment.bookingId)).restaurantOwnerId : null;
  const restaurantTeam = restaurantId ? await listRestaurantManagerIds(tx, restaurantId) : [];
  await notifyPayment({ live: deps.live, clock: deps.clock, mailer: deps.mailer, publicUrl: deps.email.publicUrl }, { notice: { payment, ...notice, restaurantTeam }, tx });
}

/** A succeeded payment's charge in the ledger: from its payer into platform holding. */
export function chargeMovement(payment: PaymentRow, now: Date): LedgerMovement {
  return {
    kind: 'charge',
    paymentId: payment.id,
    ...(payment.bookingId ? { bookingId: payment.bookingId } : {}),
    createdAt: now,
    legs: [
      { account: { ownerId: payment.payerId, purpose: 'payer', currency: payment.currency }, amount: -payment.amount },
      { account: { ownerId: null, purpose: 'platform_holding', currency: payment.currency }, amount: payment.amount },
    ],
  };
}

/**
 * Records what the provider answered, in the caller's transaction: success confirms the booking (ACCEPTED →
 * CONFIRMED) and writes the charge to the ledger (payer → platform holding) with the payment's new status. Both a
 * success and a failure are told (`tellPaymentOutcome`) in the same transaction. `confirmBooking` answers whether the
 * booking was confirmed (a debit clearing after a cancellation confirms nothing).
 */
export async function applyOutcome(
  deps: PaymentSystemDeps,
  {
    tx,
    payment,
    outcome,
    options = {},
  }: {
    tx: Executor;
    payment: PaymentRow;
    outcome: ProviderOutcome;
    options?: { confirmKey?: string; bankAccount?: PaymentRow['bankAccount']; confirmBooking?: (tx: Executor) => Promise<boolean | void>; actorUserId?: string };
  },
): Promise<PaymentRow> {
  const actorUserId = options.actorUserId ?? null;
  const now = deps.clock.now();
  const common = { updatedAt: now, ...(options.confirmKey ? { confirmKey: options.confirmKey } : {}), ...(options.bankAccount ? { bankAccount: options.bankAccount } : {}) };
  const notProcessing = { processingUntil: null, providerState: null };
  if (outcome.status === 'failed') {
    // A debit that was in flight failed: the client gets the deposit deadline again to pay another way.
    if (payment.status === 'processing') await setDepositDeadlinePaused({ ...deps, db: tx }, { bookingId: bookingIdOf(payment), paused: false });
    const failed = await repository.updatePayment(tx, {
      paymentId: payment.id,
      values: { ...common, ...notProcessing, status: 'failed', failureCode: outcome.failureCode, failureMessage: outcome.failureMessage },
    });
    await tellPaymentOutcome(deps, { tx, payment: failed, notice: { outcome: 'failed', confirmed: false, actorUserId } });
    return failed;
  }
  if (outcome.status === 'processing') {
    // The deposit is on its way: the deadline pass must not cancel the booking before the debit clears.
    await setDepositDeadlinePaused({ ...deps, db: tx }, { bookingId: bookingIdOf(payment), paused: true });
    const updated = await repository.updatePayment(tx, {
      paymentId: payment.id,
      values: {
        ...common,
        status: 'processing',
        processingUntil: outcome.until,
        providerState: outcome.state ?? null,
        failureCode: null,
        failureMessage: null,
      },
    });
    await enqueueResolution(deps, { tx, payment: updated });
    return updated;
  }
  if (outcome.status !== 'succeeded') return repository.updatePayment(tx, { paymentId: payment.id, values: { ...common, status: outcome.status, failureCode: null, failureMessage: null } });
  const confirmBooking =
    options.confirmBooking ??
    (async (inner: Executor) => {
      await recordDepositPaid({ ...deps, db: inner }, bookingIdOf(payment));
      return true;
    });
  // A ticket sale or a donation answers nothing: it confirms no booking.
  const confirmed = (await confirmBooking(tx)) === true;
  await postLedgerTransaction(tx, chargeMovement(payment, now));
  const succeeded = await repository.updatePayment(tx, { paymentId: payment.id, values: { ...common, ...notProcessing, status: 'succeeded', failureCode: null, failureMessage: null } });
  await tellPaymentOutcome(deps, { tx, payment: succeeded, notice: { outcome: 'succeeded', confirmed, actorUserId } });
  // A ticket buyer's receipt goes with the tickets (sellCheckout).
  // A donor's receipt is the donation receipt (recordDonationPaid).
  if (succeeded.payerId !== null && succeeded.type !== 'CREDIT_CARD_DONATION') await enqueuePaymentReceiptEmail({ mailer: deps.mailer, publicUrl: deps.email.publicUrl }, { tx, payment: succeeded });
  return succeeded;
}

/** The job that asks the provider how a processing payment ended, due when the provider expects to know. */
async function enqueueResolution(deps: Pick<PaymentModuleDeps, 'jobs'>, { tx, payment }: { tx: Executor; payment: PaymentRow }): Promise<void> {
  // Keyed by the attempt's due time: a failed debit confirmed again with another account gets its own job.
  await deps.jobs.enqueue(
    { kind: 'payments.resolve-processing', payload: { payment_id: payment.id }, runAt: payment.processingUntil!, dedupeKey: `payments.resolve-processing:${payment.id}:${payment.processingUntil!.toISOString()}` },
    tx,
  );
}

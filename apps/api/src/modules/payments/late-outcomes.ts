import { z } from 'zod';
import { type PayableType, paymentMethodOf } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema/index.ts';
import { isDomainError } from '../../lib/domain-errors.ts';
import { recordDepositPaid } from '../bookings/bookings.service.ts';
import { recordBalanceChargeAnswer, refundLatePayment } from './booking-money.ts';
import { recordWebhookEventOnce } from './stripe.repository.ts';
import type { ProviderOutcome } from './providers/index.ts';
import * as repository from './payments.repository.ts';
import { bookingIdOf, type PaymentSystemDeps } from './payment-access.ts';
import { applyOutcome } from './payment-outcomes.ts';

/**
 * The `payments.resolve-processing` job, in its transaction: asks the provider how a processing debit ended. Success
 * confirms the booking like a card does; failure leaves it ACCEPTED with the reason. A debit that clears after its
 * booking left ACCEPTED (cancelled meanwhile) is recorded (the money did move) and refunded at once. Anything but a
 * processing debit is left alone (ran twice, or already answered).
 */
export async function resolveProcessingPayment(deps: PaymentSystemDeps, paymentId: string): Promise<void> {
  const payment = await repository.findPayment(deps.db, { paymentId, lock: true });
  if (!payment || payment.status !== 'processing' || paymentMethodOf(payment.type as PayableType) !== 'becs') return;
  const now = deps.clock.now();
  const outcome = await deps.provider.retrieve({ paymentId, ref: payment.providerRef ?? '', state: payment.providerState ?? null, now });
  // Not known yet (the provider is late): the job's retry asks again.
  if (outcome.status === 'processing') throw new Error(`Payment ${paymentId} is still processing at the provider`);
  await applyLateOutcome(deps, { tx: deps.db, payment, outcome });
}

/**
 * Applies a provider's answer that arrives after the payer left (a debit clearing, a webhook), in `tx`: the booking is
 * confirmed if it is still ACCEPTED; money that arrived after it was cancelled is recorded (it did move) and refunded
 * at once, so an ended booking holds nothing.
 */
async function applyLateOutcome(deps: PaymentSystemDeps, { tx, payment, outcome }: { tx: Executor; payment: PaymentRow; outcome: ProviderOutcome }): Promise<void> {
  let bookingEnded = false;
  await applyOutcome(deps, { tx, payment, outcome, options: {
    confirmBooking: async (inner) => {
      try {
        await recordDepositPaid({ ...deps, db: inner }, bookingIdOf(payment));
        return true;
      } catch (error) {
        if (!(isDomainError(error, 'conflict'))) throw error;
        bookingEnded = true;
        return false;
      }
    },
  } });
  if (outcome.status === 'succeeded' && bookingEnded) {
    await refundLatePayment({ provider: deps.provider, mailer: deps.mailer, publicUrl: deps.email.publicUrl, notifications: { live: deps.live } }, { tx, bookingId: bookingIdOf(payment), amount: payment.amount, now: deps.clock.now() });
  }
}

/**
 * A provider's webhook event about one of our payments (Stripe `payment_intent.*`), with the outcome read from the
 * provider when the event arrived (not the event's copy, which may be older than a later attempt's).
 */
export type ProviderPaymentEvent = { id: string; type: string; paymentId: string; providerRef: string; outcome: ProviderOutcome };

/**
 * A provider's webhook event about a payment (Stripe: the payer finished 3-D Secure, a debit cleared or failed, a
 * confirm whose answer was lost): applied through the same path as a confirm, in one transaction with the record of
 * the event, so a redelivered event changes nothing ('replayed'). A succeeded payment never changes again; an event
 * about another PaymentIntent than the payment's, or about a payment we do not know (another deployment's), is
 * recorded and ignored. A balance charge still processing (a bank debit) gets its end: its status, ledger and notices.
 */
export async function applyProviderPaymentEvent(deps: PaymentSystemDeps, event: ProviderPaymentEvent): Promise<'applied' | 'replayed' | 'ignored'> {
  return deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEventOnce(tx, { id: event.id, type: event.type, processedAt: deps.clock.now() }))) return 'replayed';
    const payment = z.uuid().safeParse(event.paymentId).success ? await repository.findPayment(tx, { paymentId: event.paymentId, lock: true }) : undefined;
    // Ticket payments are confirmed by the buyer's own call (the local provider); their webhook path is not built yet.
    if (!payment || payment.providerRef !== event.providerRef || payment.type === 'CREDIT_CARD_TICKETS' || payment.type === 'CREDIT_CARD_DONATION') return 'ignored';
    const { outcome } = event;
    if (payment.status === 'succeeded' || payment.status === outcome.status) return 'ignored';
    if (payment.type === 'BECS_DEBIT_BALANCE_FEE') {
      // A balance debited from a saved bank account ends days after the settlement: only the bank's answer is news.
      if (payment.status !== 'processing' || outcome.status === 'requires_action') return 'ignored';
      const moneyDeps = { mailer: deps.mailer, publicUrl: deps.email.publicUrl, notifications: { live: deps.live } };
      await recordBalanceChargeAnswer(moneyDeps, { tx, payment, ref: payment.providerRef ?? '', outcome, answeredAt: deps.clock.now() });
      return 'applied';
    }
    await applyLateOutcome(deps, { tx, payment, outcome });
    return 'applied';
  });
}

import type { PaymentConfirmInput } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { DonationRow, PaymentRow } from '../../db/schema/index.ts';
import { conflict, DomainError } from '../../lib/domain-errors.ts';
import { postLedgerTransaction } from './ledger.ts';
import { directDonationRecipient, donationOfPayment, recordDonationPaid } from '../donations/donations.service.ts';
import type { ProviderOutcome } from './providers/index.ts';
import { type PaymentCallerDeps, type PaymentSystemDeps } from './payment-access.ts';
import { applyOutcome } from './payment-outcomes.ts';

/**
 * Confirming a donation's card payment, signed in or not: an event's donation needs the event still
 * CONFIRMED (409 `donations.eventClosed`, the card untouched). Success marks it paid in the charge's transaction, and
 * a donation without an event is credited to its cause at once.
 */
export async function confirmDonationPayment(deps: PaymentCallerDeps, { tx, payment, input, confirmKey }: { tx: Executor; payment: PaymentRow; input: PaymentConfirmInput; confirmKey?: string }): Promise<PaymentRow> {
  if (payment.status === 'succeeded' || payment.status === 'processing') return payment;
  if (confirmKey && payment.confirmKey === confirmKey) return payment;
  if (payment.status === 'requires_action') throw conflict('Complete the extra confirmation step first', 'payments.actionRequired');
  if (!input.card) throw new DomainError('invalid', { message: 'This payment takes a card', code: 'payments.wrongMethod', details: [{ field: 'card', message: 'validation.required' }] });
  const donation = await donationOfPayment(tx, payment.id);
  const outcome = await deps.provider.confirmCard({ paymentId: payment.id, ref: payment.providerRef ?? '', card: input.card, now: deps.clock.now() });
  return applyDonationOutcome(deps, { tx, payment, outcome, donation, confirmKey });
}

export async function applyDonationOutcome(deps: PaymentSystemDeps, { tx, payment, outcome, donation, confirmKey }: { tx: Executor; payment: PaymentRow; outcome: ProviderOutcome; donation: Awaited<ReturnType<typeof donationOfPayment>>; confirmKey?: string }) {
  const donationDeps = { ...deps, email: { publicUrl: deps.email.publicUrl } };
  const result = await applyOutcome(deps, { tx, payment, outcome, options: { ...(confirmKey ? { confirmKey } : {}), confirmBooking: (inner) => recordDonationPaid(donationDeps, { tx: inner, donation }) } });
  if (result.status === 'succeeded') await creditDonationToCause(tx, { donation, now: deps.clock.now() });
  return result;
}

/**
 * After the charge of a donation without an event (same transaction): the whole amount moves from platform holding to
 * the cause's earnings, which the payouts job pays. No fee is taken from donations.
 */
async function creditDonationToCause(tx: Executor, { donation, now }: { donation: DonationRow; now: Date }): Promise<void> {
  const causeOwnerId = await directDonationRecipient(tx, donation);
  if (causeOwnerId === null) return;
  await postLedgerTransaction(tx, {
    kind: 'donation',
    paymentId: donation.paymentId,
    createdAt: now,
    legs: [
      { account: { ownerId: null, purpose: 'platform_holding', currency: donation.currency }, amount: -donation.amount },
      { account: { ownerId: causeOwnerId, purpose: 'cause_earnings', currency: donation.currency }, amount: donation.amount },
    ],
  });
}

import type { Payment } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema/index.ts';
import { conflict, isDomainError, notAllowed, notFound, notSignedIn } from '../../lib/domain-errors.ts';
import type { ServiceContext, SignedInContext } from '../../lib/service-context.ts';
import { type BookingModuleDeps, bookingPaymentTerms, lockedBookingPaymentTerms } from '../bookings/bookings.service.ts';
import type { CauseShareReader } from '../events/events.service.ts';
import type { PaymentProvider } from './providers/index.ts';
import * as repository from './payments.repository.ts';

/** Pricing of the deployment (docs/product.md, Money; `DEPOSIT_PERCENT`). */
export type PaymentPricing = { depositPercent: number };

/** The platform's bank accounts for bank transfers (`BANK_TRANSFER_*`): one for AUD bookings, one for VND ones. */
export type BankTransferAccounts = {
  accountName: string;
  aud: { bankName: string; bsb: string; accountNumber: string };
  vnd: { bankName: string; accountNumber: string };
};

/** What the payments module needs besides a viewer: the provider, pricing, bank details, and what confirming a booking needs. */
export type PaymentModuleDeps = BookingModuleDeps & { provider: PaymentProvider; pricing: PaymentPricing; bankTransfer: BankTransferAccounts; causeShare: CauseShareReader };

/** A job's or the system's context (no viewer). */
export type PaymentSystemDeps = Omit<ServiceContext, 'viewer'> & PaymentModuleDeps;

/** What the payment functions work with: the signed-in viewer and the module's dependencies. */
export type PaymentDeps = SignedInContext & PaymentModuleDeps;

/** The booking of a payment that has one: every payment but a donation given without an event. */
export function bookingIdOf(payment: Pick<PaymentRow, 'bookingId'>): string {
  if (payment.bookingId === null) throw conflict('This payment belongs to no booking', 'payments.noBooking');
  return payment.bookingId;
}

const paymentNotFound = () => notFound('No such payment among yours', 'payments.notFound');

const notPayer = () => notAllowed('Only the booking’s client pays for it', 'payments.notPayer');

export const notAwaitingPayment = () => conflict('This booking is not awaiting payment', 'payments.notAwaitingPayment');

/** The booking's terms for its payer, ACCEPTED (404 not a party, 403 not the client, 409 not awaiting payment). */
export async function payableTerms(deps: Pick<PaymentDeps, 'db' | 'viewer'>, { bookingId, lock = false }: { bookingId: string; lock?: boolean }) {
  const terms = await (lock ? lockedBookingPaymentTerms : bookingPaymentTerms)(deps, bookingId);
  if (terms.side !== 'client') throw notPayer();
  if (terms.status !== 'ACCEPTED' || terms.currency === null) throw notAwaitingPayment();
  return { ...terms, currency: terms.currency };
}

/** Where a bank transfer of this payment goes: the platform's account for its currency, and its reference. */
function bankTransferOf(bank: BankTransferAccounts, row: PaymentRow): Payment['bank_transfer'] {
  if (!row.bankReference) return undefined;
  const common = { account_name: bank.accountName, reference: row.bankReference };
  if (row.currency === 'VND') return { ...common, bank_name: bank.vnd.bankName, account_number: bank.vnd.accountNumber };
  return { ...common, bank_name: bank.aud.bankName, bsb: bank.aud.bsb, account_number: bank.aud.accountNumber };
}

/** `refunded`: the sum of the payment's refunds (a payment being created or confirmed has none yet). */
export function presentPayment(deps: Pick<PaymentModuleDeps, 'bankTransfer'>, { row, refunded = 0 }: { row: PaymentRow; refunded?: number }): Payment {
  const bankTransfer = bankTransferOf(deps.bankTransfer, row);
  return {
    id: row.id,
    booking_id: row.bookingId,
    type: row.type,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    refunded_amount: refunded,
    ...(row.status === 'requires_action' ? { next_action_url: `/intermediary/${row.id}` } : {}),
    ...(row.status === 'failed' && row.failureMessage ? { failure_message: row.failureMessage } : {}),
    ...(row.status === 'failed' && row.failureCode ? { failure_code: row.failureCode } : {}),
    ...(row.status === 'processing' && row.processingUntil ? { processing_until: row.processingUntil.toISOString() } : {}),
    ...(row.bankAccount ? { bank_account: row.bankAccount } : {}),
    ...(bankTransfer ? { bank_transfer: bankTransfer } : {}),
    created_at: row.createdAt.toISOString(),
  };
}

/** What a call on a payment may come with: a signed-in viewer, or nobody (a guest's ticket payment). */
export type PaymentCallerDeps = ServiceContext & PaymentModuleDeps;

/**
 * The payment for a viewer allowed to see it: the payer, or a party of its booking; anyone else 404. A guest's ticket
 * payment (no payer) is reached by its unguessable id alone, signed in or not; for any other payment a caller who is
 * not signed in gets 401, whether it exists or not (as before guests could pay).
 */
export async function visiblePayment(deps: Pick<ServiceContext, 'db' | 'viewer'>, { paymentId, lock = false }: { paymentId: string; lock?: boolean }): Promise<PaymentRow> {
  const row = await repository.findPayment(deps.db, { paymentId, lock });
  if (row && row.payerId === null) return row;
  if (!deps.viewer) throw notSignedIn();
  if (!row) throw paymentNotFound();
  if (row.payerId === deps.viewer.id) return row;
  // A signed-in donor's donation without an event: only its payer sees it.
  if (row.bookingId === null) throw paymentNotFound();
  try {
    await bookingPaymentTerms({ db: deps.db, viewer: deps.viewer }, bookingIdOf(row));
  } catch (error) {
    // Not a party to its booking: the payment does not exist for this viewer.
    throw isDomainError(error, 'notFound') ? paymentNotFound() : error;
  }
  return row;
}

/**
 * One step on a payment, serialized: the payment row is locked (concurrent confirms queue), then the booking (a second
 * payment of the same booking waits and then finds it no longer ACCEPTED). Only the payer; others 404 or 403.
 */
export async function stepPayment(
  deps: PaymentCallerDeps,
  { paymentId, step }: { paymentId: string; step: (tx: Executor, payment: PaymentRow) => Promise<PaymentRow> },
): Promise<Payment> {
  return deps.db.transaction(async (tx) => {
    const payment = await visiblePayment({ ...deps, db: tx }, { paymentId, lock: true });
    if (payment.payerId !== null && payment.payerId !== deps.viewer?.id) throw notPayer();
    const stepped = await step(tx, payment);
    // Only a succeeded payment is ever refunded, and no step refunds: one that had not succeeded before has none.
    return presentPayment(deps, { row: stepped, refunded: payment.status === 'succeeded' ? await repository.refundedAmount(tx, stepped.id) : 0 });
  });
}

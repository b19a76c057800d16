import { randomInt } from 'node:crypto';
import { AMOUNT_COLUMN_MAX, PAYABLE_TYPES, type PayableType, type Payment, paymentMethodOf, type PaymentOptions } from '@goodtable/shared';
import type { PaymentRow } from '../../db/schema/index.ts';
import { conflict, DomainError, notAllowed } from '../../lib/domain-errors.ts';
import { type BookingPaymentTerms, lockedBookingPaymentTerms } from '../bookings/bookings.service.ts';
import * as repository from './payments.repository.ts';
import { bookingIdOf, notAwaitingPayment, payableTerms, type PaymentDeps, type PaymentPricing, presentPayment, visiblePayment } from './payment-access.ts';
import { applyOutcome } from './payment-outcomes.ts';

/** A booking of a menu priced before the menus' bounds (docs/decisions/0111-amount-bounds.md) may cost more than a payment holds. */
const amountTooLarge = () => conflict('This booking costs more than one payment can hold: the restaurant must lower its menu’s price', 'payments.amountTooLarge');

/**
 * What each payable type costs for this booking, in its currency's minor unit (rounded half away from zero; every
 * amount is positive). The deposit is DEPOSIT_PERCENT of the menu price × the menu's minimum guests (docs/product.md, Money,
 * docs/decisions/0062-deposit-and-total-fee.md); the total fee is the whole restaurant cost, menu price × guests booked.
 */
export function paymentAmount({
  terms,
  type,
  pricing,
}: {
  terms: Pick<BookingPaymentTerms, 'menuPrice' | 'menuMinGuests' | 'guests'>;
  type: PayableType;
  pricing: PaymentPricing;
}): number | null {
  if (terms.menuPrice === null || terms.menuMinGuests === null || terms.guests === null) return null;
  if (type === 'CREDIT_CARD_TOTAL_FEE' || type === 'BECS_DEBIT_TOTAL_FEE') return terms.menuPrice * terms.guests;
  return Math.round((terms.menuPrice * terms.menuMinGuests * pricing.depositPercent) / 100);
}

/** BECS Direct Debit debits Australian bank accounts: AUD bookings only. */
const offersType = (type: PayableType, currency: string) => paymentMethodOf(type) !== 'becs' || currency === 'AUD';

/** The payment page: each type the payer may pay now with its amount. */
export async function getPaymentOptions(deps: PaymentDeps, bookingId: string): Promise<PaymentOptions> {
  const terms = await payableTerms(deps, { bookingId });
  const options = PAYABLE_TYPES.filter((type) => offersType(type, terms.currency)).flatMap((type) => {
    const amount = paymentAmount({ terms, type, pricing: deps.pricing });
    return amount && amount > 0 && amount <= AMOUNT_COLUMN_MAX ? [{ type, amount }] : [];
  });
  return { booking_id: terms.id, currency: terms.currency, deposit_percent: deps.pricing.depositPercent, options };
}

/** The same payer's earlier create with this key: that payment, or 409 when the key was used for something else. */
async function replayOf(
  deps: Pick<PaymentDeps, 'bankTransfer' | 'db'>,
  { existing, bookingId, type }: { existing: PaymentRow; bookingId: string; type: PayableType },
): Promise<Payment> {
  if (existing.bookingId !== bookingId || existing.type !== type) {
    throw conflict('This Idempotency-Key was already used for another payment', 'payments.idempotencyKeyReused');
  }
  return presentPayment(deps, { row: existing, refunded: await repository.refundedAmount(deps.db, existing.id) });
}

/** Letters and digits a payer cannot misread when typing a bank transfer's reference (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A bank transfer's reference: `GT-` and 8 characters (31^8 ≈ 8.5e11; the unique constraint catches the rare clash). */
function newBankReference(): string {
  return `GT-${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;
}

/**
 * POST /bookings/{id}/payments: registers a payment of the server's amount with the provider. The same payer and
 * `Idempotency-Key` always answer the same payment (a double click or a retry never creates a second one).
 */
export async function createPayment(
  deps: PaymentDeps,
  { bookingId, type, idempotencyKey }: { bookingId: string; type: PayableType; idempotencyKey: string },
): Promise<Payment> {
  const earlier = await repository.findPaymentByKey(deps.db, { payerId: deps.viewer.id, idempotencyKey });
  if (earlier) return replayOf(deps, { existing: earlier, bookingId, type });
  const terms = await payableTerms(deps, { bookingId });
  if (!offersType(type, terms.currency)) {
    throw new DomainError('invalid', { message: 'BECS Direct Debit takes Australian dollars only', code: 'payments.methodUnavailable', details: [{ field: 'type', message: 'validation.invalidPaymentType' }] });
  }
  const amount = paymentAmount({ terms, type, pricing: deps.pricing });
  if (!amount || amount <= 0) throw notAwaitingPayment();
  if (amount > AMOUNT_COLUMN_MAX) throw amountTooLarge();
  const id = crypto.randomUUID();
  // A bank transfer goes to the platform's account, not through the provider: it waits for the money from the start.
  const bankTransfer = paymentMethodOf(type) === 'bank_transfer';
  const registered = bankTransfer ? null : await deps.provider.createPayment({ paymentId: id, bookingId, payerId: deps.viewer.id, amount, currency: terms.currency });
  const now = deps.clock.now();
  const row = await repository.insertPaymentOnce(deps.db, {
    id,
    bookingId,
    payerId: deps.viewer.id,
    type,
    amount,
    currency: terms.currency,
    status: bankTransfer ? 'processing' : 'requires_payment_method',
    provider: bankTransfer ? 'bank_transfer' : deps.provider.name,
    providerRef: registered?.ref ?? null,
    bankReference: bankTransfer ? newBankReference() : null,
    idempotencyKey,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) return replayOf(deps, { existing: (await repository.findPaymentByKey(deps.db, { payerId: deps.viewer.id, idempotencyKey }))!, bookingId, type });
  return { ...presentPayment(deps, { row }), ...(registered?.clientSecret ? { client_secret: registered.clientSecret } : {}) };
}

/**
 * POST /payments/{id}/mark-received: the restaurant side (its seller, or a manager running it) has seen the bank
 * transfer arrive: the payment succeeds, the booking is confirmed and the charge is in the ledger. Marking it again
 * changes nothing; the client and the cause 403, strangers 404; the booking must still be ACCEPTED (409).
 */
export async function markTransferReceived(deps: PaymentDeps, id: string): Promise<Payment> {
  const row = await deps.db.transaction(async (tx) => {
    const payment = await visiblePayment({ ...deps, db: tx }, { paymentId: id, lock: true });
    const terms = await lockedBookingPaymentTerms({ ...deps, db: tx }, bookingIdOf(payment));
    if (terms.side !== 'restaurant') throw notAllowed('Only the restaurant marks a bank transfer received', 'payments.notRestaurant');
    if (payment.type !== 'BANK_DEPOSIT') throw conflict('This payment is not a bank transfer', 'payments.notBankTransfer');
    if (payment.status === 'succeeded') return payment;
    if (terms.status !== 'ACCEPTED') throw notAwaitingPayment();
    return applyOutcome(deps, { tx, payment, outcome: { status: 'succeeded' }, options: { actorUserId: deps.viewer.id } });
  });
  return presentPayment(deps, { row });
}

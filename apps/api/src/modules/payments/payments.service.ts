import type { CardInput, ConnectedAccount, PayableType, Payment, PaymentOptions } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema/index.ts';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import type { SignedInContext } from '../../lib/service-context.ts';
import { bookingPaymentTerms, recordDepositPaid, type BookingModuleDeps, type BookingPaymentTerms } from '../bookings/bookings.service.ts';
import { findConnectedAccountOfUser } from './connected-accounts.repository.ts';
import { postLedgerTransaction } from './ledger.ts';
import type { PaymentProvider, ProviderOutcome } from './providers/index.ts';

export { paymentProviderFor, type PaymentProvider } from './providers/index.ts';
export { seedDemoMoney, type DemoPaidBooking } from './demo-money.ts';
import * as repository from './payments.repository.ts';

/** SPEC.md §7 GET payments/me/connected-account: the viewer's payout account, 404 when there is none. */
export async function getMyConnectedAccount({ db, viewer }: SignedInContext): Promise<ConnectedAccount> {
  const account = await findConnectedAccountOfUser(db, viewer.id);
  if (!account) throw notFound('No connected payout account', 'payments.noConnectedAccount');
  return { id: account.id, provider: account.provider, capabilities: account.capabilities, created_at: account.createdAt.toISOString() };
}

// ---------------------------------------------------------------- paying a booking

/** Pricing of the deployment (DESIGN.md §6; `DEPOSIT_PERCENT`). */
export type PaymentPricing = { depositPercent: number };
/** What the payment functions work with: the signed-in payer, the provider, pricing, and what confirming a booking needs. */
export type PaymentDeps = SignedInContext & BookingModuleDeps & { provider: PaymentProvider; pricing: PaymentPricing };

const paymentNotFound = () => notFound('No such payment among yours', 'payments.notFound');
const notPayer = () => forbidden('Only the booking’s client pays for it', 'payments.notPayer');
const notAwaitingPayment = () => conflict('This booking is not awaiting payment', 'payments.notAwaitingPayment');

/**
 * What each payable type costs for this booking, in its currency's minor unit (rounded half away from zero; every
 * amount is positive). The deposit is DEPOSIT_PERCENT of the menu price × the menu's minimum guests (DESIGN.md §6,
 * docs/decisions.md "Payments"); the total fee is the whole restaurant cost, menu price × guests booked.
 */
export function paymentAmount(terms: Pick<BookingPaymentTerms, 'menuPrice' | 'menuMinGuests' | 'guests'>, type: PayableType, pricing: PaymentPricing): number | null {
  if (terms.menuPrice === null || terms.menuMinGuests === null || terms.guests === null) return null;
  if (type === 'CREDIT_CARD_TOTAL_FEE') return terms.menuPrice * terms.guests;
  return Math.round((terms.menuPrice * terms.menuMinGuests * pricing.depositPercent) / 100);
}

/** The booking's terms for its payer, ACCEPTED (404 not a party, 403 not the client, 409 not awaiting payment). */
async function payableTerms(deps: Pick<PaymentDeps, 'db' | 'viewer'>, bookingId: string, options: { lock?: boolean } = {}) {
  const terms = await bookingPaymentTerms(deps, bookingId, options);
  if (terms.side !== 'client') throw notPayer();
  if (terms.status !== 'ACCEPTED' || terms.currency === null) throw notAwaitingPayment();
  return { ...terms, currency: terms.currency };
}

/** `refunded`: the sum of the payment's refunds (a payment being created or confirmed has none yet). */
function presentPayment(row: PaymentRow, refunded = 0): Payment {
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
    created_at: row.createdAt.toISOString(),
  };
}

/** The payment page: each type the payer may pay now with its amount. */
export async function getPaymentOptions(deps: PaymentDeps, bookingId: string): Promise<PaymentOptions> {
  const terms = await payableTerms(deps, bookingId);
  const options = (['CREDIT_CARD_DEPOSIT', 'CREDIT_CARD_TOTAL_FEE'] as const).flatMap((type) => {
    const amount = paymentAmount(terms, type, deps.pricing);
    return amount && amount > 0 ? [{ type, amount }] : [];
  });
  return { booking_id: terms.id, currency: terms.currency, deposit_percent: deps.pricing.depositPercent, options };
}

/** The same payer's earlier create with this key: that payment, or 409 when the key was used for something else. */
async function replayOf(db: Executor, existing: PaymentRow, bookingId: string, type: PayableType): Promise<Payment> {
  if (existing.bookingId !== bookingId || existing.type !== type) {
    throw conflict('This Idempotency-Key was already used for another payment', 'payments.idempotencyKeyReused');
  }
  return presentPayment(existing, await repository.refundedAmount(db, existing.id));
}

/**
 * POST /bookings/{id}/payments: registers a payment of the server's amount with the provider. The same payer and
 * `Idempotency-Key` always answer the same payment (a double click or a retry never creates a second one).
 */
export async function createPayment(deps: PaymentDeps, bookingId: string, type: PayableType, idempotencyKey: string): Promise<Payment> {
  const earlier = await repository.findPaymentByKey(deps.db, deps.viewer.id, idempotencyKey);
  if (earlier) return replayOf(deps.db, earlier, bookingId, type);
  const terms = await payableTerms(deps, bookingId);
  const amount = paymentAmount(terms, type, deps.pricing);
  if (!amount || amount <= 0) throw notAwaitingPayment();
  const id = crypto.randomUUID();
  const registered = await deps.provider.createPayment({ paymentId: id, amount, currency: terms.currency });
  const now = deps.clock.now();
  const row = await repository.insertPaymentOnce(deps.db, {
    id,
    bookingId,
    payerId: deps.viewer.id,
    type,
    amount,
    currency: terms.currency,
    status: 'requires_payment_method',
    provider: deps.provider.name,
    providerRef: registered.ref,
    idempotencyKey,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) return replayOf(deps.db, (await repository.findPaymentByKey(deps.db, deps.viewer.id, idempotencyKey))!, bookingId, type);
  return { ...presentPayment(row), ...(registered.clientSecret ? { client_secret: registered.clientSecret } : {}) };
}

/** The payment for a viewer allowed to see it: the payer, or a party of its booking; anyone else 404. */
async function visiblePayment(deps: Pick<PaymentDeps, 'db' | 'viewer'>, id: string, options: { lock?: boolean } = {}): Promise<PaymentRow> {
  const row = await repository.findPayment(deps.db, id, options);
  if (!row) throw paymentNotFound();
  if (row.payerId === deps.viewer.id) return row;
  try {
    await bookingPaymentTerms(deps, row.bookingId);
  } catch (error) {
    // Not a party to its booking: the payment does not exist for this viewer.
    throw error instanceof HttpError && error.statusCode === 404 ? paymentNotFound() : error;
  }
  return row;
}

/** GET /payments/{id}: with what was refunded of it. */
export async function getPayment(deps: PaymentDeps, id: string): Promise<Payment> {
  const row = await visiblePayment(deps, id);
  return presentPayment(row, await repository.refundedAmount(deps.db, row.id));
}

/**
 * Records what the provider answered, in the caller's transaction: success confirms the booking (ACCEPTED →
 * CONFIRMED) and writes the charge to the ledger (payer → platform holding) with the payment's new status.
 */
async function applyOutcome(deps: PaymentDeps, tx: Executor, payment: PaymentRow, outcome: ProviderOutcome, confirmKey?: string): Promise<PaymentRow> {
  const now = deps.clock.now();
  const common = { updatedAt: now, ...(confirmKey ? { confirmKey } : {}) };
  if (outcome.status === 'failed') return repository.updatePayment(tx, payment.id, { ...common, status: 'failed', failureCode: outcome.failureCode, failureMessage: outcome.failureMessage });
  if (outcome.status !== 'succeeded') return repository.updatePayment(tx, payment.id, { ...common, status: outcome.status, failureCode: null, failureMessage: null });
  await recordDepositPaid({ ...deps, db: tx }, payment.bookingId);
  await postLedgerTransaction(tx, {
    kind: 'charge',
    paymentId: payment.id,
    bookingId: payment.bookingId,
    createdAt: now,
    legs: [
      { account: { ownerId: payment.payerId, purpose: 'payer', currency: payment.currency }, amount: -payment.amount },
      { account: { ownerId: null, purpose: 'platform_holding', currency: payment.currency }, amount: payment.amount },
    ],
  });
  return repository.updatePayment(tx, payment.id, { ...common, status: 'succeeded', failureCode: null, failureMessage: null });
}

/**
 * One step on a payment, serialized: the payment row is locked (concurrent confirms queue), then the booking (a second
 * payment of the same booking waits and then finds it no longer ACCEPTED). Only the payer; others 404 or 403.
 */
async function stepPayment(deps: PaymentDeps, id: string, step: (tx: Executor, payment: PaymentRow) => Promise<PaymentRow>): Promise<Payment> {
  return deps.db.transaction(async (tx) => {
    const payment = await visiblePayment({ ...deps, db: tx }, id, { lock: true });
    if (payment.payerId !== deps.viewer.id) throw notPayer();
    const stepped = await step(tx, payment);
    return presentPayment(stepped, await repository.refundedAmount(tx, stepped.id));
  });
}

/**
 * POST /payments/{id}/confirm: charges the card. A succeeded (or processing) payment answers as it is and charges
 * nothing; a replay of the last confirm's Idempotency-Key answers that confirm's result; a failed one may be retried
 * with another card; one waiting for its extra step is 409. The booking must still be ACCEPTED (409).
 */
export async function confirmPayment(deps: PaymentDeps, id: string, card: CardInput, confirmKey?: string): Promise<Payment> {
  return stepPayment(deps, id, async (tx, payment) => {
    if (payment.status === 'succeeded' || payment.status === 'processing') return payment;
    if (confirmKey && payment.confirmKey === confirmKey) return payment;
    if (payment.status === 'requires_action') throw conflict('Complete the extra confirmation step first', 'payments.actionRequired');
    await payableTerms({ ...deps, db: tx }, payment.bookingId, { lock: true });
    const outcome = await deps.provider.confirmCard({ paymentId: payment.id, ref: payment.providerRef ?? '', card, now: deps.clock.now() });
    return applyOutcome(deps, tx, payment, outcome, confirmKey);
  });
}

/**
 * POST /payments/{id}/action (the local provider's `/intermediary/{id}` page): the payer approves or fails the extra
 * step. Answering a payment no longer waiting for it changes nothing.
 */
export async function completePaymentAction(deps: PaymentDeps, id: string, approved: boolean): Promise<Payment> {
  return stepPayment(deps, id, async (tx, payment) => {
    if (payment.status !== 'requires_action') return payment;
    await payableTerms({ ...deps, db: tx }, payment.bookingId, { lock: true });
    const outcome = await deps.provider.completeAction({ paymentId: payment.id, ref: payment.providerRef ?? '', approved });
    return applyOutcome(deps, tx, payment, outcome);
  });
}

import { randomInt } from 'node:crypto';
import { z } from 'zod';
import {
  AMOUNT_COLUMN_MAX,
  PAYABLE_TYPES,
  paymentMethodOf,
  type ConnectedAccount,
  type OpenPayments,
  type PayableType,
  type Payment,
  type PaymentConfirmInput,
  type PaymentOptions,
  type PaymentReceipt,
} from '@goodtable/shared';
import { outsideAfterCommitScope } from '../../db/after-commit.ts';
import type { Executor } from '../../db/client.ts';
import { perDatabaseHandle } from '../../db/prepared-query.ts';
import type { DonationRow, PaymentRow, TicketCheckoutRow } from '../../db/schema/index.ts';
import { conflict, DomainError, invalidInput, isDomainError, notAllowed, notFound, notSignedIn } from '../../lib/domain-errors.ts';
import type { ServiceContext, SignedInContext } from '../../lib/service-context.ts';
import {
  bookingMoneyTerms,
  bookingPaymentTerms,
  setDepositDeadlinePaused,
  recordDepositPaid,
  type BookingModuleDeps,
  type BookingPaymentTerms,
} from '../bookings/bookings.service.ts';
import type { CauseShareReader } from '../events/events.service.ts';
import { listRestaurantManagerIds } from '../managers/managers.service.ts';
import { notifyPayment } from '../notifications/notifications.service.ts';
import { findConnectedAccountOfUser } from './connected-accounts.repository.ts';
import { postLedgerTransaction, postLedgerTransactions, type LedgerMovement } from './ledger.ts';
import { presentConnectedAccount } from './payout-accounts.ts';
import { recordBalanceChargeAnswer, refundLatePayment, settlementPlan, ticketIncome } from './booking-money.ts';
import { finishSales, holdForPayment, lockCheckoutsOfPayments, sellCheckouts, type TicketDeps } from '../tickets/tickets.service.ts';
import { paymentPort } from './payment-port.ts';
import { keyedBatches, type BatchOutcome } from '../../lib/keyed-batches.ts';
import { directDonationRecipient, donationOfPayment, recordDonationPaid } from '../donations/donations.service.ts';
import { findReceiptDetails } from './payment-lists.repository.ts';
import { enqueuePaymentReceiptEmail } from './payment-receipts.ts';
import { recordWebhookEventOnce } from './stripe.repository.ts';
import type { PaymentProvider, ProviderOutcome } from './providers/index.ts';

export { paymentProviderFor, type PaymentProvider } from './providers/index.ts';
export { paymentPort } from './payment-port.ts';
export { recordDemoTicketSale, seedDemoMoney, type DemoPaidBooking, type DemoTicketSale } from './demo-money.ts';
export { checkLedger, type LedgerCheckReport } from './ledger.ts';
import * as repository from './payments.repository.ts';

/**
 * GET payments/me/connected-account: the viewer's payout account, or null when there is none. Having no account
 * is an ordinary state (every manager, most new sellers and causes), so it is an answer, not an error.
 */
export async function getMyConnectedAccount({ db, viewer }: SignedInContext): Promise<ConnectedAccount | null> {
  const account = await findConnectedAccountOfUser(db, viewer.id);
  return account ? presentConnectedAccount(account) : null;
}

// ---------------------------------------------------------------- paying a booking

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
function bookingIdOf(payment: Pick<PaymentRow, 'bookingId'>): string {
  if (payment.bookingId === null) throw conflict('This payment belongs to no booking', 'payments.noBooking');
  return payment.bookingId;
}

const paymentNotFound = () => notFound('No such payment among yours', 'payments.notFound');
const notPayer = () => notAllowed('Only the booking’s client pays for it', 'payments.notPayer');
const notAwaitingPayment = () => conflict('This booking is not awaiting payment', 'payments.notAwaitingPayment');
/** A booking of a menu priced before the menus' bounds (docs/decisions/0111-amount-bounds.md) may cost more than a payment holds. */
const amountTooLarge = () => conflict('This booking costs more than one payment can hold: the restaurant must lower its menu’s price', 'payments.amountTooLarge');

/**
 * What each payable type costs for this booking, in its currency's minor unit (rounded half away from zero; every
 * amount is positive). The deposit is DEPOSIT_PERCENT of the menu price × the menu's minimum guests (docs/product.md, Money,
 * docs/decisions/0062-deposit-and-total-fee.md); the total fee is the whole restaurant cost, menu price × guests booked.
 */
export function paymentAmount(terms: Pick<BookingPaymentTerms, 'menuPrice' | 'menuMinGuests' | 'guests'>, type: PayableType, pricing: PaymentPricing): number | null {
  if (terms.menuPrice === null || terms.menuMinGuests === null || terms.guests === null) return null;
  if (type === 'CREDIT_CARD_TOTAL_FEE' || type === 'BECS_DEBIT_TOTAL_FEE') return terms.menuPrice * terms.guests;
  return Math.round((terms.menuPrice * terms.menuMinGuests * pricing.depositPercent) / 100);
}

/** The booking's terms for its payer, ACCEPTED (404 not a party, 403 not the client, 409 not awaiting payment). */
async function payableTerms(deps: Pick<PaymentDeps, 'db' | 'viewer'>, bookingId: string, options: { lock?: boolean } = {}) {
  const terms = await bookingPaymentTerms(deps, bookingId, options);
  if (terms.side !== 'client') throw notPayer();
  if (terms.status !== 'ACCEPTED' || terms.currency === null) throw notAwaitingPayment();
  return { ...terms, currency: terms.currency };
}

/** BECS Direct Debit debits Australian bank accounts: AUD bookings only. */
const offersType = (type: PayableType, currency: string) => paymentMethodOf(type) !== 'becs' || currency === 'AUD';

/** Where a bank transfer of this payment goes: the platform's account for its currency, and its reference. */
function bankTransferOf(bank: BankTransferAccounts, row: PaymentRow): Payment['bank_transfer'] {
  if (!row.bankReference) return undefined;
  const common = { account_name: bank.accountName, reference: row.bankReference };
  if (row.currency === 'VND') return { ...common, bank_name: bank.vnd.bankName, account_number: bank.vnd.accountNumber };
  return { ...common, bank_name: bank.aud.bankName, bsb: bank.aud.bsb, account_number: bank.aud.accountNumber };
}

/** `refunded`: the sum of the payment's refunds (a payment being created or confirmed has none yet). */
function presentPayment(deps: Pick<PaymentModuleDeps, 'bankTransfer'>, row: PaymentRow, refunded = 0): Payment {
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

/** The payment page: each type the payer may pay now with its amount. */
export async function getPaymentOptions(deps: PaymentDeps, bookingId: string): Promise<PaymentOptions> {
  const terms = await payableTerms(deps, bookingId);
  const options = PAYABLE_TYPES.filter((type) => offersType(type, terms.currency)).flatMap((type) => {
    const amount = paymentAmount(terms, type, deps.pricing);
    return amount && amount > 0 && amount <= AMOUNT_COLUMN_MAX ? [{ type, amount }] : [];
  });
  return { booking_id: terms.id, currency: terms.currency, deposit_percent: deps.pricing.depositPercent, options };
}

/** The same payer's earlier create with this key: that payment, or 409 when the key was used for something else. */
async function replayOf(deps: Pick<PaymentDeps, 'bankTransfer' | 'db'>, existing: PaymentRow, bookingId: string, type: PayableType): Promise<Payment> {
  if (existing.bookingId !== bookingId || existing.type !== type) {
    throw conflict('This Idempotency-Key was already used for another payment', 'payments.idempotencyKeyReused');
  }
  return presentPayment(deps, existing, await repository.refundedAmount(deps.db, existing.id));
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
export async function createPayment(deps: PaymentDeps, bookingId: string, type: PayableType, idempotencyKey: string): Promise<Payment> {
  const earlier = await repository.findPaymentByKey(deps.db, deps.viewer.id, idempotencyKey);
  if (earlier) return replayOf(deps, earlier, bookingId, type);
  const terms = await payableTerms(deps, bookingId);
  if (!offersType(type, terms.currency)) {
    throw invalidInput('BECS Direct Debit takes Australian dollars only', 'payments.methodUnavailable', [{ field: 'type', message: 'validation.invalidPaymentType' }]);
  }
  const amount = paymentAmount(terms, type, deps.pricing);
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
  if (!row) return replayOf(deps, (await repository.findPaymentByKey(deps.db, deps.viewer.id, idempotencyKey))!, bookingId, type);
  return { ...presentPayment(deps, row), ...(registered?.clientSecret ? { client_secret: registered.clientSecret } : {}) };
}

/** What a call on a payment may come with: a signed-in viewer, or nobody (a guest's ticket payment). */
export type PaymentCallerDeps = ServiceContext & PaymentModuleDeps;

/**
 * The payment for a viewer allowed to see it: the payer, or a party of its booking; anyone else 404. A guest's ticket
 * payment (no payer) is reached by its unguessable id alone, signed in or not; for any other payment a caller who is
 * not signed in gets 401, whether it exists or not (as before guests could pay).
 */
async function visiblePayment(deps: Pick<ServiceContext, 'db' | 'viewer'>, id: string, options: { lock?: boolean } = {}): Promise<PaymentRow> {
  const row = await repository.findPayment(deps.db, id, options);
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

/** GET /payments/{id}: with what was refunded of it. */
export async function getPayment(deps: PaymentCallerDeps, id: string): Promise<Payment> {
  const row = await visiblePayment(deps, id);
  return presentPayment(deps, row, await repository.refundedAmount(deps.db, row.id));
}

/** GET /bookings/{id}/open-payments: the booking's payments in flight, for its parties (strangers 404). */
export async function listOpenPayments(deps: PaymentDeps, bookingId: string): Promise<OpenPayments> {
  await bookingPaymentTerms(deps, bookingId);
  const rows = await repository.findProcessingPaymentsOfBooking(deps.db, bookingId);
  return { data: rows.map((row) => presentPayment(deps, row)) };
}

/**
 * Tells of a payment's outcome in `tx` (docs/decisions/0077-money-notifications.md): the payer, and for a success the
 * restaurant side (its seller and every manager and sub-manager running it) but not `actorUserId`.
 */
/** Whether a payment is the booking's own (deposit, total fee, balance), made by its client: not a ticket or a gift. */
function paysForBooking(payment: PaymentRow): payment is PaymentRow & { bookingId: string; payerId: string } {
  return payment.payerId !== null && payment.bookingId !== null && payment.type !== 'CREDIT_CARD_TICKETS' && payment.type !== 'CREDIT_CARD_DONATION';
}

async function tellPaymentOutcome(
  deps: Pick<PaymentSystemDeps, 'live' | 'clock' | 'mailer' | 'email'>,
  tx: Executor,
  payment: PaymentRow,
  notice: { outcome: 'succeeded' | 'failed'; confirmed: boolean; actorUserId: string | null },
): Promise<void> {
  // Ticket buyers have no account to notify (their page shows the outcome); the restaurant side hears of ticket sales
  // through the ticket milestones instead of one notice per buyer.
  if (!paysForBooking(payment)) return;
  const restaurantId = notice.outcome === 'succeeded' ? (await bookingMoneyTerms(tx, payment.bookingId)).restaurantOwnerId : null;
  const restaurantTeam = restaurantId ? await listRestaurantManagerIds(tx, restaurantId) : [];
  await notifyPayment({ live: deps.live, clock: deps.clock, mailer: deps.mailer, publicUrl: deps.email.publicUrl }, { payment, ...notice, restaurantTeam }, tx);
}

/** A succeeded payment's charge in the ledger: from its payer into platform holding. */
function chargeMovement(payment: PaymentRow, now: Date): LedgerMovement {
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

/** What the tickets module needs to sell: these deps and the payments side of a ticket payment. */
function ticketDepsOf(deps: PaymentSystemDeps): TicketDeps {
  return { ...deps, payments: paymentPort(deps.provider) };
}

/**
 * Guests' ticket payments the provider accepted, in the caller's transaction: `applyOutcome`'s success for a sale,
 * for a whole batch at once. The checkouts are paid and their tickets issued (`sellCheckouts`), each charge goes to
 * the ledger, the payments succeed, and the events' counters move (`finishSales`); a statement each, whatever the
 * batch's size. A buyer has no account: no notice and no payment receipt (the tickets email is the receipt).
 */
async function applyTicketSales(deps: PaymentSystemDeps, tx: Executor, sales: TicketSale[]): Promise<PaymentRow[]> {
  const now = deps.clock.now();
  const ticketDeps = ticketDepsOf(deps);
  await sellCheckouts(
    ticketDeps,
    tx,
    sales.map((sale) => sale.checkout),
  );
  await postLedgerTransactions(
    tx,
    sales.map((sale) => chargeMovement(sale.payment, now)),
  );
  const succeeded = await repository.markPaymentsSucceeded(
    tx,
    sales.map((sale) => ({ id: sale.payment.id, confirmKey: sale.confirmKey })),
    now,
  );
  await finishSales(
    ticketDeps,
    tx,
    sales.map((sale) => sale.checkout),
  );
  return sales.map((sale) => succeeded.get(sale.payment.id)!);
}

/**
 * Records what the provider answered, in the caller's transaction: success confirms the booking (ACCEPTED →
 * CONFIRMED) and writes the charge to the ledger (payer → platform holding) with the payment's new status. Both a
 * success and a failure are told (`tellPaymentOutcome`) in the same transaction. `confirmBooking` answers whether the
 * booking was confirmed (a debit clearing after a cancellation confirms nothing).
 */
async function applyOutcome(
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
    if (payment.status === 'processing') await setDepositDeadlinePaused({ ...deps, db: tx }, bookingIdOf(payment), false);
    const failed = await repository.updatePayment(tx, payment.id, { ...common, ...notProcessing, status: 'failed', failureCode: outcome.failureCode, failureMessage: outcome.failureMessage });
    await tellPaymentOutcome(deps, tx, failed, { outcome: 'failed', confirmed: false, actorUserId });
    return failed;
  }
  if (outcome.status === 'processing') {
    // The deposit is on its way: the deadline pass must not cancel the booking before the debit clears.
    await setDepositDeadlinePaused({ ...deps, db: tx }, bookingIdOf(payment), true);
    const updated = await repository.updatePayment(tx, payment.id, {
      ...common,
      status: 'processing',
      processingUntil: outcome.until,
      providerState: outcome.state ?? null,
      failureCode: null,
      failureMessage: null,
    });
    await enqueueResolution(deps, tx, updated);
    return updated;
  }
  if (outcome.status !== 'succeeded') return repository.updatePayment(tx, payment.id, { ...common, status: outcome.status, failureCode: null, failureMessage: null });
  const confirmBooking =
    options.confirmBooking ??
    (async (inner: Executor) => {
      await recordDepositPaid({ ...deps, db: inner }, bookingIdOf(payment));
      return true;
    });
  // A ticket sale or a donation answers nothing: it confirms no booking.
  const confirmed = (await confirmBooking(tx)) === true;
  await postLedgerTransaction(tx, chargeMovement(payment, now));
  const succeeded = await repository.updatePayment(tx, payment.id, { ...common, ...notProcessing, status: 'succeeded', failureCode: null, failureMessage: null });
  await tellPaymentOutcome(deps, tx, succeeded, { outcome: 'succeeded', confirmed, actorUserId });
  // A ticket buyer's receipt goes with the tickets (sellCheckout).
  // A donor's receipt is the donation receipt (recordDonationPaid).
  if (succeeded.payerId !== null && succeeded.type !== 'CREDIT_CARD_DONATION') await enqueuePaymentReceiptEmail({ mailer: deps.mailer, publicUrl: deps.email.publicUrl }, tx, succeeded);
  return succeeded;
}

/**
 * GET /payments/{id}/receipt: a succeeded payment's receipt for the payer or a party of its booking (others 404; a
 * payment that has not succeeded has no receipt: 409).
 */
export async function getPaymentReceipt(deps: PaymentDeps, id: string): Promise<PaymentReceipt> {
  const payment = await visiblePayment(deps, id);
  if (payment.status !== 'succeeded') throw conflict('Only a succeeded payment has a receipt', 'payments.noReceipt');
  const details = (await findReceiptDetails(deps.db, payment.id))!;
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    payment: presentPayment(deps, payment, Number(details.refunded)),
    paid_at: iso(details.paid_at ?? payment.updatedAt),
    refunded: Number(details.refunded),
    payer: { first_name: details.payer_first_name, last_name: details.payer_last_name, email: details.payer_email },
    booking: { id: bookingIdOf(payment), title: details.booking_title, date: details.booking_date === null ? null : iso(details.booking_date), guests: details.booking_guests },
    restaurant: details.restaurant_id
      ? { id: details.restaurant_id, name: details.restaurant_name, address: details.restaurant_address, city: details.restaurant_city, timezone: details.restaurant_timezone ?? 'UTC' }
      : null,
    cause: details.cause_id && details.cause_name !== null ? { id: details.cause_id, name: details.cause_name } : null,
  };
}

/** The job that asks the provider how a processing payment ended, due when the provider expects to know. */
async function enqueueResolution(deps: Pick<PaymentModuleDeps, 'jobs'>, tx: Executor, payment: PaymentRow): Promise<void> {
  // Keyed by the attempt's due time: a failed debit confirmed again with another account gets its own job.
  await deps.jobs.enqueue(
    { kind: 'payments.resolve-processing', payload: { payment_id: payment.id }, runAt: payment.processingUntil!, dedupeKey: `payments.resolve-processing:${payment.id}:${payment.processingUntil!.toISOString()}` },
    tx,
  );
}

/**
 * One step on a payment, serialized: the payment row is locked (concurrent confirms queue), then the booking (a second
 * payment of the same booking waits and then finds it no longer ACCEPTED). Only the payer; others 404 or 403.
 */
async function stepPayment(deps: PaymentCallerDeps, id: string, step: (tx: Executor, payment: PaymentRow) => Promise<PaymentRow>): Promise<Payment> {
  return deps.db.transaction(async (tx) => {
    const payment = await visiblePayment({ ...deps, db: tx }, id, { lock: true });
    if (payment.payerId !== null && payment.payerId !== deps.viewer?.id) throw notPayer();
    const stepped = await step(tx, payment);
    // Only a succeeded payment is ever refunded, and no step refunds: one that had not succeeded before has none.
    return presentPayment(deps, stepped, payment.status === 'succeeded' ? await repository.refundedAmount(tx, stepped.id) : 0);
  });
}

/**
 * POST /payments/{id}/confirm: charges the card. A succeeded (or processing) payment answers as it is and charges
 * nothing; a replay of the last confirm's Idempotency-Key answers that confirm's result; a failed one may be retried
 * with another card; one waiting for its extra step is 409. The booking must still be ACCEPTED (409).
 */
export async function confirmPayment(deps: PaymentCallerDeps, id: string, input: PaymentConfirmInput, confirmKey?: string): Promise<Payment> {
  // A guest's card: a ticket payment is confirmed in a batch with the others arriving with it (null: not a ticket
  // payment, confirmed below as it always was).
  if (!deps.viewer && input.card && !input.becs) {
    const confirmed = await guestConfirmBatchesOf(deps).submit(GUEST_CARD_CONFIRMS, { id, card: input.card, confirmKey });
    if (confirmed) return confirmed;
  }
  return stepPayment(deps, id, async (tx, payment) => {
    if (payment.type === 'CREDIT_CARD_TICKETS') return confirmTicketPayment(deps, { tx, payment, input, confirmKey });
    if (payment.type === 'CREDIT_CARD_DONATION') return confirmDonationPayment(deps, { tx, payment, input, confirmKey });
    const method = paymentMethodOf(payment.type as PayableType);
    if (method === 'bank_transfer') throw conflict('A bank transfer is paid from the payer’s bank, not confirmed here', 'payments.bankTransferNotConfirmed');
    if (payment.status === 'succeeded' || payment.status === 'processing') return payment;
    if (confirmKey && payment.confirmKey === confirmKey) return payment;
    if (payment.status === 'requires_action') throw conflict('Complete the extra confirmation step first', 'payments.actionRequired');
    const given = input.becs ? 'becs' : 'card';
    if (given !== method) throw invalidInput(`This payment takes ${method === 'becs' ? 'a bank account' : 'a card'}`, 'payments.wrongMethod', [{ field: method, message: 'validation.required' }]);
    await payableTerms({ db: tx, viewer: deps.viewer! }, bookingIdOf(payment), { lock: true });
    // A debit already in flight for this booking may still clear: paying again now could charge twice.
    if ((await repository.findProcessingPaymentsOfBooking(tx, bookingIdOf(payment))).some((other) => paymentMethodOf(other.type as PayableType) === 'becs')) {
      throw conflict('A bank debit for this booking is still processing', 'payments.debitProcessing');
    }
    const now = deps.clock.now();
    const ref = payment.providerRef ?? '';
    if (input.becs) {
      const outcome = await deps.provider.confirmBecs({ paymentId: payment.id, ref, becs: input.becs, now });
      return applyOutcome(deps, { tx, payment, outcome, options: { confirmKey, bankAccount: { bsb: input.becs.bsb, last4: input.becs.account_number.slice(-4) } } });
    }
    const outcome = await deps.provider.confirmCard({ paymentId: payment.id, ref, card: input.card!, now });
    return applyOutcome(deps, { tx, payment, outcome, options: { confirmKey } });
  });
}

type GuestCardConfirm = { id: string; card: NonNullable<PaymentConfirmInput['card']>; confirmKey?: string | undefined };
const GUEST_CARD_CONFIRMS = 'guest-card-confirms';
/** At most this many confirms in one transaction. */
const MAX_CONFIRM_BATCH = 64;
/** Guests' card confirms are written in batches per database handle (one per app instance). */
const guestConfirmBatchesOf = perDatabaseHandle((deps: PaymentCallerDeps) =>
  keyedBatches<GuestCardConfirm, Payment | null>((_key, confirms) => outsideAfterCommitScope(() => confirmGuestTicketPayments(deps, confirms)), { maxBatch: MAX_CONFIRM_BATCH }),
);

/**
 * Guests' card confirms that arrived together, in one transaction (group commit, as their checkouts' holds): their
 * payments are locked in one statement (in id order) and their checkouts in another, each ticket payment is checked
 * and charged as `confirmTicketPayment` does, and the sales among them are written by one `applyTicketSales`. A
 * payment that is not a ticket payment (a guest's donation), or that comes twice in the batch, answers null and is
 * confirmed on its own after this transaction; one refused (409, 400) is refused alone, before anything of it is
 * written.
 */
async function confirmGuestTicketPayments(deps: PaymentCallerDeps, confirms: GuestCardConfirm[]): Promise<BatchOutcome<Payment | null>[]> {
  return deps.db.transaction(async (tx) => {
    const outcomes: BatchOutcome<Payment | null>[] = confirms.map(() => ({ ok: true, value: null }));
    const locked = new Map((await repository.lockPayments(tx, [...new Set(confirms.map((confirm) => confirm.id))])).map((row) => [row.id, row]));
    const ticketPayments = [...locked.values()].filter((row) => row.type === 'CREDIT_CARD_TICKETS' && row.payerId === null);
    const checkouts = new Map((await lockCheckoutsOfPayments(tx, ticketPayments.map((row) => row.id))).map((row) => [row.paymentId, row]));
    const seen = new Set<string>();
    const sales: (TicketSale & { index: number })[] = [];
    for (const [index, confirm] of confirms.entries()) {
      const payment = locked.get(confirm.id);
      // As `visiblePayment` answers a caller who is not signed in.
      if (!payment || payment.payerId !== null) {
        outcomes[index] = { ok: false, error: notSignedIn() };
        continue;
      }
      if (payment.type !== 'CREDIT_CARD_TICKETS' || seen.has(payment.id)) continue;
      seen.add(payment.id);
      try {
        const charged = await chargeTicketPayment(deps, { tx, payment, card: confirm.card, confirmKey: confirm.confirmKey, checkout: checkouts.get(payment.id) });
        if ('sale' in charged) sales.push({ ...charged.sale, index });
        else outcomes[index] = { ok: true, value: presentPayment(deps, charged.answer, payment.status === 'succeeded' ? await repository.refundedAmount(tx, payment.id) : 0) };
      } catch (error) {
        // A refusal (409, 400) is thrown before anything of its payment is written: the others go on.
        if (!(error instanceof DomainError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    }
    if (sales.length > 0) {
      const sold = await applyTicketSales(deps, tx, sales);
      sales.forEach((sale, at) => (outcomes[sale.index] = { ok: true, value: presentPayment(deps, sold[at]!, 0) }));
    }
    return outcomes;
  });
}

/**
 * Confirming a guest's ticket payment (card only): its checkout must still hold the tickets, or hold them again if the
 * hold expired meanwhile and enough are left (409 `tickets.holdExpired` otherwise, the card untouched). Success sells
 * the tickets in the same transaction as the charge.
 */
async function confirmTicketPayment(deps: PaymentCallerDeps, { tx, payment, input, confirmKey }: { tx: Executor; payment: PaymentRow; input: PaymentConfirmInput; confirmKey?: string }): Promise<PaymentRow> {
  const charged = await chargeTicketPayment(deps, { tx, payment, card: input.card, confirmKey });
  return 'sale' in charged ? (await applyTicketSales(deps, tx, [charged.sale]))[0]! : charged.answer;
}

type TicketSale = { payment: PaymentRow; checkout: TicketCheckoutRow; confirmKey?: string | undefined };

/**
 * A ticket payment's confirm up to its sale (the payment locked by the caller): one already succeeded, processing or
 * confirmed with this Idempotency-Key answers as it is; one waiting for its extra step is 409; otherwise its checkout
 * must hold the tickets (`holdForPayment`; `checkout` when the caller locked it already) and the card is charged. A
 * refusal writes nothing. A sale is returned for the caller to write with others (`applyTicketSales`); any other
 * answer of the provider is recorded here.
 */
async function chargeTicketPayment(
  deps: PaymentSystemDeps,
  { tx, payment, card, confirmKey, checkout }: { tx: Executor; payment: PaymentRow; card: PaymentConfirmInput['card']; confirmKey?: string; checkout?: TicketCheckoutRow },
): Promise<{ answer: PaymentRow } | { sale: TicketSale }> {
  if (payment.status === 'succeeded' || payment.status === 'processing') return { answer: payment };
  if (confirmKey && payment.confirmKey === confirmKey) return { answer: payment };
  if (payment.status === 'requires_action') throw conflict('Complete the extra confirmation step first', 'payments.actionRequired');
  if (!card) throw invalidInput('This payment takes a card', 'payments.wrongMethod', [{ field: 'card', message: 'validation.required' }]);
  const holding = checkout?.status === 'held' ? checkout : await holdForPayment(ticketDepsOf(deps), tx, payment, { approving: true });
  const outcome = await deps.provider.confirmCard({ paymentId: payment.id, ref: payment.providerRef ?? '', card, now: deps.clock.now() });
  if (outcome.status === 'succeeded') return { sale: { payment, checkout: holding, confirmKey } };
  return { answer: await applyOutcome(deps, { tx, payment, outcome, options: confirmKey ? { confirmKey } : {} }) };
}

/** What the provider answered for a ticket payment: a sale (`applyTicketSales`), or the payment's new status. */
async function applyTicketOutcome(deps: PaymentSystemDeps, { tx, payment, checkout, outcome, confirmKey }: { tx: Executor; payment: PaymentRow; checkout: TicketCheckoutRow; outcome: ProviderOutcome; confirmKey?: string }): Promise<PaymentRow> {
  if (outcome.status === 'succeeded') return (await applyTicketSales(deps, tx, [{ payment, checkout, confirmKey }]))[0]!;
  return applyOutcome(deps, { tx, payment, outcome, options: confirmKey ? { confirmKey } : {} });
}

/**
 * Confirming a donation's card payment, signed in or not: an event's donation needs the event still
 * CONFIRMED (409 `donations.eventClosed`, the card untouched). Success marks it paid in the charge's transaction, and
 * a donation without an event is credited to its cause at once.
 */
async function confirmDonationPayment(deps: PaymentCallerDeps, { tx, payment, input, confirmKey }: { tx: Executor; payment: PaymentRow; input: PaymentConfirmInput; confirmKey?: string }): Promise<PaymentRow> {
  if (payment.status === 'succeeded' || payment.status === 'processing') return payment;
  if (confirmKey && payment.confirmKey === confirmKey) return payment;
  if (payment.status === 'requires_action') throw conflict('Complete the extra confirmation step first', 'payments.actionRequired');
  if (!input.card) throw invalidInput('This payment takes a card', 'payments.wrongMethod', [{ field: 'card', message: 'validation.required' }]);
  const donation = await donationOfPayment(tx, payment.id);
  const outcome = await deps.provider.confirmCard({ paymentId: payment.id, ref: payment.providerRef ?? '', card: input.card, now: deps.clock.now() });
  return applyDonationOutcome(deps, { tx, payment, outcome, donation, confirmKey });
}

async function applyDonationOutcome(deps: PaymentSystemDeps, { tx, payment, outcome, donation, confirmKey }: { tx: Executor; payment: PaymentRow; outcome: ProviderOutcome; donation: Awaited<ReturnType<typeof donationOfPayment>>; confirmKey?: string }) {
  const donationDeps = { ...deps, email: { publicUrl: deps.email.publicUrl } };
  const result = await applyOutcome(deps, { tx, payment, outcome, options: { ...(confirmKey ? { confirmKey } : {}), confirmBooking: (inner) => recordDonationPaid(donationDeps, inner, donation) } });
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

/**
 * The `payments.resolve-processing` job, in its transaction: asks the provider how a processing debit ended. Success
 * confirms the booking like a card does; failure leaves it ACCEPTED with the reason. A debit that clears after its
 * booking left ACCEPTED (cancelled meanwhile) is recorded (the money did move) and refunded at once. Anything but a
 * processing debit is left alone (ran twice, or already answered).
 */
export async function resolveProcessingPayment(deps: PaymentSystemDeps, paymentId: string): Promise<void> {
  const payment = await repository.findPayment(deps.db, paymentId, { lock: true });
  if (!payment || payment.status !== 'processing' || paymentMethodOf(payment.type as PayableType) !== 'becs') return;
  const now = deps.clock.now();
  const outcome = await deps.provider.retrieve({ paymentId, ref: payment.providerRef ?? '', state: payment.providerState ?? null, now });
  // Not known yet (the provider is late): the job's retry asks again.
  if (outcome.status === 'processing') throw new Error(`Payment ${paymentId} is still processing at the provider`);
  await applyLateOutcome(deps, deps.db, payment, outcome);
}

/**
 * Applies a provider's answer that arrives after the payer left (a debit clearing, a webhook), in `tx`: the booking is
 * confirmed if it is still ACCEPTED; money that arrived after it was cancelled is recorded (it did move) and refunded
 * at once, so an ended booking holds nothing.
 */
async function applyLateOutcome(deps: PaymentSystemDeps, tx: Executor, payment: PaymentRow, outcome: ProviderOutcome): Promise<void> {
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
    const payment = z.uuid().safeParse(event.paymentId).success ? await repository.findPayment(tx, event.paymentId, { lock: true }) : undefined;
    // Ticket payments are confirmed by the buyer's own call (the local provider); their webhook path is not built yet.
    if (!payment || payment.providerRef !== event.providerRef || payment.type === 'CREDIT_CARD_TICKETS' || payment.type === 'CREDIT_CARD_DONATION') return 'ignored';
    const { outcome } = event;
    if (payment.status === 'succeeded' || payment.status === outcome.status) return 'ignored';
    if (payment.type === 'BECS_DEBIT_BALANCE_FEE') {
      // A balance debited from a saved bank account ends days after the settlement: only the bank's answer is news.
      if (payment.status !== 'processing' || outcome.status === 'requires_action') return 'ignored';
      const moneyDeps = { mailer: deps.mailer, publicUrl: deps.email.publicUrl, notifications: { live: deps.live } };
      await recordBalanceChargeAnswer(moneyDeps, tx, payment, { ref: payment.providerRef ?? '', outcome, answeredAt: deps.clock.now() });
      return 'applied';
    }
    await applyLateOutcome(deps, tx, payment, outcome);
    return 'applied';
  });
}

/**
 * POST /payments/{id}/mark-received: the restaurant side (its seller, or a manager running it) has seen the bank
 * transfer arrive: the payment succeeds, the booking is confirmed and the charge is in the ledger. Marking it again
 * changes nothing; the client and the cause 403, strangers 404; the booking must still be ACCEPTED (409).
 */
export async function markTransferReceived(deps: PaymentDeps, id: string): Promise<Payment> {
  return presentPayment(
    deps,
    await deps.db.transaction(async (tx) => {
      const payment = await visiblePayment({ ...deps, db: tx }, id, { lock: true });
      const terms = await bookingPaymentTerms({ ...deps, db: tx }, bookingIdOf(payment), { lock: true });
      if (terms.side !== 'restaurant') throw notAllowed('Only the restaurant marks a bank transfer received', 'payments.notRestaurant');
      if (payment.type !== 'BANK_DEPOSIT') throw conflict('This payment is not a bank transfer', 'payments.notBankTransfer');
      if (payment.status === 'succeeded') return payment;
      if (terms.status !== 'ACCEPTED') throw notAwaitingPayment();
      return applyOutcome(deps, { tx, payment, outcome: { status: 'succeeded' }, options: { actorUserId: deps.viewer.id } });
    }),
  );
}

/**
 * POST /payments/{id}/action (the local provider's `/intermediary/{id}` page): the payer approves or fails the extra
 * step. Answering a payment no longer waiting for it changes nothing.
 */
export async function completePaymentAction(deps: PaymentCallerDeps, id: string, approved: boolean): Promise<Payment> {
  return stepPayment(deps, id, async (tx, payment) => {
    if (payment.status !== 'requires_action') return payment;
    if (payment.type === 'CREDIT_CARD_DONATION') {
      const donation = await donationOfPayment(tx, payment.id);
      const outcome = await deps.provider.completeAction({ paymentId: payment.id, ref: payment.providerRef ?? '', approved, now: deps.clock.now() });
      return applyDonationOutcome(deps, { tx, payment, outcome, donation });
    }
    if (payment.type === 'CREDIT_CARD_TICKETS') {
      const checkout = await holdForPayment(ticketDepsOf(deps), tx, payment, { approving: approved });
      const outcome = await deps.provider.completeAction({ paymentId: payment.id, ref: payment.providerRef ?? '', approved, now: deps.clock.now() });
      return applyTicketOutcome(deps, { tx, payment, checkout, outcome });
    }
    await payableTerms({ db: tx, viewer: deps.viewer! }, bookingIdOf(payment), { lock: true });
    const outcome = await deps.provider.completeAction({ paymentId: payment.id, ref: payment.providerRef ?? '', approved, now: deps.clock.now() });
    return applyOutcome(deps, { tx, payment, outcome });
  });
}

/**
 * The settlement as the events module reads it (what an event has raised for its cause): its formula, with the
 * platform's fee, and the income it settles. The client's prepayment and who bears a shortfall change what the
 * restaurant and the client get, never the cause's share.
 */
export function causeShareReader(platformFeePercent: number): CauseShareReader {
  return {
    ifSettled: (sales) => settlementPlan({ ...sales, prepaid: 0, platformFeePercent, chargeShortfall: true }).cause,
    incomeOf: (db, bookingId) => ticketIncome.ofBooking(db, bookingId),
  };
}

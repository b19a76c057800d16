import { afterCommit } from '../../db/after-commit.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { BookingCancelReason, CancellationPreview, SettlementPreview } from '@goodtable/shared';
import type { PaymentRow, RefundReason } from '../../db/schema/index.ts';
import type { Mailer } from '../../email/mailer.ts';
import { DomainError } from '../../lib/domain-errors.ts';
import { findUserById } from '../accounts/accounts.service.ts';
import { bookingMoneyTerms, type BookingMoneyTerms, type BookingTransitionChange } from '../bookings/bookings.service.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import { listRestaurantManagerIds } from '../managers/managers.service.ts';
import { notifyPayment, notifyRefund, wantsNotificationEmail } from '../notifications/notifications.service.ts';
import { postLedgerTransaction, type LedgerLeg } from './ledger.ts';
import type { PaymentProvider, ProviderOutcome } from './providers/index.ts';
import { recordRefund } from './provider-refunds.ts';
import { enqueuePaymentReceiptEmail } from './payment-receipts.ts';
import { refundEmail } from './refund-emails.ts';
import { closeEventHolds, paidTicketIncome, refundEventTickets } from '../tickets/tickets.service.ts';
import { paymentPort } from './payment-port.ts';
import { paidDonationsOfBooking, refundEventDonations } from '../donations/donations.service.ts';
import * as repository from './payments.repository.ts';

/**
 * The money of a booking when it ends (docs/decisions/0070-settlement-formula.md,
 * docs/decisions/0071-cancellation-refunds.md):
 * settlement when it becomes COMPLETED, refund or forfeit of the prepayment when it is CANCELED. Both run in the
 * transition's transaction (registered on `app.bookingTransitions`), so the money moves exactly when the status does.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A client cancelling more than this many days before the event gets the deposit back (docs/product.md, Money). */
export const CLIENT_CANCEL_REFUND_DAYS = 14;

export type BookingMoneyDeps = {
  provider: PaymentProvider;
  mailer: Pick<Mailer, 'enqueue'>;
  /** PLATFORM_FEE_PERCENT. */
  platformFeePercent: number;
  /** The web app's address (the emails' links). */
  publicUrl: string;
  /**
   * The live hub that tells open notification streams; null for the demo data, which writes the notifications its
   * money history would have sent itself (seed-notifications.ts).
   */
  notifications: { live: LiveHub } | null;
};

/** What telling of money at `now` needs (the transition's time, which is the business clock's). */
const notifyAt = (deps: Pick<BookingMoneyDeps, 'mailer' | 'publicUrl'> & { notifications: { live: LiveHub } }, now: Date) => ({
  live: deps.notifications.live,
  clock: { now: () => now },
  mailer: deps.mailer,
  publicUrl: deps.publicUrl,
});

// ---------------------------------------------------------------- tickets and donations

/** What attendees paid for a booking: n tickets (at the booking's ticket price) and donations D, held by the platform. */
export type TicketIncome = { tickets: number; donations: number };

/**
 * The tickets sold and donations received for a booking: its paid (not refunded) ticket checkouts, whose charges put
 * R + D into platform holding with the booking's id. An object so tests can still stand in for it with a spy.
 */
export const ticketIncome = {
  ofBooking: async (db: Executor, bookingId: string): Promise<TicketIncome> => {
    const income = await paidTicketIncome(db, bookingId);
    // Donations given at `/donate/{cause}?event=` join the checkouts' donations in D.
    return { ...income, donations: income.donations + (await paidDonationsOfBooking(db, bookingId)) };
  },
};

// ---------------------------------------------------------------- the formula

/** `amount × percent / 100` in minor units, rounded half away from zero (exact for percents with up to 4 decimals). */
export function percentOf(amount: number, percent: number): number {
  const scaledPercent = Math.round(percent * 10_000);
  const numerator = Math.abs(amount) * scaledPercent;
  const denominator = 1_000_000;
  const rounded = Math.floor((2 * numerator + denominator) / (2 * denominator));
  return amount < 0 ? -rounded : rounded;
}

export type SettlementInput = {
  /** M: menu price per head. */
  menuPrice: number;
  /** g: guests booked. */
  guests: number;
  /** T: ticket price. */
  ticketPrice: number;
  /** n: tickets sold. */
  tickets: number;
  /** D: donations. */
  donations: number;
  /** C: what the client prepaid and still held (deposit or total fee, less refunds). */
  prepaid: number;
  /** f, in percent. */
  platformFeePercent: number;
  /** False for a restaurant's own (host) event: its shortfall is not charged to anyone, the restaurant receives less. */
  chargeShortfall: boolean;
};

export type SettlementPlan = {
  /** F = M × max(n, g). */
  foodCost: number;
  /** R = T × n. */
  ticketRevenue: number;
  /** P = f × R. */
  platformFee: number;
  /** What the restaurant receives: F (less an uncharged shortfall of a host event). */
  restaurant: number;
  /** max(0, R − P − F) + D. */
  cause: number;
  /** The part of the shortfall F − (R − P) taken from C. */
  fromPrepaid: number;
  /** C not needed: refunded to the client. */
  refund: number;
  /** The shortfall beyond C: charged to the client. */
  balanceCharge: number;
};

/** The settlement (docs/decisions/0070-settlement-formula.md). Money in (R + D + C + balance charge) always equals money out (F + cause + P + refund). */
export function settlementPlan(input: SettlementInput): SettlementPlan {
  const foodCost = input.menuPrice * Math.max(input.tickets, input.guests);
  const ticketRevenue = input.ticketPrice * input.tickets;
  const platformFee = percentOf(ticketRevenue, input.platformFeePercent);
  const available = ticketRevenue - platformFee;
  const cause = Math.max(0, available - foodCost) + input.donations;
  const shortfall = Math.max(0, foodCost - available);
  const fromPrepaid = Math.min(shortfall, input.prepaid);
  const beyondPrepaid = shortfall - fromPrepaid;
  return {
    foodCost,
    ticketRevenue,
    platformFee,
    restaurant: input.chargeShortfall ? foodCost : foodCost - beyondPrepaid,
    cause,
    fromPrepaid,
    refund: input.prepaid - fromPrepaid,
    balanceCharge: input.chargeShortfall ? beyondPrepaid : 0,
  };
}

// ---------------------------------------------------------------- writing it

const holding = (currency: string) => ({ ownerId: null, purpose: 'platform_holding' as const, currency });

/**
 * Refunds `amount` of the booking's prepayments (newest first) through the provider: one refund row and one `refund`
 * ledger transaction per payment touched, then one email to the client with the total. Each payment is refunded at
 * most once per reason (unique index), so a replay fails instead of refunding twice.
 */
async function refundPrepayments(
  deps: Pick<BookingMoneyDeps, 'provider' | 'mailer' | 'publicUrl' | 'notifications'>,
  { tx, terms, amount, reason, now }: { tx: Executor; terms: BookingMoneyTerms; amount: number; reason: RefundReason; now: Date },
): Promise<void> {
  let left = amount;
  const prepayments = (await repository.listPrepayments(tx, terms.id)).reverse();
  for (const payment of prepayments) {
    const part = Math.min(left, payment.amount - payment.refunded);
    if (part <= 0) continue;
    await recordRefund(deps.provider, { tx, payment, bookingId: terms.id, amount: part, reason, now });
    left -= part;
    if (left === 0) break;
  }
  if (left !== 0) throw new Error(`Booking ${terms.id}: ${left} of the refund is not covered by its prepayments`);
  const currency = prepayments[0]!.currency;
  if (deps.notifications) await notifyRefund(notifyAt({ ...deps, notifications: deps.notifications }, now), { notice: { bookingId: terms.id, clientId: terms.clientId, amount, currency, reason }, tx });
  const client = await findUserById(tx, terms.clientId);
  // The refund email is the email of the `refund.issued` notification: not sent to a client who chose in-app only.
  if (!client || client.deletedAt || !(await wantsNotificationEmail(tx, { userId: client.id, category: 'payments' }))) return;
  await deps.mailer.enqueue(
    refundEmail({
      to: client.email,
      firstName: client.firstName,
      language: client.language,
      title: terms.title ?? '',
      amount,
      currency,
      reason,
      link: `${deps.publicUrl}/bookings/${terms.id}`,
    }),
    tx,
  );
}

/** C: what the client prepaid for the booking and the platform still holds. */
async function heldPrepayment(tx: Executor, bookingId: string): Promise<number> {
  return (await repository.listPrepayments(tx, bookingId)).reduce((sum, payment) => sum + payment.amount - payment.refunded, 0);
}

/** The provider's idempotency key of a booking's balance charge: stable data only, so every retry sends the same. */
export const balanceChargeKey = (bookingId: string) => `settlement-balance-${bookingId}`;

/**
 * Records the shortfall beyond C as owed by the client, in the settlement's transaction: a `BECS_DEBIT_BALANCE_FEE`
 * payment `processing` that the provider has not been asked for yet (no provider ref). The provider charges the
 * client's saved payment method after the settlement commits (`completeBalanceCharge`), never while the booking's
 * row is locked; one it could not reach then is asked again by the retrying job.
 */
async function recordBalanceCharge(deps: BookingMoneyDeps, { tx, terms, amount, now }: { tx: Executor; terms: BookingMoneyTerms & { currency: string }; amount: number; now: Date }): Promise<void> {
  const payment = await repository.insertPaymentOnce(tx, {
    bookingId: terms.id,
    payerId: terms.clientId,
    type: 'BECS_DEBIT_BALANCE_FEE',
    amount,
    currency: terms.currency,
    status: 'processing',
    provider: deps.provider.name,
    // One balance charge per booking: a second one would conflict on (payer, key) instead of charging twice.
    idempotencyKey: `settlement-balance:${terms.id}`,
    createdAt: now,
    updatedAt: now,
  });
  if (payment) afterCommit((db) => completeBalanceCharge(deps, { db, paymentId: payment.id }).then(() => undefined));
}

/**
 * Asks the provider to charge a balance recorded by the settlement and records its answer in one transaction: the
 * payment's status, the parties' notifications, and when it succeeded its `balance_charge` ledger transaction (payer
 * → platform holding), dated at the settlement. The payment row stays locked while the provider answers, so the
 * request that settled and the retrying job charge once; one already answered is left alone. When the provider
 * fails, nothing changes and the error goes to the caller. Resolves with whether this call answered it.
 */
export async function completeBalanceCharge(
  deps: BookingMoneyDeps,
  { db, paymentId, skipLocked = false }: { db: Database; paymentId: string; skipLocked?: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const payment = await repository.lockUnaskedBalanceCharge(tx, { paymentId, skipLocked });
    if (!payment) return false;
    const bookingId = payment.bookingId!;
    const payerId = payment.payerId!;
    const now = payment.createdAt;
    const earlierRefs = await repository.succeededProviderRefs(tx, { bookingId, payerId, provider: deps.provider.name });
    // The provider's key comes from the booking, not from the payment row: every attempt sends the same, and the
    // provider answers a charge it made but whose answer was lost instead of charging again.
    const { ref, outcome } = await deps.provider.chargeBalance({
      paymentId: payment.id,
      bookingId,
      payerId,
      amount: payment.amount,
      currency: payment.currency,
      idempotencyKey: balanceChargeKey(bookingId),
      earlierRefs,
      now,
    });
    await recordBalanceChargeAnswer(deps, { tx, payment, ref, outcome, answeredAt: now });
    return true;
  });
}

/**
 * The provider's answer about a balance charge, in `tx` with its payment row locked: the payment's status and
 * reference, and once it ended (succeeded or failed, not a bank debit still `processing`) the parties' notifications
 * and, when it succeeded, its `balance_charge` ledger transaction (payer → platform holding), dated at the
 * settlement. The payment's update and the notices carry `answeredAt` (business clock): a bank debit's end arrives days
 * later, and its notice is news then, not at the settlement. Used when the provider first answers and when its webhook
 * says how a debit ended.
 */
export async function recordBalanceChargeAnswer(
  deps: Pick<BookingMoneyDeps, 'mailer' | 'publicUrl' | 'notifications'>,
  { tx, payment, ref, outcome, answeredAt: now }: { tx: Executor; payment: PaymentRow; ref: string; outcome: ProviderOutcome; answeredAt: Date },
): Promise<void> {
  const bookingId = payment.bookingId!;
  const payerId = payment.payerId!;
  const succeeded = outcome.status === 'succeeded';
  const failure = outcome.status === 'failed' ? { failureCode: outcome.failureCode, failureMessage: outcome.failureMessage } : { failureCode: null, failureMessage: null };
  const answered = await repository.updatePayment(tx, {
    paymentId: payment.id,
    values: {
      // An off-session charge has no one to take an extra step: it failed.
      status: outcome.status === 'requires_action' ? 'failed' : outcome.status,
      providerRef: ref,
      ...failure,
      updatedAt: now,
    },
  });
  if (outcome.status === 'processing') return;
  if (deps.notifications) {
    const terms = await bookingMoneyTerms(tx, bookingId);
    const restaurantTeam = terms.restaurantOwnerId ? await listRestaurantManagerIds(tx, terms.restaurantOwnerId) : [];
    await notifyPayment(notifyAt({ ...deps, notifications: deps.notifications }, now), {
      notice: { payment: { bookingId, payerId, type: 'BECS_DEBIT_BALANCE_FEE', amount: payment.amount, currency: payment.currency, ...failure }, outcome: succeeded ? 'succeeded' : 'failed', confirmed: false, restaurantTeam, actorUserId: null },
      tx,
    });
  }
  if (!succeeded) return;
  await postLedgerTransaction(tx, {
    kind: 'balance_charge',
    paymentId: payment.id,
    bookingId,
    createdAt: payment.createdAt,
    legs: [
      { account: { ownerId: payerId, purpose: 'payer', currency: payment.currency }, amount: -payment.amount },
      { account: holding(payment.currency), amount: payment.amount },
    ],
  });
  // The client is charged without being at the screen: the receipt (the email of the payment's notification) tells
  // them what for. Written after the ledger, which it reads; the demo's history (no notifications) sends none.
  if (deps.notifications) await enqueuePaymentReceiptEmail(deps, { tx, payment: answered });
}

/** What a settlement works from, read now in `db`: the booking's terms, its tickets and donations, C, and the plan. */
async function gatherSettlement(deps: Pick<BookingMoneyDeps, 'platformFeePercent'>, { db, bookingId }: { db: Executor; bookingId: string }) {
  const terms = await bookingMoneyTerms(db, bookingId);
  const { currency, restaurantOwnerId } = terms;
  if (!currency || !restaurantOwnerId) throw new Error(`Booking ${bookingId} cannot be settled without a restaurant and currency`);
  const income = await ticketIncome.ofBooking(db, bookingId);
  const prepaid = await heldPrepayment(db, bookingId);
  const plan = settlementPlan({
    menuPrice: terms.menuPrice,
    guests: terms.guests,
    ticketPrice: terms.ticketPrice,
    tickets: income.tickets,
    donations: income.donations,
    prepaid,
    platformFeePercent: deps.platformFeePercent,
    chargeShortfall: !terms.hostEvent,
  });
  return { terms: { ...terms, currency, restaurantOwnerId }, income, prepaid, plan };
}

/** The settlement preview's answer (API field names) from what settling reads and moves. */
function presentSettlement(settlement: { currency: string; settled: boolean; income: TicketIncome; prepaid: number; plan: SettlementPlan }): SettlementPreview {
  const { plan } = settlement;
  return {
    currency: settlement.currency,
    settled: settlement.settled,
    tickets_sold: settlement.income.tickets,
    ticket_revenue: plan.ticketRevenue,
    donations: settlement.income.donations,
    food_cost: plan.foodCost,
    platform_fee: plan.platformFee,
    restaurant_amount: plan.restaurant,
    cause_amount: plan.cause,
    client_prepaid: settlement.prepaid,
    client_refund: plan.refund,
    client_charge: plan.balanceCharge,
  };
}

/**
 * GET /v1/bookings/{id}/settlement-preview's amounts: before the booking is COMPLETED, what settling it now would do
 * (the settlement's own gathering and formula); once COMPLETED, what its settlement moved, read from the ledger (the
 * settlement's shares), its refunds and its balance charge.
 */
export async function settlementPreviewOf(deps: Pick<BookingMoneyDeps, 'platformFeePercent'>, { db, bookingId }: { db: Executor; bookingId: string }): Promise<SettlementPreview> {
  const { terms, income, prepaid, plan } = await gatherSettlement(deps, { db, bookingId });
  if (terms.status !== 'COMPLETED') return presentSettlement({ currency: terms.currency, settled: false, income, prepaid, plan });
  const moved = await repository.settledAmounts(db, bookingId);
  const settled: SettlementPlan = {
    ...plan,
    restaurant: moved.restaurant,
    cause: moved.cause,
    platformFee: moved.platformFee,
    refund: moved.refund,
    balanceCharge: moved.balanceCharge,
  };
  // What the platform held when it settled: what it holds now and what the settlement gave back.
  return presentSettlement({ currency: terms.currency, settled: true, income, prepaid: prepaid + moved.refund, plan: settled });
}

/** 409 of a confirmation whose client was shown another balance charge (or none): the preview now goes with it. */
function chargeChanged(preview: SettlementPreview): DomainError {
  return new DomainError('conflict', { message: 'The amount to charge is not the one you were shown; check the new amounts and confirm again', code: 'bookings.chargeChanged', extra: { preview } });
}

/**
 * Settles a COMPLETED booking once: the balance charge (if any), one `settlement` transaction paying the restaurant F,
 * the cause its share and the platform P out of holding, and the refund of unused C. A booking already settled is
 * left alone (and the unique index refuses a concurrent second settlement). `shownCharge`: when a person confirmed,
 * the balance they were shown; any other balance charge refuses the settlement (409 with the preview), so the
 * transition's transaction changes nothing.
 */
export async function settleCompletedBooking(
  deps: BookingMoneyDeps,
  { tx, bookingId, now, shownCharge }: { tx: Executor; bookingId: string; now: Date; shownCharge?: { expected: number | undefined } | undefined },
): Promise<void> {
  if (await repository.hasBookingTransaction(tx, { bookingId, kind: 'settlement' })) return;
  const { terms, income, prepaid, plan } = await gatherSettlement(deps, { db: tx, bookingId });
  const currency = terms.currency;
  if (shownCharge && plan.balanceCharge > 0 && shownCharge.expected !== plan.balanceCharge) {
    throw chargeChanged(presentSettlement({ currency, settled: false, income, prepaid, plan }));
  }
  if (plan.balanceCharge > 0) await recordBalanceCharge(deps, { tx, terms, amount: plan.balanceCharge, now });
  if (plan.cause > 0 && !terms.causeOwnerId) throw new Error(`Booking ${bookingId} has a cause share but no cause`);
  const legs: LedgerLeg[] = [
    { account: { ownerId: terms.restaurantOwnerId, purpose: 'restaurant_earnings', currency }, amount: plan.restaurant },
    { account: { ownerId: terms.causeOwnerId, purpose: 'cause_earnings', currency }, amount: plan.cause },
    { account: { ownerId: null, purpose: 'platform_fees', currency }, amount: plan.platformFee },
  ];
  const credits = legs.filter((leg) => leg.amount > 0);
  const paidOut = credits.reduce((sum, leg) => sum + leg.amount, 0);
  if (paidOut > 0) {
    await postLedgerTransaction(tx, { kind: 'settlement', bookingId, createdAt: now, legs: [{ account: holding(currency), amount: -paidOut }, ...credits] });
  }
  if (plan.refund > 0) await refundPrepayments(deps, { tx, terms, amount: plan.refund, reason: 'settlement_unused_prepayment', now });
}

/** The held prepayment goes to the restaurant (`forfeit`: platform holding → restaurant earnings). */
async function forfeitPrepayment(tx: Executor, { terms, held, now }: { terms: BookingMoneyTerms & { currency: string }; held: number; now: Date }): Promise<void> {
  await postLedgerTransaction(tx, {
    kind: 'forfeit',
    bookingId: terms.id,
    createdAt: now,
    legs: [
      { account: holding(terms.currency), amount: -held },
      { account: { ownerId: terms.restaurantOwnerId, purpose: 'restaurant_earnings', currency: terms.currency }, amount: held },
    ],
  });
}

/**
 * An INCOMPLETE booking (CONFIRMED, the event over, no ticket sold: docs/product.md, Booking lifecycle) keeps what the client prepaid for
 * the restaurant, as a client cancelling late does (docs/product.md, Money): the table was held through the date (`forfeit`).
 * Nothing is charged beyond it: no one declared the dinner served (marking complete needs a ticket sold), so the
 * settlement's F = M × max(n, g) does not apply. docs/decisions/0072-incomplete-bookings-forfeit-the-prepayment.md
 * says why. Donations given for the event go to its cause (`settlement`), as the settlement's D does at
 * COMPLETED: the event ended, it was not cancelled (docs/decisions/0072-incomplete-bookings-forfeit-the-prepayment.md). Nothing held: nothing written.
 * Each transaction is written once.
 */
export async function settleIncompleteBooking(tx: Executor, { bookingId, now }: { bookingId: string; now: Date }): Promise<void> {
  const held = (await repository.hasBookingTransaction(tx, { bookingId, kind: 'forfeit' })) ? 0 : await heldPrepayment(tx, bookingId);
  const donated = (await repository.hasBookingTransaction(tx, { bookingId, kind: 'settlement' })) ? 0 : await paidDonationsOfBooking(tx, bookingId);
  if (held === 0 && donated === 0) return;
  const terms = await bookingMoneyTerms(tx, bookingId);
  if (!terms.currency || !terms.restaurantOwnerId) throw new Error(`Booking ${bookingId} holds money without a restaurant and currency`);
  if (held > 0) await forfeitPrepayment(tx, { terms: { ...terms, currency: terms.currency }, held, now });
  if (donated === 0) return;
  if (!terms.causeOwnerId) throw new Error(`Booking ${bookingId} holds donations but has no cause`);
  await postLedgerTransaction(tx, {
    kind: 'settlement',
    bookingId,
    createdAt: now,
    legs: [
      { account: holding(terms.currency), amount: -donated },
      { account: { ownerId: terms.causeOwnerId, purpose: 'cause_earnings', currency: terms.currency }, amount: donated },
    ],
  });
}

/** Why a refund at cancellation goes back: the refund reason of each cancel reason. */
const cancelRefundReason = (cancelReason: BookingCancelReason | null): RefundReason =>
  cancelReason === 'CLIENT_CANCELED' ? 'client_cancelled_early' : cancelReason === 'RESTAURANT_CANCELED' ? 'restaurant_cancelled' : 'booking_cancelled';

/**
 * What a cancellation for `cancelReason` at `now` (business clock) does with the prepayment still held
 * (docs/decisions/0070-settlement-formula.md,
 * docs/decisions/0071-cancellation-refunds.md): the client cancelling more than 14 days before the
 * event gets it back, later forfeits it to the restaurant; any other cancellation refunds it in full. A prepayment
 * already forfeited is held no more. The cancellation and its preview (docs/decisions/0121) both run it.
 */
async function prepaymentOnCancel(db: Executor, cancellation: { terms: Pick<BookingMoneyTerms, 'id' | 'date'>; cancelReason: BookingCancelReason | null; now: Date }) {
  const { terms, now } = cancellation;
  const held = (await repository.hasBookingTransaction(db, { bookingId: terms.id, kind: 'forfeit' })) ? 0 : await heldPrepayment(db, terms.id);
  const late = cancellation.cancelReason === 'CLIENT_CANCELED' && !(terms.date !== null && terms.date.getTime() - now.getTime() > CLIENT_CANCEL_REFUND_DAYS * DAY_MS);
  return late ? { refund: 0, forfeit: held } : { refund: held, forfeit: 0 };
}

/**
 * GET /v1/bookings/{id}/cancellation-preview's amounts: what cancelling now for `cancelReason` (the one the viewer's
 * cancel would set) does with the organiser's prepayment, by the cancellation's own rule.
 */
export async function cancellationPreviewOf(db: Executor, cancellation: { bookingId: string; cancelReason: BookingCancelReason | null; now: Date }): Promise<CancellationPreview> {
  const terms = await bookingMoneyTerms(db, cancellation.bookingId);
  const { refund, forfeit } = await prepaymentOnCancel(db, { terms, cancelReason: cancellation.cancelReason, now: cancellation.now });
  return { currency: terms.currency ?? '', refund_amount: refund, forfeited_amount: forfeit };
}

/**
 * A CANCELED booking's prepayment (docs/product.md, Money): refunded in full when the restaurant cancelled (tickets and
 * donations too) or the client cancelled more than 14 days (business clock) before the event;
 * forfeited to the restaurant when the client cancelled later. Nothing held: nothing to do.
 */
export async function settleCancelledBooking(deps: BookingMoneyDeps, { tx, bookingId, now }: { tx: Executor; bookingId: string; now: Date }): Promise<void> {
  // Attendees get their tickets and donations back in full whoever cancelled (docs/product.md, Money says so of the restaurant
  // cancelling; an ended booking holds nothing, so any cancellation does the same).
  const terms = await bookingMoneyTerms(tx, bookingId);
  const reason = terms.cancelReason === 'RESTAURANT_CANCELED' ? 'restaurant_cancelled' : 'booking_cancelled';
  const eventDeps = { ...deps, payments: paymentPort(deps.provider) };
  await refundEventTickets(eventDeps, { tx, bookingId, reason, now });
  await refundEventDonations(eventDeps, { tx, bookingId, reason, now });
  const { refund, forfeit } = await prepaymentOnCancel(tx, { terms, cancelReason: terms.cancelReason, now });
  const currency = terms.currency!;
  if (forfeit > 0) await forfeitPrepayment(tx, { terms: { ...terms, currency }, held: forfeit, now });
  if (refund > 0) await refundPrepayments(deps, { tx, terms: { ...terms, currency }, amount: refund, reason: cancelRefundReason(terms.cancelReason), now });
}

/**
 * Money that reached the platform after its booking was cancelled (a BECS debit in flight at the cancellation, which
 * cleared later) goes back to the client in full, with the refund email: an ended booking holds nothing.
 */
export async function refundLatePayment(
  deps: Pick<BookingMoneyDeps, 'provider' | 'mailer' | 'publicUrl' | 'notifications'>,
  { tx, bookingId, amount, now }: { tx: Executor; bookingId: string; amount: number; now: Date },
): Promise<void> {
  const terms = await bookingMoneyTerms(tx, bookingId);
  await refundPrepayments(deps, { tx, terms: { ...terms, currency: terms.currency! }, amount, reason: 'booking_cancelled', now });
}

/** The listener `app.bookingTransitions` runs on every status change: settlement at COMPLETED, refunds or forfeit at CANCELED, forfeit at INCOMPLETE. */
export function bookingMoneyListener(deps: BookingMoneyDeps) {
  return async (tx: Executor, change: BookingTransitionChange): Promise<void> => {
    if (change.from === change.booking.status) return;
    // Sales end with the event: open holds are closed (their payments can no longer be confirmed).
    if (change.from === 'CONFIRMED' && change.booking.status !== 'CONFIRMED' && change.booking.status !== 'CANCELED') await closeEventHolds(tx, { bookingId: change.booking.id, now: change.now });
    if (change.booking.status === 'COMPLETED') {
      // A person confirming was shown the balance to charge; the system's confirmation told the client by email first.
      const shownCharge = change.actor === 'system' ? undefined : { expected: change.expectedCharge };
      await settleCompletedBooking(deps, { tx, bookingId: change.booking.id, now: change.now, shownCharge });
    }
    if (change.booking.status === 'CANCELED') await settleCancelledBooking(deps, { tx, bookingId: change.booking.id, now: change.now });
    if (change.booking.status === 'INCOMPLETE') await settleIncompleteBooking(tx, { bookingId: change.booking.id, now: change.now });
  };
}

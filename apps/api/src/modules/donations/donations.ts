import { DONATION_LIMITS, DONATION_PRESETS, RECEIPT_TOKEN_PATTERN, type CauseDonationList, type Donation, type DonationCreateParsed, type DonationOptions, type SupporterList } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { DonationRow, PaymentRow, RefundReason } from '../../db/schema/index.ts';
import type { Mailer } from '../../email/mailer.ts';
import { DomainError, conflict, notAllowed, notFound } from '../../lib/domain-errors.ts';
import type { SignedInContext, Viewer } from '../../lib/service-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import type { PaymentPort } from '../../lib/payment-port.ts';
import { notifyTicketMilestones, sellHeldTickets } from '../tickets/tickets.service.ts';
import { publishEventProgressOf, type CauseShareReader } from '../events/events.service.ts';
import { donationReceiptEmail, donationRefundEmail } from './donation-emails.ts';
import * as repository from './donations.repository.ts';

/**
 * Donations at `/donate/{id}`: a card payment (`CREDIT_CARD_DONATION`) of the donor's amount, in
 * the event's currency when tied to one (`event_id`), else the cause's country's. Confirmed like a ticket payment
 * (POST /v1/payments/{id}/confirm, signed in or not). Paid: an event's donation counts in its `raised` and waits in
 * the event's holding for the settlement (D), refunded if the event is cancelled; a donation without an event goes
 * to the cause's earnings at once (no platform fee: docs/product.md, Money takes the fee from ticket revenue only). docs/decisions/0090-donations.md.
 */
export type DonationDeps = {
  db: Executor;
  clock: Clock;
  live: LiveHub;
  mailer: Pick<Mailer, 'enqueue'>;
  /** The payments module's side of a donation's payment (docs/decisions/0241-tickets-and-donations-modules.md). */
  payments: PaymentPort;
  email: { publicUrl: string };
  viewer: Viewer | null;
  /** The settlement's formula: the live progress states what the cause receives. */
  causeShare: CauseShareReader;
};

const causeNotFound = () => notFound('Cause not found', 'causes.notFound');
const eventNotFound = () => notFound('Event not found', 'events.notFound');
const donationNotFound = () => notFound('No such donation', 'donations.notFound');

/** The currency of a cause's own donations: its country's (Vietnam: VND), else Australian dollars. */
export const causeCurrency = (countryCode: string | null) => (countryCode === 'VN' ? 'VND' : 'AUD');
const limitsOf = (currency: string) => DONATION_LIMITS[currency] ?? DONATION_LIMITS.AUD!;

/** The cause (published) and, with `eventId`, its event (CONFIRMED, raising money for this cause): what a donation needs. */
async function donationTarget(db: Executor, { causeId, eventId }: { causeId: string; eventId: string | null }) {
  const cause = await repository.findCause(db, causeId);
  if (!cause || !cause.published) throw causeNotFound();
  if (eventId === null) return { cause, event: null, currency: causeCurrency(cause.countryCode) };
  const event = await repository.findEvent(db, eventId);
  if (!event || event.status !== 'CONFIRMED' || !event.currency) throw eventNotFound();
  if (event.causeId !== cause.id) {
    throw new DomainError('invalid', { message: 'This event raises money for another cause', code: 'donations.eventOfAnotherCause', details: [{ field: 'event_id', message: 'validation.eventOfAnotherCause' }] });
  }
  return { cause, event: { id: event.id, title: event.title ?? '' }, currency: event.currency };
}

/** GET /v1/causes/{id}/donation-options: the currency, limits and preset amounts the donate page offers. */
export async function getDonationOptions(deps: Pick<DonationDeps, 'db'>, { causeId, eventId }: { causeId: string; eventId: string | null }): Promise<DonationOptions> {
  const { cause, event, currency } = await donationTarget(deps.db, { causeId, eventId });
  const limits = limitsOf(currency);
  return { cause: { id: cause.id, name: cause.name, slug: cause.slug }, event, currency, min: limits.min, max: limits.max, presets: [...(DONATION_PRESETS[currency] ?? DONATION_PRESETS.AUD!)] };
}

/**
 * GET /v1/causes/{id}/supporters: a published cause's paid donations for its public pages (or one event's, with
 * `eventId`), newest first; an anonymous donor's name is never in it.
 */
export async function listSupporters(deps: Pick<DonationDeps, 'db'>, { causeId, eventId, limit }: { causeId: string; eventId?: string; limit: number }): Promise<SupporterList> {
  const cause = await repository.findCause(deps.db, causeId);
  if (!cause || !cause.published) throw causeNotFound();
  const rows = await repository.listPaidDonations(deps.db, { causeId, eventId, limit });
  return {
    data: rows.map((row) => ({ name: row.anonymous ? null : row.name, amount: row.amount, currency: row.currency, created_at: row.createdAt.toISOString() })),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * GET /v1/causes/{id}/donations: the cause's paid donations for its owner only (anyone else 403), newest first, the
 * donor's name even when the gift is anonymous to the public (docs/decisions/0142-cause-donations-for-the-owner.md).
 */
export async function listCauseDonations(deps: Pick<SignedInContext, 'db' | 'viewer'>, { causeId, page, limit }: { causeId: string; page: number; limit: number }): Promise<CauseDonationList> {
  const cause = await repository.findCause(deps.db, causeId);
  if (!cause) throw causeNotFound();
  if (cause.ownerId !== deps.viewer.id) throw notAllowed('Only the cause’s owner sees its donations', 'donations.notCauseOwner');
  const { rows, total } = await repository.listCauseDonationsPage(deps.db, { causeId, page, limit });
  return {
    data: rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      name: row.name,
      message: row.message,
      anonymous: row.anonymous,
      event_id: row.eventId,
      created_at: row.createdAt.toISOString(),
    })),
    page,
    limit,
    totalPages: Math.ceil(total / limit),
    totalResults: total,
  };
}

async function presentDonation(db: Executor, { row, payment }: { row: DonationRow; payment: Pick<PaymentRow, 'id' | 'status'> & { clientSecret?: string } }): Promise<Donation> {
  const cause = (await repository.findCause(db, row.causeId))!;
  const event = row.bookingId ? await repository.findEvent(db, row.bookingId) : undefined;
  return {
    id: row.id,
    receipt_token: row.receiptToken,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    payment: { id: payment.id, status: payment.status, ...(payment.clientSecret ? { client_secret: payment.clientSecret } : {}) },
    cause: { id: cause.id, name: cause.name, charity_registration_number: cause.charityRegistrationNumber },
    event: event ? { id: event.id, title: event.title ?? '' } : null,
    email: row.email,
    name: row.name,
    message: row.message,
    anonymous: row.anonymous,
    tax_deductible: row.amount,
    created_at: row.createdAt.toISOString(),
  };
}

async function replayDonation(deps: Pick<DonationDeps, 'db' | 'payments' | 'viewer'>, { existing, input }: { existing: DonationRow; input: DonationCreateParsed }): Promise<Donation> {
  const { db, viewer } = deps;
  const payment = (await deps.payments.findPayment(db, { paymentId: existing.paymentId }))!;
  const same =
    payment.payerId === (viewer?.id ?? null) &&
    existing.amount === input.amount &&
    existing.email === input.email &&
    existing.bookingId === input.event_id &&
    existing.name === input.name &&
    existing.message === input.message &&
    existing.anonymous === input.anonymous;
  if (!same) throw conflict('This Idempotency-Key was already used for another donation', 'payments.idempotencyKeyReused');
  return presentDonation(db, { row: existing, payment });
}

/**
 * POST /v1/causes/{id}/donations: registers the card payment of the donor's amount (within the currency's limits,
 * else 400 naming `amount`). Nothing is written on bad input. The same Idempotency-Key for the same cause answers the
 * same donation; a signed-in donor is the payment's payer.
 */
export async function createDonation(deps: DonationDeps, { causeId, input, idempotencyKey, language }: { causeId: string; input: DonationCreateParsed; idempotencyKey?: string; language: 'en' | 'vn' }): Promise<Donation> {
  if (idempotencyKey) {
    const earlier = await repository.findDonationByKey(deps.db, { causeId, key: idempotencyKey });
    if (earlier) return replayDonation(deps, { existing: earlier, input });
  }
  const { cause, currency } = await donationTarget(deps.db, { causeId, eventId: input.event_id });
  const limits = limitsOf(currency);
  if (input.amount < limits.min) throw new DomainError('invalid', { message: `The smallest donation is ${limits.min} (${currency} minor units)`, code: 'validation.failed', details: [{ field: 'amount', message: 'validation.donationTooSmall' }] });
  if (input.amount > limits.max) throw new DomainError('invalid', { message: `The largest donation is ${limits.max} (${currency} minor units)`, code: 'validation.failed', details: [{ field: 'amount', message: 'validation.donationTooLarge' }] });
  // Registered with the provider before the transaction: no connection is held while it answers.
  const paymentId = crypto.randomUUID();
  const payerId = deps.viewer?.id ?? null;
  const registered = await deps.payments.register({ paymentId, bookingId: input.event_id, payerId, amount: input.amount, currency });
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const id = crypto.randomUUID();
    const payment = (await deps.payments.insertPaymentOnce(tx, {
      id: paymentId,
      bookingId: input.event_id,
      payerId,
      type: 'CREDIT_CARD_DONATION',
      amount: input.amount,
      currency,
      status: 'requires_payment_method',
      provider: deps.payments.providerName,
      providerRef: registered.ref,
      idempotencyKey: `donation:${id}`,
      createdAt: now,
      updatedAt: now,
    }))!;
    const donation = await repository.insertDonationOnce(tx, {
      id,
      causeId: cause.id,
      bookingId: input.event_id,
      paymentId,
      email: input.email,
      name: input.name,
      message: input.message,
      anonymous: input.anonymous,
      language,
      amount: input.amount,
      currency,
      status: 'pending',
      idempotencyKey: idempotencyKey ?? null,
      createdAt: now,
      updatedAt: now,
    });
    // A concurrent twin with the same key won the insert: this one is rolled back.
    if (!donation) throw conflict('This donation is being created by another request', 'payments.idempotencyKeyInFlight');
    return presentDonation(tx, { row: donation, payment: { ...payment, ...(registered.clientSecret ? { clientSecret: registered.clientSecret } : {}) } });
  });
}

/**
 * GET /v1/donations/{receipt_token}: the donor's receipt, opened by its secret alone (docs/decisions/0101-receipt-secret.md);
 * a donation's id, which a stranger might have seen, opens nothing.
 */
export async function getDonation(deps: Pick<DonationDeps, 'db' | 'payments'>, receiptToken: string): Promise<Donation> {
  // Anything not shaped like a secret (a donation's id among them) is no receipt, and never reaches the database.
  if (!RECEIPT_TOKEN_PATTERN.test(receiptToken)) throw donationNotFound();
  const donation = await repository.findDonationByReceiptToken(deps.db, receiptToken);
  if (!donation) throw donationNotFound();
  return presentDonation(deps.db, { row: donation, payment: (await deps.payments.findPayment(deps.db, { paymentId: donation.paymentId }))! });
}

/** The donation of a payment being confirmed (its row locked after the payment's). */
export async function donationOfPayment(tx: Executor, paymentId: string): Promise<DonationRow> {
  const donation = await repository.findDonationOfPayment(tx, { paymentId, lock: true });
  if (!donation) throw donationNotFound();
  if (donation.bookingId) {
    const event = await repository.findEvent(tx, donation.bookingId);
    if (event?.status !== 'CONFIRMED') throw conflict('This event no longer takes donations; nothing was charged', 'donations.eventClosed');
  }
  return donation;
}

/**
 * The payment succeeded (in its transaction, before its charge is written): the donation is paid; an event's
 * donation adds to the event's `raised` (progress published, the goal notice sent if it reached the goal); the donor
 * gets the receipt email.
 */
export async function recordDonationPaid(deps: Pick<DonationDeps, 'clock' | 'live' | 'mailer' | 'email' | 'causeShare'>, { tx, donation }: { tx: Executor; donation: DonationRow }): Promise<void> {
  const now = deps.clock.now();
  const paid = await repository.updateDonation(tx, { id: donation.id, values: { status: 'paid', updatedAt: now } });
  let eventTitle: string | null = null;
  if (paid.bookingId) {
    const after = await sellHeldTickets(tx, { bookingId: paid.bookingId, quantity: 0, donation: paid.amount });
    // The donation may carry what the event raised for its cause past its goal.
    await notifyTicketMilestones({ ...deps, db: tx }, { after, quantity: 0, donation: paid.amount });
    if (after.status === 'CONFIRMED') await publishEventProgressOf({ db: tx, live: deps.live, causeShare: deps.causeShare }, { id: paid.bookingId, sales: after });
    eventTitle = (await repository.findEvent(tx, paid.bookingId))?.title ?? null;
  }
  const cause = (await repository.findCause(tx, paid.causeId))!;
  await deps.mailer.enqueue(
    donationReceiptEmail({
      to: paid.email,
      language: paid.language === 'vn' ? 'vn' : 'en',
      donorName: paid.name,
      amount: paid.amount,
      currency: paid.currency,
      causeName: cause.name,
      charityRegistrationNumber: cause.charityRegistrationNumber,
      eventTitle,
      reference: paid.id,
      paidAt: now,
      link: receiptLink(deps.email.publicUrl, paid),
    }),
    tx,
  );
}

/** The donor's receipt page: opened by the receipt's secret, which only the donor's answers and emails carry. */
const receiptLink = (publicUrl: string, donation: Pick<DonationRow, 'receiptToken' | 'causeId'>) => `${publicUrl}/donate/${donation.causeId}?receipt=${donation.receiptToken}`;

/**
 * Whom a paid donation is owed to at once: its cause's owner for a donation without an event (the payments module
 * credits it), null for an event's donation, which waits in the event's holding for the settlement.
 */
export async function directDonationRecipient(tx: Executor, donation: DonationRow): Promise<string | null> {
  if (donation.bookingId) return null;
  return (await repository.findCause(tx, donation.causeId))!.ownerId;
}

/** D of the settlement, the part given at `/donate/{id}?event=`. */
export const paidDonationsOfBooking = (db: Executor, bookingId: string) => repository.paidDonationsOfBooking(db, bookingId);

/**
 * A cancelled event's donations (in the cancellation's transaction): each paid one is refunded in full, a refund row
 * and a `refund` ledger transaction out of holding, and an email to the donor.
 */
export async function refundEventDonations(deps: Pick<DonationDeps, 'payments'> & { mailer: Pick<Mailer, 'enqueue'>; publicUrl: string }, { tx, bookingId, reason, now }: { tx: Executor; bookingId: string; reason: RefundReason; now: Date }): Promise<void> {
  const donations = await repository.lockPaidDonationsOfBooking(tx, bookingId);
  if (donations.length === 0) return;
  const title = (await repository.findEvent(tx, bookingId))?.title ?? '';
  for (const donation of donations) {
    const payment = (await deps.payments.findPayment(tx, { paymentId: donation.paymentId, lock: true }))!;
    await deps.payments.recordRefund(tx, { payment, bookingId, amount: payment.amount, reason, now });
    await repository.updateDonation(tx, { id: donation.id, values: { status: 'refunded', updatedAt: now } });
    const cause = (await repository.findCause(tx, donation.causeId))!;
    await deps.mailer.enqueue(
      donationRefundEmail({ to: donation.email, language: donation.language === 'vn' ? 'vn' : 'en', amount: donation.amount, currency: donation.currency, eventTitle: title, causeName: cause.name, link: receiptLink(deps.publicUrl, donation) }),
      tx,
    );
  }
}

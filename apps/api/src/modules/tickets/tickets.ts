import { randomInt } from 'node:crypto';
import { AMOUNT_COLUMN_MAX, TICKET_HOLD_MINUTES, ticketSalesOpen, ticketsLeftOf, type Attendee, type TicketCheckout, type TicketCheckoutCreateInput, type TicketOrder } from '@goodtable/shared';
import { outsideAfterCommitScope } from '../../db/after-commit.ts';
import type { Executor } from '../../db/client.ts';
import { perDatabaseHandle } from '../../db/prepared-query.ts';
import type { PaymentRow, RefundReason, TicketCheckoutRow, TicketRow } from '../../db/schema/index.ts';
import type { Mailer } from '../../email/mailer.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { DomainError, conflict, notAllowed, notFound } from '../../lib/domain-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SignedInContext } from '../../lib/service-context.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import type { PaymentPort } from '../../lib/payment-port.ts';
import { keyedBatches, type BatchOutcome } from '../../lib/keyed-batches.ts';
import { bookingMoneyTerms, bookingPaymentTerms } from '../bookings/bookings.service.ts';
import { publishEventProgress, publishEventProgressOf, type CauseShareReader } from '../events/events.service.ts';
import * as repository from './tickets.repository.ts';
import { refundEmailForBuyer, ticketsEmail, waitlistOfferEmail } from './ticket-emails.ts';
import { giftComponent } from './ticket-gift.ts';
import { notifyTicketMilestones } from './ticket-notifications.ts';

/**
 * Tickets for a confirmed event, bought as a guest: a checkout holds its tickets for 15 minutes (business
 * clock) through one atomic counter update on the booking row, its card payment (`CREDIT_CARD_TICKETS`, no payer) is
 * confirmed by the payment's id alone, and success sells the tickets, issues one code per attendee, puts the money in
 * platform holding and emails the buyer, all in the confirm's transaction. docs/decisions/0082-ticket-counters-and-holds.md.
 */

export type TicketDeps = {
  db: Executor;
  clock: Clock;
  jobs: JobQueue;
  live: LiveHub;
  mailer: Pick<Mailer, 'enqueue' | 'send'>;
  /** The payments module's side of a ticket payment (docs/decisions/0241-tickets-and-donations-modules.md). */
  payments: PaymentPort;
  email: { publicUrl: string; mailFrom: string };
  /** The settlement's formula: the live progress states what the cause receives. */
  causeShare: CauseShareReader;
};

const HOLD_MS = TICKET_HOLD_MINUTES * 60 * 1000;
export const RELEASE_HOLD_JOB = 'tickets.release-hold';
export const TICKETS_EMAIL_JOB = 'tickets.send-email';

const eventNotFound = () => notFound('Event not found', 'events.notFound');
const notEnoughLeft = () => new DomainError('conflict', { message: 'Not enough tickets are left', code: 'tickets.notEnoughLeft', details: [{ field: 'quantity', message: 'validation.notEnoughTickets' }] });
const salesClosed = () => conflict('This event has started: tickets are no longer sold', 'tickets.salesClosed');
const keyInFlight = () => conflict('This checkout is being created by another request', 'payments.idempotencyKeyInFlight');
const checkoutNotFound = () => notFound('No such checkout', 'tickets.checkoutNotFound');

/** Letters and digits nobody misreads (no 0/O, 1/I/L): a ticket code is `GT-` and 16 of them (about 79 bits). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newTicketCode(): string {
  return `GT-${Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;
}

export function presentCheckout(row: TicketCheckoutRow, payment: Pick<PaymentRow, 'id' | 'status'> & { clientSecret?: string }): TicketCheckout {
  return {
    id: row.id,
    expires_at: row.expiresAt.toISOString(),
    amount: row.amount,
    currency: row.currency,
    payment: { id: payment.id, status: payment.status, ...(payment.clientSecret ? { client_secret: payment.clientSecret } : {}) },
    event_id: row.bookingId,
    status: row.status,
    quantity: row.quantity,
    ticket_price: row.ticketPrice,
    donation: row.donation,
    email: row.email,
    attendees: row.attendees,
  };
}

async function replayCheckout(deps: Pick<TicketDeps, 'db' | 'payments'>, { existing, input }: { existing: TicketCheckoutRow; input: TicketCheckoutCreateInput }): Promise<TicketCheckout> {
  const same =
    existing.quantity === input.quantity &&
    existing.email === input.email &&
    existing.donation === (input.donation ?? 0) &&
    JSON.stringify(existing.attendees) === JSON.stringify(input.attendees);
  if (!same) throw conflict('This Idempotency-Key was already used for another checkout', 'payments.idempotencyKeyReused');
  const payment = (await deps.payments.findPayment(deps.db, { paymentId: existing.paymentId }))!;
  return presentCheckout(existing, payment);
}

/**
 * POST /v1/events/{id}/checkouts: holds the tickets (409 `tickets.notEnoughLeft` when fewer are left, nothing
 * changed), registers the card payment of the server's amount (ticket price × quantity + donation) and schedules the
 * hold's release. The same Idempotency-Key on the same event answers the same checkout.
 */
export async function createTicketCheckout(
  deps: TicketDeps,
  { eventId, input, ...options }: { eventId: string; input: TicketCheckoutCreateInput; idempotencyKey?: string; language: 'en' | 'vn' },
): Promise<TicketCheckout> {
  // Read before the transaction (unlocked, as it always was): a checkout that cannot be served is answered by this
  // read alone (once sold out, most buyers of a popular event are here), and the batch of holds is the real guard.
  // The buyers of one event arriving together share the read, which also finds the checkouts made earlier with
  // their Idempotency-Keys: a retry gets its checkout back, sold out or not.
  const key = options.idempotencyKey ?? null;
  const terms = await termsBatchesOf(deps).submit(eventId, key);
  const earlierCheckoutId = key === null ? undefined : terms?.earlierCheckoutIds.get(key);
  if (earlierCheckoutId) return replayCheckout(deps, { existing: (await repository.findCheckout(deps.db, { id: earlierCheckoutId }))!, input });
  if (!terms || terms.status !== 'CONFIRMED' || !terms.currency) throw eventNotFound();
  const currency = terms.currency;
  const now = deps.clock.now();
  if (!ticketSalesOpen(terms.date, now)) throw salesClosed();
  if (ticketsLeftOf(terms) < input.quantity) throw notEnoughLeft();
  const ticketPrice = terms.ticketPrice ?? 0;
  const donation = input.donation ?? 0;
  const amount = ticketPrice * input.quantity + donation;
  if (amount <= 0) throw conflict('Free tickets need no checkout', 'tickets.nothingToPay');
  assertCheckoutFits({ amount, donation, donationsRaised: terms.donationsRaised });
  // Registered with the provider before the transaction: no connection is held while it answers.
  const paymentId = crypto.randomUUID();
  const registered = await deps.payments.register({ paymentId, bookingId: eventId, payerId: null, amount, currency });
  return holdBatchesOf(deps).submit(eventId, {
    input,
    language: options.language,
    idempotencyKey: options.idempotencyKey ?? null,
    paymentId,
    registered,
    ticketPrice,
    donation,
    amount,
    currency,
  });
}

/**
 * A checkout's amount and the donations its event raises are integer columns (docs/decisions/0111-amount-bounds.md).
 * The bounds on ticket prices and donations keep a new event's checkouts within them; an event priced before those
 * bounds, or one whose donations have nearly filled their counter, is refused here with 400 rather than failing
 * once the card is charged.
 */
function assertCheckoutFits({ amount, donation, donationsRaised }: { amount: number; donation: number; donationsRaised: number }): void {
  if (amount > AMOUNT_COLUMN_MAX) {
    const field = donation > 0 ? 'donation' : 'quantity';
    throw new DomainError('invalid', { message: `Invalid ${field}: validation.checkoutTooLarge`, code: 'validation.failed', details: [{ field, message: 'validation.checkoutTooLarge' }] });
  }
  if (donationsRaised + donation > AMOUNT_COLUMN_MAX) {
    throw new DomainError('invalid', { message: 'Invalid donation: validation.eventDonationsFull', code: 'validation.failed', details: [{ field: 'donation', message: 'validation.eventDonationsFull' }] });
  }
}

/** Reads of one event's terms share one statement per batch (per database handle: one per app instance). */
const MAX_TERMS_BATCH = 256;
const termsBatchesOf = perDatabaseHandle((deps: Pick<TicketDeps, 'db'>) =>
  keyedBatches<string | null, repository.EventTicketTerms | undefined>(
    async (eventId, keys) => {
      const terms = await repository.findEventTicketTerms(deps.db, { id: eventId, idempotencyKeys: keys.filter((key): key is string => key !== null) });
      return keys.map(() => ({ ok: true as const, value: terms }));
    },
    { maxBatch: MAX_TERMS_BATCH },
  ),
);

/** A checkout decided on and its payment registered, waiting for its event's next batch of holds. */
type HoldRequest = {
  input: TicketCheckoutCreateInput;
  language: 'en' | 'vn';
  idempotencyKey: string | null;
  paymentId: string;
  registered: { ref: string; clientSecret?: string };
  ticketPrice: number;
  donation: number;
  amount: number;
  currency: string;
};

/** At most this many checkouts in one batch: one transaction's inserts stay a few hundred rows. */
const MAX_HOLD_BATCH = 128;
/** One event's holds are written in batches per database handle (one per app instance). */
const holdBatchesOf = perDatabaseHandle((deps: TicketDeps) =>
  keyedBatches<HoldRequest, TicketCheckout>((eventId, requests) => outsideAfterCommitScope(() => holdBatch(deps, { eventId, requests })), { maxBatch: MAX_HOLD_BATCH }),
);

/**
 * The checkouts of one event that arrived together, in one transaction (group commit): the event's row is locked
 * once and its tickets left are shared out in arrival order (a checkout that no longer fits is refused, 409, and a
 * later smaller one may still fit); the payments, checkouts and release jobs are one multi-row insert each; the
 * held total is one update and the page's progress one event. Under a rush this is what keeps the row's lock from
 * serialising every buyer; tickets sold + held still never exceed the guests. docs/decisions/0086-ticket-sales-written-in-batches.md.
 */
async function holdBatch(deps: TicketDeps, { eventId, requests }: { eventId: string; requests: HoldRequest[] }): Promise<BatchOutcome<TicketCheckout>[]> {
  return deps.db.transaction(async (tx) => {
    const outcomes: BatchOutcome<TicketCheckout>[] = requests.map(() => ({ ok: false, error: notEnoughLeft() }));
    const counters = await repository.lockTicketCounters(tx, eventId);
    const now = deps.clock.now();
    let left = counters ? ticketsLeftOf(counters) : 0;
    const keys = new Set<string>();
    const granted: { index: number; request: HoldRequest; checkoutId: string }[] = [];
    requests.forEach((request, index) => {
      if (!counters || counters.status !== 'CONFIRMED') outcomes[index] = { ok: false, error: eventNotFound() };
      else if (!ticketSalesOpen(counters.date, now)) outcomes[index] = { ok: false, error: salesClosed() };
      else if (request.idempotencyKey && keys.has(request.idempotencyKey)) outcomes[index] = { ok: false, error: keyInFlight() };
      else if (request.input.quantity <= left) {
        left -= request.input.quantity;
        if (request.idempotencyKey) keys.add(request.idempotencyKey);
        granted.push({ index, request, checkoutId: crypto.randomUUID() });
      }
    });
    if (granted.length === 0) return outcomes;
    const expiresAt = new Date(now.getTime() + HOLD_MS);
    await deps.payments.insertPayments(
      tx,
      granted.map(({ request, checkoutId }) => ({
        id: request.paymentId,
        bookingId: eventId,
        payerId: null,
        type: 'CREDIT_CARD_TICKETS' as const,
        amount: request.amount,
        currency: request.currency,
        status: 'requires_payment_method' as const,
        provider: deps.payments.providerName,
        providerRef: request.registered.ref,
        idempotencyKey: `checkout:${checkoutId}`,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const written = new Map(
      (
        await repository.insertCheckouts(
          tx,
          granted.map(({ request, checkoutId }) => ({
            id: checkoutId,
            bookingId: eventId,
            paymentId: request.paymentId,
            email: request.input.email,
            language: request.language,
            attendees: request.input.attendees,
            quantity: request.input.quantity,
            ticketPrice: request.ticketPrice,
            donation: request.donation,
            amount: request.amount,
            currency: request.currency,
            status: 'held' as const,
            expiresAt,
            idempotencyKey: request.idempotencyKey,
            createdAt: now,
            updatedAt: now,
          })),
        )
      ).map((row) => [row.id, row]),
    );
    // A checkout with this Idempotency-Key was committed since this buyer's first read (a retry racing its first
    // try): that buyer is told to retry and gets it back then; its payment row goes.
    const lost = granted.filter(({ checkoutId }) => !written.has(checkoutId));
    for (const { index } of lost) outcomes[index] = { ok: false, error: keyInFlight() };
    await deps.payments.deletePayments(
      tx,
      lost.map(({ request }) => request.paymentId),
    );
    const kept = granted.filter(({ checkoutId }) => written.has(checkoutId));
    if (kept.length === 0) return outcomes;
    // The one reserve, under the row lock taken above: the total shared out, guarded as every hold is.
    const held = await repository.holdTickets(tx, { bookingId: eventId, quantity: kept.reduce((total, { request }) => total + request.input.quantity, 0) });
    if (!held) throw new Error(`The tickets left of event ${eventId} moved under its row lock`);
    await scheduleReleases(deps, { tx, checkouts: kept.map(({ checkoutId }) => written.get(checkoutId)!) });
    await publishEventProgressOf({ db: tx, live: deps.live, causeShare: deps.causeShare }, { id: eventId, sales: held });
    for (const { index, request, checkoutId } of kept) {
      const payment = { id: request.paymentId, status: 'requires_payment_method' as const, ...(request.registered.clientSecret ? { clientSecret: request.registered.clientSecret } : {}) };
      outcomes[index] = { ok: true, value: presentCheckout(written.get(checkoutId)!, payment) };
    }
    return outcomes;
  });
}

async function scheduleReleases(deps: Pick<TicketDeps, 'jobs'>, { tx, checkouts }: { tx: Executor; checkouts: TicketCheckoutRow[] }): Promise<void> {
  await deps.jobs.enqueueMany(
    checkouts.map((checkout) => ({ kind: RELEASE_HOLD_JOB, payload: { checkout_id: checkout.id }, runAt: checkout.expiresAt, dedupeKey: `${RELEASE_HOLD_JOB}:${checkout.id}:${checkout.expiresAt.toISOString()}` })),
    tx,
  );
}

/**
 * The release job (due when the hold ends, business clock): a checkout still held and not paid gives its tickets
 * back, the page's progress moves and the waiting list is offered the seats. A checkout paid, re-held for longer, or
 * already released is left alone. Runs in the job's transaction, the payment and checkout rows locked (a confirm
 * waits on them).
 */
export async function releaseExpiredHold(deps: TicketDeps, checkoutId: string): Promise<void> {
  const now = deps.clock.now();
  const expired = (row: TicketCheckoutRow | undefined): row is TicketCheckoutRow => row?.status === 'held' && row.expiresAt.getTime() <= now.getTime();
  const seen = await repository.findCheckout(deps.db, { id: checkoutId });
  if (!expired(seen)) return;
  // The payment's lock first, then the checkout's, as every confirm takes them (a batch of confirms included): a
  // confirm and this release wait on each other in turn, never crosswise.
  const payment = await deps.payments.findPayment(deps.db, { paymentId: seen.paymentId, lock: true });
  const checkout = await repository.findCheckout(deps.db, { id: checkoutId, lock: true });
  if (!expired(checkout) || payment?.status === 'succeeded') return;
  await repository.releaseTickets(deps.db, { bookingId: checkout.bookingId, quantity: checkout.quantity });
  await repository.updateCheckout(deps.db, { id: checkout.id, values: { status: 'expired', updatedAt: now } });
  await publishEventProgress({ db: deps.db, live: deps.live, causeShare: deps.causeShare }, checkout.bookingId);
  await offerSeatsToWaitlist(deps, { tx: deps.db, bookingId: checkout.bookingId, seats: checkout.quantity });
}

/**
 * Before a ticket payment reaches the provider (in the confirm's transaction, the payment row locked): its checkout
 * must hold the tickets. A hold that expired is taken again when enough are left (a fresh 15 minutes); otherwise 409
 * `tickets.holdExpired` and the card is not charged: a ticket is never sold twice.
 */
export async function holdForPayment(deps: TicketDeps, { tx, payment, approving }: { tx: Executor; payment: PaymentRow; approving: boolean }): Promise<TicketCheckoutRow> {
  const checkout = await repository.findCheckoutOfPayment(tx, { paymentId: payment.id, lock: true });
  if (!checkout) throw checkoutNotFound();
  if (checkout.status === 'held' || !approving) return checkout;
  if (checkout.status === 'cancelled') throw conflict('This event is no longer selling tickets; nothing was charged', 'tickets.salesClosed');
  if (checkout.status !== 'expired') throw conflict('This checkout is closed', 'tickets.checkoutClosed');
  const held = await repository.holdTickets(tx, { bookingId: checkout.bookingId, quantity: checkout.quantity });
  if (!held) throw conflict('Your hold expired and the tickets are no longer available; nothing was charged', 'tickets.holdExpired');
  const now = deps.clock.now();
  const reheld = await repository.updateCheckout(tx, { id: checkout.id, values: { status: 'held', expiresAt: new Date(now.getTime() + HOLD_MS), updatedAt: now } });
  await scheduleReleases(deps, { tx, checkouts: [reheld] });
  await publishEventProgressOf({ db: tx, live: deps.live, causeShare: deps.causeShare }, { id: checkout.bookingId, sales: held });
  return reheld;
}

/**
 * Payments succeeded (in their transaction, before the charges are written): the checkouts are paid, one ticket per
 * attendee is issued with its code and the jobs that email the buyers their tickets are enqueued (they commit with
 * the sale; the emails, their QR codes and calendars are made after the commit, outside the sale's transaction). One
 * statement each for the whole batch. The events' counters move in `finishSales`, the transaction's last step, so the
 * booking rows stay locked only for its last statements.
 */
export async function sellCheckouts(deps: TicketDeps, { tx, checkouts }: { tx: Executor; checkouts: TicketCheckoutRow[] }): Promise<void> {
  const now = deps.clock.now();
  await repository.markCheckoutsPaid(tx, { ids: checkouts.map((checkout) => checkout.id), at: now });
  await repository.insertTickets(
    tx,
    checkouts.flatMap((checkout) => checkout.attendees.map((name, position) => ({ checkoutId: checkout.id, bookingId: checkout.bookingId, position, attendeeName: name, code: newTicketCode(), createdAt: now }))),
  );
  await deps.jobs.enqueueMany(
    checkouts.map((checkout) => ({ kind: TICKETS_EMAIL_JOB, payload: { checkout_id: checkout.id }, dedupeKey: `${TICKETS_EMAIL_JOB}:${checkout.id}` })),
    tx,
  );
}

/**
 * The tickets email job: the buyer's receipt with one QR code per ticket and the calendar invitation, sent once the
 * sale committed (a failed delivery retries like every email). A checkout that is not paid (or refunded since) has
 * nothing to send.
 */
export async function sendTicketsEmail(deps: Pick<TicketDeps, 'db' | 'clock' | 'email'> & { mailer: Pick<Mailer, 'send'> }, checkoutId: string): Promise<void> {
  const checkout = await repository.findCheckout(deps.db, { id: checkoutId });
  if (!checkout || (checkout.status !== 'paid' && checkout.status !== 'refunded')) return;
  const issued = await repository.ticketsOfCheckout(deps.db, checkout.id);
  await deps.mailer.send(await ticketsEmail(deps, { checkout, issued }));
}

/**
 * After the charges are written (same transaction): per event, the held tickets become sold and the donations raised
 * in one update (the booking row's lock is taken here, late; events in id order, so two batches never wait on each
 * other crosswise), the page's progress moves once, and the organiser and the restaurant side hear of the milestones
 * the sales crossed.
 */
export async function finishSales(deps: TicketDeps, { tx, checkouts }: { tx: Executor; checkouts: TicketCheckoutRow[] }): Promise<void> {
  const byEvent = new Map<string, { quantity: number; donation: number }>();
  for (const checkout of checkouts) {
    const sum = byEvent.get(checkout.bookingId) ?? { quantity: 0, donation: 0 };
    byEvent.set(checkout.bookingId, { quantity: sum.quantity + checkout.quantity, donation: sum.donation + checkout.donation });
  }
  for (const eventId of [...byEvent.keys()].sort()) {
    const { quantity, donation } = byEvent.get(eventId)!;
    const after = await repository.sellHeldTickets(tx, { bookingId: eventId, quantity, donation });
    await notifyTicketMilestones({ ...deps, db: tx }, { after, quantity, donation });
    if (after.status === 'CONFIRMED') await publishEventProgressOf({ db: tx, live: deps.live, causeShare: deps.causeShare }, { id: eventId, sales: after });
  }
}

/** The buyer's tickets page (GET /v1/checkouts/{id}): the checkout's id is its unguessable link. */
export async function getTicketOrder(deps: Pick<TicketDeps, 'db' | 'payments'>, id: string): Promise<TicketOrder> {
  const checkout = await repository.findCheckout(deps.db, { id });
  if (!checkout) throw checkoutNotFound();
  const payment = (await deps.payments.findPayment(deps.db, { paymentId: checkout.paymentId }))!;
  const terms = await bookingMoneyTerms(deps.db, checkout.bookingId);
  const details = await repository.eventDetailsOf(deps.db, checkout.bookingId);
  const issued = checkout.status === 'paid' ? await repository.ticketsOfCheckout(deps.db, checkout.id) : [];
  return {
    ...presentCheckout(checkout, payment),
    event: {
      title: terms.title ?? '',
      date: terms.date?.toISOString() ?? '',
      restaurant_name: terms.restaurantName ?? '',
      address: details?.address ?? null,
      time_zone: details?.timeZone ?? null,
      cause_name: details?.causeName ?? null,
    },
    tickets: issued.map(presentIssuedTicket),
    tax_deductible: giftComponent(checkout, terms.menuPrice),
    gift_component: giftComponent(checkout, terms.menuPrice),
  };
}

export const presentIssuedTicket = (ticket: TicketRow) => ({ id: ticket.id, attendee_name: ticket.attendeeName, code: ticket.code, checked_in_at: ticket.checkedInAt?.toISOString() ?? null });

// ---------------------------------------------------------------- settlement and cancellation

/** n and D of the settlement (booking-money.ts `ticketIncome`): the booking's paid, not refunded, checkouts. */
export const paidTicketIncome = (db: Executor, bookingId: string) => repository.paidTicketIncome(db, bookingId);

/** The event left CONFIRMED: its open holds are closed and their tickets released. */
export async function closeEventHolds(tx: Executor, { bookingId, now }: { bookingId: string; now: Date }): Promise<void> {
  for (const held of await repository.lockCheckoutsOfBooking(tx, { bookingId, status: 'held' })) {
    await repository.releaseTickets(tx, { bookingId, quantity: held.quantity });
    await repository.updateCheckout(tx, { id: held.id, values: { status: 'cancelled', updatedAt: now } });
  }
}

/**
 * A cancelled event's tickets (in the cancellation's transaction): open holds are closed, and every paid checkout is
 * refunded in full, tickets and donation (`restaurant_cancelled` when the restaurant cancelled, else
 * `booking_cancelled`), each a refund row and a `refund` ledger transaction out of holding, with an email to the buyer.
 */
export async function refundEventTickets(
  deps: Pick<TicketDeps, 'payments'> & { mailer: Pick<Mailer, 'enqueue'>; publicUrl: string },
  { tx, bookingId, reason, now }: { tx: Executor; bookingId: string; reason: RefundReason; now: Date },
): Promise<void> {
  await closeEventHolds(tx, { bookingId, now });
  const terms = await bookingMoneyTerms(tx, bookingId);
  for (const checkout of await repository.lockCheckoutsOfBooking(tx, { bookingId, status: 'paid' })) {
    const payment = (await deps.payments.findPayment(tx, { paymentId: checkout.paymentId, lock: true }))!;
    await deps.payments.recordRefund(tx, { payment, bookingId, amount: payment.amount, reason, now });
    await repository.updateCheckout(tx, { id: checkout.id, values: { status: 'refunded', updatedAt: now } });
    await deps.mailer.enqueue(ticketRefundEmailOf(checkout, { title: terms.title ?? '', link: `${deps.publicUrl}/tickets/${checkout.id}` }), tx);
  }
}

function ticketRefundEmailOf(checkout: TicketCheckoutRow, { title, link }: { title: string; link: string }) {
  return refundEmailForBuyer({ to: checkout.email, language: checkout.language === 'vn' ? 'vn' : 'en', title, amount: checkout.amount, currency: checkout.currency, link });
}
// ---------------------------------------------------------------- waiting list

/** POST /v1/events/{id}/waitlist: a sold-out event's waiting list (an address once; 409 while tickets are left). */
export async function joinWaitlist(deps: Pick<TicketDeps, 'db' | 'clock' | 'live'>, { eventId, email, language }: { eventId: string; email: string; language: 'en' | 'vn' }): Promise<void> {
  const terms = await bookingMoneyTerms(deps.db, eventId).catch(() => undefined);
  if (!terms || terms.status !== 'CONFIRMED') throw eventNotFound();
  await repository.addToWaitlist(deps.db, { bookingId: eventId, email, language, createdAt: deps.clock.now() });
}

/** Seats came back (a hold released): the next people waiting, in order, get an email offering them (one per seat). */
export async function offerSeatsToWaitlist(deps: Pick<TicketDeps, 'mailer' | 'clock' | 'email'>, { tx, bookingId, seats }: { tx: Executor; bookingId: string; seats: number }): Promise<void> {
  if (seats <= 0) return;
  const waiting = await repository.nextOnWaitlist(tx, { bookingId, limit: seats });
  if (waiting.length === 0) return;
  const terms = await bookingMoneyTerms(tx, bookingId);
  const now = deps.clock.now();
  for (const entry of waiting) {
    await repository.markOffered(tx, { id: entry.id, at: now });
    await deps.mailer.enqueue(
      waitlistOfferEmail({ to: entry.email, language: entry.language === 'vn' ? 'vn' : 'en', title: terms.title ?? '', link: `${deps.email.publicUrl}/share/${bookingId}` }),
      tx,
    );
  }
}

// ---------------------------------------------------------------- check-in (the restaurant side)

async function restaurantSide(deps: Pick<SignedInContext, 'db' | 'viewer'>, { bookingId, allowClient = false }: { bookingId: string; allowClient?: boolean }) {
  const terms = await bookingPaymentTerms(deps, bookingId);
  if (terms.side !== 'restaurant' && !(allowClient && terms.side === 'client')) {
    throw notAllowed('Only the restaurant checks attendees in', 'tickets.notRestaurant');
  }
  return terms;
}

/** GET /v1/bookings/{id}/attendees: the restaurant side and the client (other parties 403 via the rules, strangers 404). */
export async function listAttendees(deps: Pick<SignedInContext, 'db' | 'viewer'>, bookingId: string): Promise<{ data: Attendee[] }> {
  await restaurantSide(deps, { bookingId, allowClient: true });
  const rows = await repository.attendeesOfBooking(deps.db, bookingId);
  return {
    data: rows.map((row) => ({
      ticket_id: row.ticketId,
      attendee_name: row.attendeeName,
      code: row.code,
      buyer_email: row.buyerEmail,
      checked_in_at: row.checkedInAt?.toISOString() ?? null,
      checked_in_by: row.checkedInAt ? [row.checkedInByFirst, row.checkedInByLast].filter(Boolean).join(' ') : null,
    })),
  };
}

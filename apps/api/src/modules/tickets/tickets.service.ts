import type { Executor } from '../../db/client.ts';
import type { NewTicketCheckoutRow, TicketCheckoutRow } from '../../db/schema/index.ts';
import * as repository from './tickets.repository.ts';
import { newTicketCode } from './tickets.ts';

/**
 * The tickets module's surface (docs/decisions/0241-tickets-and-donations-modules.md): the payments module confirms a
 * ticket payment, settles and refunds an event's sales and seeds demo sales through these; the donations module moves
 * the same counters and milestones.
 */
export {
  closeEventHolds,
  finishSales,
  holdForPayment,
  paidTicketIncome,
  refundEventTickets,
  sellCheckouts,
  type TicketDeps,
} from './tickets.ts';
export { notifyTicketMilestones } from './ticket-notifications.ts';
export { buyerLanguage } from './tickets.routes.ts';

/** The ticket payments' checkouts, locked in payment order (a batch of confirms takes them as a single confirm does). */
export function lockCheckoutsOfPayments(db: Executor, paymentIds: string[]): Promise<TicketCheckoutRow[]> {
  return repository.lockCheckoutsOfPayments(db, paymentIds);
}

/** Reserves tickets of a CONFIRMED event; undefined when fewer are left or the event is not CONFIRMED. */
export function holdTickets(db: Executor, hold: repository.TicketCount) {
  return repository.holdTickets(db, hold);
}

/** Held tickets paid: they become sold, and the donation (given with them or alone: quantity 0) joins what was raised. */
export function sellHeldTickets(db: Executor, sale: repository.TicketCount & { donation: number }) {
  return repository.sellHeldTickets(db, sale);
}

/**
 * A paid checkout as a sale leaves it, without the sale's steps (the demo seed writes history): the checkout row and
 * one ticket with its code per attendee, issued at `issuedAt`.
 */
export async function insertPaidCheckout(db: Executor, { checkout, issuedAt }: { checkout: NewTicketCheckoutRow & { id: string }; issuedAt: Date }): Promise<void> {
  await repository.insertCheckouts(db, [checkout]);
  await repository.insertTickets(
    db,
    checkout.attendees.map((name, position) => ({ checkoutId: checkout.id, bookingId: checkout.bookingId, position, attendeeName: name, code: newTicketCode(), createdAt: issuedAt })),
  );
}

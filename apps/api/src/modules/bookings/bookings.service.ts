/**
 * The bookings module's surface: what routes and other modules call. Each use case lives in its own file of the
 * module (docs/architecture.md, "The bookings module's files"); this file re-exports them.
 */
import type { Executor } from '../../db/client.ts';
import * as repository from './bookings.repository.ts';

export { bookingInvitation, CALENDAR_CONTENT_TYPE, parseMailbox } from './booking-calendar.ts';
export { type BookingVersion } from './booking-changes.ts';
export type { BookingDeps, BookingEmailSettings, BookingModuleDeps, BookingSystemDeps } from './booking-deps.ts';
export { DEADLINE_REMINDER_MS, queueDeadlineReminders, runBookingDeadlines, sendDeadlineReminder } from './booking-deadlines.ts';
export { createBooking, deleteBooking, rebookBooking, updateBooking } from './booking-drafts.ts';
export { setGuestPreferences } from './booking-guest-preferences.ts';
export { bookingSummary, listUserBookings } from './booking-lists.ts';
export { recordDepositPaid, setDepositDeadlinePaused, setTicketsSoldForTests } from './booking-payment-changes.ts';
export { getBooking, listBookingEvents } from './booking-reads.ts';
export {
  bookingMoneyTerms,
  bookingPaymentTerms,
  lockedBookingPaymentTerms,
  bookingRulesOf,
  getBookingOptions,
  ticketSalesOpen,
  ticketsLeftOf,
  type BookingMoneyTerms,
  type BookingPaymentTerms,
} from './booking-terms.ts';
export {
  createBookingTransitionListeners,
  type BookingTransitionChange,
  type BookingTransitionListener,
  type BookingTransitionListeners,
  type SystemTransitionGate,
} from './booking-transition-listeners.ts';
export { applyBookingAction, previewBookingAction } from './booking-transitions.ts';

// ---------------------------------------------------------------- ticket counters
// An event's ticket counters (the payments module's ticket checkout), in the caller's transaction: `holdTickets` is
// the one atomic check-and-reserve, so tickets sold + held never exceed the guests booked.

/** How many of an event's tickets, and for how many of them. */
export type TicketCount = { bookingId: string; quantity: number };

/** Reserves tickets of a CONFIRMED event; undefined when fewer are left or the event is not CONFIRMED. */
export function holdTickets(db: Executor, hold: TicketCount) {
  return repository.holdTickets(db, hold.bookingId, hold.quantity);
}

/** Locks an event's row for a batch of holds: what the batch shares out in arrival order before `holdTickets` takes its total. */
export function lockTicketCounters(db: Executor, bookingId: string) {
  return repository.lockTicketCounters(db, bookingId);
}

/** Gives back held tickets (a hold expired or its event was cancelled). */
export function releaseTickets(db: Executor, release: TicketCount) {
  return repository.releaseTickets(db, release.bookingId, release.quantity);
}

/** Held tickets paid: they become sold, and the donation (given with them or alone: quantity 0) joins what was raised. */
export function sellHeldTickets(db: Executor, sale: TicketCount & { donation: number }) {
  return repository.sellHeldTickets(db, sale.bookingId, sale.quantity, sale.donation);
}

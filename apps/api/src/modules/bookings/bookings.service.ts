/**
 * The bookings module's surface: what routes and other modules call. Each use case lives in its own file of the
 * module (docs/architecture.md, "The bookings module's files"); this file re-exports them.
 */

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

/**
 * Booking deadlines and refund rule (docs/product.md, Booking lifecycle and Money) as data. The defaults below are what a deployment gets
 * unless it configures others; the API passes its configured values, the web the ones the API reports.
 */
export const BOOKING_RESPONSE_HOURS = 72;
export const BOOKING_DEPOSIT_HOURS = 72;
export const BOOKING_AUTO_COMPLETE_DAYS = 7;
/** A booking records only its start; the event is taken to last this long ("Event live", then "event passed"). */
export const BOOKING_EVENT_DURATION_HOURS = 3;
/** A client cancelling more than this many days before the event gets the deposit back (docs/product.md, Money). */
export const BOOKING_CLIENT_REFUND_DAYS = 14;

export interface BookingRules {
  responseHours: number;
  depositHours: number;
  autoCompleteDays: number;
  eventDurationHours: number;
  clientRefundDays: number;
}

export const DEFAULT_BOOKING_RULES: BookingRules = {
  responseHours: BOOKING_RESPONSE_HOURS,
  depositHours: BOOKING_DEPOSIT_HOURS,
  autoCompleteDays: BOOKING_AUTO_COMPLETE_DAYS,
  eventDurationHours: BOOKING_EVENT_DURATION_HOURS,
  clientRefundDays: BOOKING_CLIENT_REFUND_DAYS,
};

/** Instants arrive as ISO strings (API payloads) or dates (database rows). */
export type Instant = string | Date;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function instantMs(instant: Instant): number {
  return typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
}

function addMs(instant: Instant, ms: number): string {
  return new Date(instantMs(instant) + ms).toISOString();
}

/** When the restaurant must have answered a request submitted at `submittedAt`. */
export function responseDueAt(submittedAt: Instant, rules: BookingRules = DEFAULT_BOOKING_RULES): string {
  return addMs(submittedAt, rules.responseHours * HOUR_MS);
}

/** When the client must have paid the deposit of a booking accepted at `acceptedAt`. */
export function depositDueAt(acceptedAt: Instant, rules: BookingRules = DEFAULT_BOOKING_RULES): string {
  return addMs(acceptedAt, rules.depositHours * HOUR_MS);
}

/** When the system confirms completion on the client's behalf, for an event marked complete at `markedAt`. */
export function autoCompleteAt(markedAt: Instant, rules: BookingRules = DEFAULT_BOOKING_RULES): string {
  return addMs(markedAt, rules.autoCompleteDays * DAY_MS);
}

/** When an event starting at `eventDate` is over. */
export function eventEndsAt(eventDate: Instant, rules: BookingRules = DEFAULT_BOOKING_RULES): string {
  return addMs(eventDate, rules.eventDurationHours * HOUR_MS);
}

/** Attendees are checked in from this many hours before the event starts (doors, early arrivals) until it ends. */
export const CHECK_IN_OPENS_HOURS_BEFORE = 12;

/** When checking attendees in opens and closes, for an event starting at `eventDate`. */
export function checkInWindow(eventDate: Instant, rules: BookingRules = DEFAULT_BOOKING_RULES): { opensAt: string; closesAt: string } {
  return { opensAt: addMs(eventDate, -CHECK_IN_OPENS_HOURS_BEFORE * HOUR_MS), closesAt: eventEndsAt(eventDate, rules) };
}

/**
 * docs/product.md, Money: a client cancelling more than `clientRefundDays` (14) days ahead of the event gets the deposit back;
 * later, the deposit is forfeited to the restaurant. Exactly 14 days ahead is not "more than" 14 days.
 */
export function depositRefundedOnClientCancel({ eventDate, now, rules = DEFAULT_BOOKING_RULES }: { eventDate: Instant; now: Date; rules?: BookingRules }): boolean {
  return instantMs(eventDate) - now.getTime() > rules.clientRefundDays * DAY_MS;
}

/**
 * Tickets neither sold nor held by an open checkout: what an event has left to sell, never below 0. A rule of its own
 * (not the tickets module's) because the booking, event and site pages read it too (docs/architecture.md, Modules).
 */
export function ticketsLeftOf(counters: { guests: number | null; ticketsSold: number; ticketsHeld: number }): number {
  return Math.max(0, (counters.guests ?? 0) - counters.ticketsSold - counters.ticketsHeld);
}

/**
 * Whether a confirmed event still sells tickets at `now` (the business clock): until it starts. It stays CONFIRMED
 * after that until it is marked complete, so its page must say sales are over rather than offer a checkout.
 */
export function ticketSalesOpen(date: Date | null, now: Date): boolean {
  return date === null || date.getTime() > now.getTime();
}

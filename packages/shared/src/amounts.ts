import { instantMs, type Instant } from './booking-rules.ts';

/**
 * Bounds on money amounts (minor units) and booking dates, shared by the API and the web forms (docs/decisions/
 * 0111-amount-bounds.md). Payments, refunds, ticket checkouts, donations and the bookings' counters are PostgreSQL
 * `integer` columns; the bounds keep every amount the server computes and stores at most `AMOUNT_COLUMN_MAX`.
 */

/** The largest value of a PostgreSQL `integer` column. */
export const AMOUNT_COLUMN_MAX = 2_147_483_647;

/**
 * A menu's price per head × its maximum guests. The total fee (price × guests booked, guests at most the menu's
 * maximum) is one payment, and the deposit and a settlement's balance charge are parts of that food cost.
 */
export const MENU_FOOD_COST_MAX = AMOUNT_COLUMN_MAX;

/** A ticket price × the event's seats (its guests): every ticket sold at once. */
export const TICKET_SALES_MAX = 1_000_000_000;

/**
 * The largest donation one ticket checkout takes. A checkout is at most the event's seats' worth of tickets plus its
 * donation: 1,000,000,000 + 1,000,000,000 stays under the column.
 */
export const CHECKOUT_DONATION_MAX = 1_000_000_000;

/** The latest a booking's event may be: this many years ahead of the business clock. */
export const BOOKING_DATE_MAX_YEARS_AHEAD = 2;

/** A field problem in the API's error-details shape (`validation.*` key). */
export type AmountFieldError<Field extends string> = { field: Field; message: string };

/** True when `price × count` fits `max` (nothing to check while either is missing). */
export function productFits({ price, count, max }: { price: number | null | undefined; count: number | null | undefined; max: number }): boolean {
  if (price === null || price === undefined || count === null || count === undefined) return true;
  return price * count <= max;
}

/** The latest instant an event may be booked for, seen at `now`. */
export function latestBookingDate(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + BOOKING_DATE_MAX_YEARS_AHEAD);
  return latest;
}

/** True when an event date is no further ahead of `now` than two years (a date not given is not checked). */
export function bookingDateWithinReach(date: Instant | null | undefined, now: Date): boolean {
  return date === null || date === undefined || instantMs(date) <= latestBookingDate(now).getTime();
}

export type BookingBoundsQuery = {
  booking: { date: Instant | null; guests: number | null; ticket_price: number | null };
  /** The booking's menu's price per head, when it names one. */
  menuPrice: number | null;
  now: Date;
};

/**
 * What a booking's own fields must respect whatever its restaurant: its date at most two years ahead, its tickets
 * all sold at most `TICKET_SALES_MAX`, its food cost (menu price × guests) at most `MENU_FOOD_COST_MAX`.
 */
export function bookingBoundsProblems({ booking, menuPrice, now }: BookingBoundsQuery): AmountFieldError<'date' | 'guests' | 'ticket_price'>[] {
  const errors: AmountFieldError<'date' | 'guests' | 'ticket_price'>[] = [];
  if (!bookingDateWithinReach(booking.date, now)) errors.push({ field: 'date', message: 'validation.dateTooFarAhead' });
  if (!productFits({ price: booking.ticket_price, count: booking.guests, max: TICKET_SALES_MAX })) errors.push({ field: 'ticket_price', message: 'validation.ticketSalesTooLarge' });
  if (!productFits({ price: menuPrice, count: booking.guests, max: MENU_FOOD_COST_MAX })) errors.push({ field: 'guests', message: 'validation.foodCostTooLarge' });
  return errors;
}

import { bookingBoundsProblems } from './amounts.ts';
import { instantMs, type Instant } from './booking-rules.ts';
import { WEEKDAYS, type Weekday } from './constants.ts';
import type { HostingPreferences, Menu } from './schemas/restaurants.ts';
import { readZonedClock } from './time-zones.ts';

/** A field problem in the API's error-details shape (`validation.*` key). */
export interface BookingFieldError {
  field: 'date' | 'guests' | 'ticket_price' | 'menu_id';
  message: string;
}

export interface HostingCheckQuery {
  booking: { date: Instant | null; guests: number | null; ticket_price: number | null };
  preferences: Pick<HostingPreferences, 'weekdays' | 'service_start' | 'service_end' | 'min_guests' | 'max_guests' | 'notice_days'>;
  menu: Pick<Menu, 'price_per_head' | 'min_guests' | 'max_guests' | 'active'> | null;
  now: Date;
  /** The restaurant's time zone: weekdays, service hours and notice days are the restaurant's. */
  timeZone: string;
}

const minutesOf = (timeOfDay: string) => Number(timeOfDay.slice(0, 2)) * 60 + Number(timeOfDay.slice(3, 5));

/** Whole calendar days from `from` to `to` (`YYYY-MM-DD`). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Checks a booking against the restaurant's hosting preferences and its menu, and its amounts and date against their
 * bounds (`bookingBoundsProblems`). Empty fields (a draft) are not checked;
 * `bookingSubmitSchema` reports them. A service that runs past midnight (18:00–01:00) counts an event at 00:30 as
 * part of the previous day's service, so the previous weekday must be a hosting day.
 */
export function validateAgainstHostingPreferences({ booking, preferences, menu, now, timeZone }: HostingCheckQuery): BookingFieldError[] {
  const errors: BookingFieldError[] = [];
  if (menu && !menu.active) errors.push({ field: 'menu_id', message: 'validation.menuUnavailable' });

  if (booking.date !== null) {
    const event = readZonedClock(new Date(instantMs(booking.date)), timeZone);
    const start = minutesOf(preferences.service_start);
    const end = minutesOf(preferences.service_end);
    const wraps = end < start;
    const inService = wraps ? event.minutes >= start || event.minutes < end : event.minutes >= start && event.minutes < end;
    const serviceDay: Weekday = wraps && event.minutes < end ? WEEKDAYS[(WEEKDAYS.indexOf(event.weekday) + 6) % 7]! : event.weekday;
    if (instantMs(booking.date) <= now.getTime()) errors.push({ field: 'date', message: 'validation.dateInPast' });
    else if (daysBetween(readZonedClock(now, timeZone).date, event.date) < preferences.notice_days) errors.push({ field: 'date', message: 'validation.tooLittleNotice' });
    else if (!preferences.weekdays.includes(serviceDay)) errors.push({ field: 'date', message: 'validation.weekdayNotHosted' });
    else if (!inService) errors.push({ field: 'date', message: 'validation.outsideServiceHours' });
  }

  if (booking.guests !== null) {
    const min = Math.max(preferences.min_guests, menu?.min_guests ?? 0);
    const max = Math.min(preferences.max_guests, menu?.max_guests ?? Number.POSITIVE_INFINITY);
    if (booking.guests < min) errors.push({ field: 'guests', message: 'validation.tooFewGuests' });
    else if (booking.guests > max) errors.push({ field: 'guests', message: 'validation.tooManyGuests' });
  }

  if (booking.ticket_price !== null && menu && booking.ticket_price < menu.price_per_head) {
    errors.push({ field: 'ticket_price', message: 'validation.ticketBelowMenuPrice' });
  }
  const bounds = bookingBoundsProblems({ booking, menuPrice: menu?.price_per_head ?? null, now });
  errors.push(...bounds.filter((bound) => !errors.some((error) => error.field === bound.field)));
  return errors;
}

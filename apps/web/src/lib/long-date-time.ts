import type { Locale } from '@goodtable/shared';

/**
 * The long date and time of docs/product.md, Business constants (YYYY-MM-DD hh:mm A), written from the browser's own
 * time-zone data (Intl) rather than date-fns: the public pages that show an event's time (share page, upcoming
 * events) then load no date library (docs/decisions/0262-below-the-fold-parts-hydrate-when-near.md). The layout is the
 * same in every language: digits and AM/PM (date-fns's Vietnamese locale writes AM/PM too).
 */

type Instant = Date | string | number;

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of `date` in `timeZone` (IANA name). */
function wallClock(date: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  let wallClockFormat = wallClockFormats.get(timeZone);
  if (!wallClockFormat) {
    wallClockFormat = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    wallClockFormats.set(timeZone, wallClockFormat);
  }
  const parts = wallClockFormat.formatToParts(date);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return { year: field('year'), month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute') };
}

const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');

/** Long date and time (docs/product.md, Business constants) (YYYY-MM-DD hh:mm A) in `timeZone`. */
export function formatLongDateTime({ instant, timeZone }: { instant: Instant; timeZone: string; locale: Locale }): string {
  const { year, month, day, hour, minute } = wallClock(new Date(instant), timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour % 12 || 12)}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

export type EventTime = {
  /** The event's time where it happens (the restaurant's zone). */
  atRestaurant: string;
  /** The same instant in the viewer's zone, or null when the viewer's clock reads the same then. */
  forViewer: string | null;
};

/**
 * An event's time in the restaurant's zone, plus the viewer's own time when their clock differs at that instant
 * (a donor in Melbourne looking at a dinner in Da Nang). Zones whose clocks read the same at that instant (the same
 * offset then) show it once, so a DST change elsewhere in the year does not matter.
 */
export function eventTime({ instant, restaurantTimeZone, viewerTimeZone, locale }: {
  instant: Instant;
  restaurantTimeZone: string;
  viewerTimeZone: string;
  locale: Locale;
}): EventTime {
  const date = new Date(instant);
  const atRestaurant = formatLongDateTime({ instant: date, timeZone: restaurantTimeZone, locale });
  const forViewer = formatLongDateTime({ instant: date, timeZone: viewerTimeZone, locale });
  return { atRestaurant, forViewer: forViewer === atRestaurant ? null : forViewer };
}

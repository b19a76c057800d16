import { format, formatDistanceStrict } from 'date-fns';
import { enUS, vi } from 'date-fns/locale';
import { tz, tzOffset } from '@date-fns/tz';
import { DATE_FORMAT_LONG, DATE_FORMAT_SHORT, type Locale } from '@goodtable/shared';

/**
 * The formats of docs/product.md, Business constants are written in the Moment.js style (`YYYY-MM-DD hh:mm A`); date-fns spells the year `yyyy`,
 * the day of the month `dd` and the AM/PM marker `a` (its `YYYY`/`DD` mean week-year and day-of-year).
 */
export function toDateFnsPattern(specPattern: string): string {
  return specPattern.replaceAll('YYYY', 'yyyy').replaceAll('DD', 'dd').replaceAll('A', 'a');
}

const SHORT_PATTERN = toDateFnsPattern(DATE_FORMAT_SHORT);
const LONG_PATTERN = toDateFnsPattern(DATE_FORMAT_LONG);

/** The product's `vn` is Vietnamese (`vi`): names of days and months in Vietnamese, AM/PM as date-fns writes it. */
const DATE_LOCALES = { en: enUS, vn: vi } as const;

type Instant = Date | string | number;

/** An instant as wall-clock text in `timeZone` (IANA name) and the viewer's language, with a pattern of docs/product.md, Business constants. */
export function formatInZone({ instant, timeZone, locale, pattern }: { instant: Instant; timeZone: string; locale: Locale; pattern: string }): string {
  return format(new Date(instant), toDateFnsPattern(pattern), { in: tz(timeZone), locale: DATE_LOCALES[locale] });
}

/** Short date (docs/product.md, Business constants) (YYYY-MM-DD) in `timeZone`. */
export function formatShortDate({ instant, timeZone, locale }: { instant: Instant; timeZone: string; locale: Locale }): string {
  return format(new Date(instant), SHORT_PATTERN, { in: tz(timeZone), locale: DATE_LOCALES[locale] });
}

/** Long date and time (docs/product.md, Business constants) (YYYY-MM-DD hh:mm A) in `timeZone`. */
export function formatLongDateTime({ instant, timeZone, locale }: { instant: Instant; timeZone: string; locale: Locale }): string {
  return format(new Date(instant), LONG_PATTERN, { in: tz(timeZone), locale: DATE_LOCALES[locale] });
}

export type EventTime = {
  /** The event's time where it happens (the restaurant's zone). */
  atRestaurant: string;
  /** The same instant in the viewer's zone, or null when the viewer's clock reads the same then. */
  forViewer: string | null;
};

/**
 * An event's time in the restaurant's zone, plus the viewer's own time when their clock differs at that instant
 * (a donor in Melbourne looking at a dinner in Da Nang). Zones with the same offset at that instant show it once,
 * so a DST change elsewhere in the year does not matter.
 */
export function eventTime({ instant, restaurantTimeZone, viewerTimeZone, locale }: {
  instant: Instant;
  restaurantTimeZone: string;
  viewerTimeZone: string;
  locale: Locale;
}): EventTime {
  const date = new Date(instant);
  const atRestaurant = formatLongDateTime({ instant: date, timeZone: restaurantTimeZone, locale });
  const sameClock = tzOffset(restaurantTimeZone, date) === tzOffset(viewerTimeZone, date);
  return { atRestaurant, forViewer: sameClock ? null : formatLongDateTime({ instant: date, timeZone: viewerTimeZone, locale }) };
}

/** How far `instant` is from `now` in the viewer's language ("in 3 days", "2 hours ago"; "3 ngày nữa" in vn). */
export function formatRelativeTime({ instant, now, locale }: { instant: Instant; now: Date; locale: Locale }): string {
  return formatDistanceStrict(new Date(instant), now, { addSuffix: true, locale: DATE_LOCALES[locale] });
}

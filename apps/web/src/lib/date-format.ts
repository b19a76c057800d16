import { format, formatDistanceStrict } from 'date-fns';
import { enUS, vi } from 'date-fns/locale';
import { tz } from '@date-fns/tz';
import { DATE_FORMAT_SHORT, type Locale } from '@goodtable/shared';

// Without date-fns (the public pages load no date library); here too for the screens that import the rest.
export { eventTime, formatLongDateTime, type EventTime } from './long-date-time.ts';

/**
 * The formats of docs/product.md, Business constants are written in the Moment.js style (`YYYY-MM-DD hh:mm A`); date-fns spells the year `yyyy`,
 * the day of the month `dd` and the AM/PM marker `a` (its `YYYY`/`DD` mean week-year and day-of-year).
 */
export function toDateFnsPattern(specPattern: string): string {
  return specPattern.replaceAll('YYYY', 'yyyy').replaceAll('DD', 'dd').replaceAll('A', 'a');
}

const SHORT_PATTERN = toDateFnsPattern(DATE_FORMAT_SHORT);

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

/** How far `instant` is from `now` in the viewer's language ("in 3 days", "2 hours ago"; "3 ngày nữa" in vn). */
export function formatRelativeTime({ instant, now, locale }: { instant: Instant; now: Date; locale: Locale }): string {
  return formatDistanceStrict(new Date(instant), now, { addSuffix: true, locale: DATE_LOCALES[locale] });
}

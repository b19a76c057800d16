import type { Locale } from '@goodtable/shared';

/** A post's date in the reader's language, e.g. "12 January 2026" / "12 tháng 1, 2026". */
export function postDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'vn' ? 'vi' : 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

import { describe, expect, it } from 'vitest';
import { DATE_FORMAT_LONG, DATE_FORMAT_SHORT } from '@goodtable/shared';
import { eventTime, formatInZone, formatRelativeTime, formatLongDateTime, formatShortDate, toDateFnsPattern } from './date-format.ts';

const MELBOURNE = 'Australia/Melbourne';
const DA_NANG = 'Asia/Ho_Chi_Minh';

describe('date formats (docs/product.md, Business constants) in a time zone', () => {
  it('translates the product’s patterns to date-fns tokens', () => {
    expect(toDateFnsPattern(DATE_FORMAT_SHORT)).toBe('yyyy-MM-dd');
    expect(toDateFnsPattern(DATE_FORMAT_LONG)).toBe('yyyy-MM-dd hh:mm a');
  });

  it('formats the same instant as each zone reads it', () => {
    const instant = '2026-03-14T23:30:00Z';
    expect(formatShortDate({ instant, timeZone: MELBOURNE, locale: 'en' })).toBe('2026-03-15');
    expect(formatShortDate({ instant, timeZone: DA_NANG, locale: 'en' })).toBe('2026-03-15');
    expect(formatLongDateTime({ instant, timeZone: MELBOURNE, locale: 'en' })).toBe('2026-03-15 10:30 AM');
    expect(formatLongDateTime({ instant, timeZone: DA_NANG, locale: 'en' })).toBe('2026-03-15 06:30 AM');
  });

  it('follows the DST change in Melbourne (first Sunday of October 2026: 02:00 AEST becomes 03:00 AEDT)', () => {
    expect(formatLongDateTime({ instant: '2026-10-03T15:30:00Z', timeZone: MELBOURNE, locale: 'en' })).toBe('2026-10-04 01:30 AM');
    expect(formatLongDateTime({ instant: '2026-10-03T16:30:00Z', timeZone: MELBOURNE, locale: 'en' })).toBe('2026-10-04 03:30 AM');
    // Da Nang has no DST: one hour apart stays one hour apart.
    expect(formatLongDateTime({ instant: '2026-10-03T15:30:00Z', timeZone: DA_NANG, locale: 'en' })).toBe('2026-10-03 10:30 PM');
    expect(formatLongDateTime({ instant: '2026-10-03T16:30:00Z', timeZone: DA_NANG, locale: 'en' })).toBe('2026-10-03 11:30 PM');
  });

  it('uses the Vietnamese locale for vn (names of days), with the same layout', () => {
    expect(formatInZone({ instant: '2026-03-14T12:00:00Z', timeZone: DA_NANG, locale: 'vn', pattern: `EEEE ${DATE_FORMAT_LONG}` })).toBe(
      'Thứ Bảy 2026-03-14 07:00 PM',
    );
    expect(formatInZone({ instant: '2026-03-14T12:00:00Z', timeZone: DA_NANG, locale: 'en', pattern: `EEEE ${DATE_FORMAT_LONG}` })).toBe('Saturday 2026-03-14 07:00 PM');
  });
});

describe('event time in the restaurant zone and the viewer zone', () => {
  it("adds the viewer's time when their clock differs (a Melbourne donor, a dinner in Da Nang)", () => {
    expect(eventTime({ instant: '2026-07-10T12:00:00Z', restaurantTimeZone: DA_NANG, viewerTimeZone: MELBOURNE, locale: 'en' })).toEqual({
      atRestaurant: '2026-07-10 07:00 PM',
      forViewer: '2026-07-10 10:00 PM',
    });
  });

  it('shows the time once when both clocks read the same at that instant', () => {
    expect(eventTime({ instant: '2026-07-10T12:00:00Z', restaurantTimeZone: MELBOURNE, viewerTimeZone: 'Australia/Sydney', locale: 'en' }).forViewer).toBeNull();
    // Brisbane has no DST: the same as Melbourne in July, an hour behind in January.
    expect(eventTime({ instant: '2026-07-10T12:00:00Z', restaurantTimeZone: MELBOURNE, viewerTimeZone: 'Australia/Brisbane', locale: 'en' }).forViewer).toBeNull();
    expect(eventTime({ instant: '2026-01-10T12:00:00Z', restaurantTimeZone: MELBOURNE, viewerTimeZone: 'Australia/Brisbane', locale: 'en' }).forViewer).toBe(
      '2026-01-10 10:00 PM',
    );
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-14T12:00:00Z');
  it('says how long until a deadline, and how long since one passed, in the viewer language', () => {
    expect(formatRelativeTime({ instant: '2026-03-17T12:00:00Z', now, locale: 'en' })).toBe('in 3 days');
    expect(formatRelativeTime({ instant: '2026-03-14T10:00:00Z', now, locale: 'en' })).toBe('2 hours ago');
    expect(formatRelativeTime({ instant: '2026-03-17T12:00:00Z', now, locale: 'vn' })).toBe('3 ngày nữa');
  });
});

describe('the long date and time without date-fns', () => {
  it('reads as date-fns writes the product’s long pattern, in both languages, at every hour', () => {
    for (let hour = 0; hour < 24; hour++) {
      const instant = `2026-12-31T${String(hour).padStart(2, '0')}:05:00Z`;
      for (const timeZone of [MELBOURNE, DA_NANG, 'America/New_York', 'UTC']) {
        for (const locale of ['en', 'vn'] as const) {
          expect(formatLongDateTime({ instant, timeZone, locale })).toBe(formatInZone({ instant, timeZone, locale, pattern: DATE_FORMAT_LONG }));
        }
      }
    }
  });
});

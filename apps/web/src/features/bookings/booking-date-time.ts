import { TZDate } from '@date-fns/tz';

/** A wall-clock reading as the date and time inputs hold it: `YYYY-MM-DD` and `HH:MM` (24-hour). */
export type WallClock = { date: string; time: string };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** How `instant` reads on the wall clock of `timeZone` (e.g. a stored event time in the restaurant's zone). */
export function wallClockInZone(instant: string | Date, timeZone: string): WallClock {
  const zoned = new TZDate(new Date(instant).getTime(), timeZone);
  return {
    date: `${zoned.getFullYear()}-${twoDigits(zoned.getMonth() + 1)}-${twoDigits(zoned.getDate())}`,
    time: `${twoDigits(zoned.getHours())}:${twoDigits(zoned.getMinutes())}`,
  };
}

export type InstantFromWallClock =
  | { kind: 'empty' }
  /** Both parts typed: the instant as ISO 8601 with the zone's offset then (`2026-07-10T19:00:00.000+10:00`). */
  | { kind: 'instant'; iso: string }
  /** Not a date or time at all, or a time the zone skips (clocks going forward). */
  | { kind: 'invalid' };

/**
 * The instant a date and time entered in `timeZone` name. The offset is the zone's at that moment (daylight saving
 * included), so "19:00 in Sydney" stays 19:00 in Sydney whatever the viewer's own zone is.
 */
export function instantFromWallClock({ date, time }: WallClock, timeZone: string): InstantFromWallClock {
  if (date.trim() === '' && time.trim() === '') return { kind: 'empty' };
  const dateParts = DATE_PATTERN.exec(date.trim());
  const timeParts = TIME_PATTERN.exec(time.trim());
  if (!dateParts || !timeParts) return { kind: 'invalid' };
  const [year, month, day] = [Number(dateParts[1]), Number(dateParts[2]), Number(dateParts[3])];
  const [hours, minutes] = [Number(timeParts[1]), Number(timeParts[2])];
  const zoned = new TZDate(year, month - 1, day, hours, minutes, timeZone);
  const readBack = wallClockInZone(zoned, timeZone);
  // A day like 2026-02-30 rolls over, and a skipped hour moves: either way it is not the time the person typed.
  if (readBack.date !== date.trim() || readBack.time !== time.trim()) return { kind: 'invalid' };
  return { kind: 'instant', iso: zoned.toISOString() };
}

/** The zone the viewer's clock runs in: the account's, else the browser's. */
export function viewerTimeZone(accountTimeZone: string | null | undefined): string {
  return accountTimeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

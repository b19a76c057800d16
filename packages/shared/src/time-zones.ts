import type { Weekday } from './constants.ts';

/**
 * Browsers and Node list some IANA zones under their old CLDR names (e.g. `Asia/Saigon`); both names are valid
 * and mean the same zone. The product shows and stores the current IANA names.
 */
const CURRENT_TIME_ZONE_NAMES: Readonly<Record<string, string>> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The current IANA name of `zone` (`Asia/Saigon` → `Asia/Ho_Chi_Minh`); other names are returned as they are. */
export function currentTimeZoneName(zone: string): string {
  return CURRENT_TIME_ZONE_NAMES[zone] ?? zone;
}

/** True when two zone names denote the same zone, old or current name alike. */
export function isSameTimeZone(a: string, b: string): boolean {
  return currentTimeZoneName(a) === currentTimeZoneName(b);
}

/** The time zones this runtime supports, by current name, plus `UTC`, sorted (timezone form, docs/product.md, Validation rules). */
export function supportedTimeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...listed.map(currentTimeZoneName), 'UTC'])].sort((a, b) => a.localeCompare(b));
}

/** Wall-clock reading of an instant in a zone: its local date (`YYYY-MM-DD`), weekday and minutes since midnight. */
export interface ZonedReading {
  date: string;
  weekday: Weekday;
  minutes: number;
}

/** One formatter per zone: building an `Intl.DateTimeFormat` costs far more than formatting with it (lists read every row's zone). */
const zonedClockFormats = new Map<string, Intl.DateTimeFormat>();
function zonedClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zonedClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zonedClockFormats.set(timeZone, format);
  }
  return format;
}

/** Reads `instant` on the wall clock of `timeZone` (e.g. to tell whether an event is "on the day" in the restaurant's zone). */
export function readZonedClock(instant: Date, timeZone: string): ZonedReading {
  const parts = zonedClockFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    weekday: part('weekday').toLowerCase() as Weekday,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

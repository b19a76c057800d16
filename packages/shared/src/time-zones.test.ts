import { describe, expect, it } from 'vitest';
import { isValidTimeZone } from './helpers.ts';
import { currentTimeZoneName, isSameTimeZone, readZonedClock, supportedTimeZones } from './time-zones.ts';

describe('time zones', () => {
  it('reads an instant on a zone’s wall clock (date, weekday, minutes after midnight)', () => {
    const instant = new Date('2026-05-31T22:30:00.000Z');
    expect(readZonedClock(instant, 'Australia/Sydney')).toEqual({ date: '2026-06-01', weekday: 'monday', minutes: 8 * 60 + 30 });
    expect(readZonedClock(instant, 'UTC')).toEqual({ date: '2026-05-31', weekday: 'sunday', minutes: 22 * 60 + 30 });
    expect(readZonedClock(new Date('2026-06-01T00:00:00.000Z'), 'Asia/Ho_Chi_Minh').minutes).toBe(7 * 60);
  });

  it('gives renamed zones their current IANA name', () => {
    expect(currentTimeZoneName('Asia/Saigon')).toBe('Asia/Ho_Chi_Minh');
    expect(currentTimeZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentTimeZoneName('Australia/Sydney')).toBe('Australia/Sydney');
  });

  it('compares old and current names as the same zone', () => {
    expect(isSameTimeZone('Asia/Calcutta', 'Asia/Kolkata')).toBe(true);
    expect(isSameTimeZone('Asia/Calcutta', 'Asia/Karachi')).toBe(false);
  });

  it('lists current names and UTC, each valid, without duplicates', () => {
    const zones = supportedTimeZones();
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Ho_Chi_Minh');
    expect(zones).not.toContain('Asia/Saigon');
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones.every(isValidTimeZone)).toBe(true);
  });
});

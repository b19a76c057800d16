import { describe, expect, it } from 'vitest';
import { isValidTimeZone } from './helpers.ts';
import { currentTimeZoneName, isSameTimeZone, supportedTimeZones } from './time-zones.ts';

describe('time zones', () => {
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

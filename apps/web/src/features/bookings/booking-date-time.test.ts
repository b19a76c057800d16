import { describe, expect, it } from 'vitest';
import { instantFromWallClock, wallClockInZone } from './booking-date-time.ts';

const SYDNEY = 'Australia/Sydney';
const DA_NANG = 'Asia/Ho_Chi_Minh';

describe('booking date and time on the restaurant’s clock', () => {
  it('reads a typed date and time in the restaurant’s zone, with that zone’s offset then', () => {
    expect(instantFromWallClock({ date: '2026-07-10', time: '19:00' }, SYDNEY)).toEqual({ kind: 'instant', iso: '2026-07-10T19:00:00.000+10:00' });
    // Sydney in summer time (AEDT, +11) and Da Nang (no daylight saving, +7).
    expect(instantFromWallClock({ date: '2026-12-04', time: '19:00' }, SYDNEY)).toEqual({ kind: 'instant', iso: '2026-12-04T19:00:00.000+11:00' });
    expect(instantFromWallClock({ date: '2026-07-10', time: '19:00' }, DA_NANG)).toEqual({ kind: 'instant', iso: '2026-07-10T19:00:00.000+07:00' });
  });

  it('shows a stored instant as the restaurant’s clock reads it, whatever zone it was written in', () => {
    expect(wallClockInZone('2026-07-10T09:00:00Z', SYDNEY)).toEqual({ date: '2026-07-10', time: '19:00' });
    expect(wallClockInZone('2026-07-10T09:00:00Z', DA_NANG)).toEqual({ date: '2026-07-10', time: '16:00' });
    expect(wallClockInZone('2026-07-10T19:00:00.000+10:00', SYDNEY)).toEqual({ date: '2026-07-10', time: '19:00' });
    // Round trip: what the client typed is what the form shows again.
    const typed = { date: '2026-10-04', time: '18:30' };
    const stored = instantFromWallClock(typed, SYDNEY);
    expect(stored.kind).toBe('instant');
    expect(wallClockInZone((stored as { iso: string }).iso, SYDNEY)).toEqual(typed);
  });

  it('refuses dates that do not exist and the hour skipped when clocks go forward', () => {
    expect(instantFromWallClock({ date: '2026-02-30', time: '19:00' }, SYDNEY)).toEqual({ kind: 'invalid' });
    expect(instantFromWallClock({ date: '2026-07-10', time: '7pm' }, SYDNEY)).toEqual({ kind: 'invalid' });
    expect(instantFromWallClock({ date: '2026-07-10', time: '' }, SYDNEY)).toEqual({ kind: 'invalid' });
    // Sydney, first Sunday of October 2026: 02:00 becomes 03:00, so 02:30 never happens.
    expect(instantFromWallClock({ date: '2026-10-04', time: '02:30' }, SYDNEY)).toEqual({ kind: 'invalid' });
    expect(instantFromWallClock({ date: '', time: '' }, SYDNEY)).toEqual({ kind: 'empty' });
  });
});

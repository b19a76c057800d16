import { describe, expect, it } from 'vitest';
import { BOOKING_GROUPS, BOOKING_STATUSES, bookingGroup, instantMs, statusLabel } from '@goodtable/shared';
import { DEMO_CLIENT_LABELS, replayDemoBookings } from './seed-bookings.ts';
import { demoRestaurantTimeZone } from './seed-restaurants.ts';


/** Seeding times across more than a week, every 37 minutes (all hours of the day in every demo city, DST edges of 2026 included). */
const SEEDING_TIMES = [
  ...Array.from({ length: (8 * 24 * 60) / 37 }, (_, i) => new Date(Date.parse('2026-04-01T00:00:00Z') + i * 37 * 60_000)),
  new Date('2026-10-03T15:59:00Z'),
  new Date('2026-10-04T13:30:00Z'),
  new Date('2026-12-31T13:05:00Z'),
];

describe('demo bookings, whenever the demo is seeded', () => {
  it('replay through the state machine and show every client label, status and grouping', () => {
    for (const now of SEEDING_TIMES) {
      const replayed = replayDemoBookings(now);
      const clientOwn = replayed.filter(({ plan }) => plan.organiser === 'client');
      const labels = clientOwn.map(({ plan, state }) => statusLabel({ booking: state, viewer: 'client', now, timeZone: demoRestaurantTimeZone(plan.restaurant) }).key);
      expect([...new Set(labels)].sort(), `seeded at ${now.toISOString()}`).toEqual([...DEMO_CLIENT_LABELS].sort());
      expect(new Set(clientOwn.map(({ state }) => state.status))).toEqual(new Set(BOOKING_STATUSES));
      expect(new Set(clientOwn.map(({ state }) => bookingGroup(state)))).toEqual(new Set(BOOKING_GROUPS));
      for (const { state, events, updatedAt } of replayed) {
        // Open deadlines only: the scheduler must not cancel demo bookings the moment the server starts.
        if (state.response_due_at) expect(instantMs(state.response_due_at)).toBeGreaterThan(now.getTime());
        if (state.deposit_due_at) expect(instantMs(state.deposit_due_at)).toBeGreaterThan(now.getTime());
        expect(events.every((event) => event.at.getTime() <= now.getTime())).toBe(true);
        expect(updatedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
  });

  it('puts evening events on a day the restaurant hosts, in its time zone', () => {
    const now = new Date('2026-04-01T00:00:00Z');
    for (const { plan, state } of replayDemoBookings(now)) {
      if (plan.exactDate || state.date === null) continue;
      const local = new Intl.DateTimeFormat('en-GB', { timeZone: demoRestaurantTimeZone(plan.restaurant), hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(state.date));
      expect(local).toBe('19:00');
    }
  });
});

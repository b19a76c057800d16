import type { BookingLifecycleState } from './booking-state-machine.ts';

/** The "now" of the booking unit tests, and times relative to it. */
export const NOW = new Date('2026-06-01T00:00:00.000Z');
const HOUR = 3_600_000;
export const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR).toISOString();

/** A draft a month ahead with nothing set; `changes` make it the booking a test needs. */
export const booking = (changes: Partial<BookingLifecycleState>): BookingLifecycleState => ({
  status: 'DRAFT',
  date: at(30 * 24),
  suggestion: null,
  decline_reason: null,
  cancel_reason: null,
  completion: null,
  response_due_at: null,
  deposit_due_at: null,
  tickets_sold: 0,
  ...changes,
});

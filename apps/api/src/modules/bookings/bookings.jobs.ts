import { z } from 'zod';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { queueDeadlineReminders, runBookingDeadlines, sendDeadlineReminder, type BookingSystemDeps } from './bookings.service.ts';

const deadlineReminderSchema = z.object({ booking_id: z.uuid(), deadline: z.enum(['response', 'deposit']), due_at: z.iso.datetime() }).strict();

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    'bookings.deadlines': Record<string, never>;
    'bookings.deadline-approaching': z.infer<typeof deadlineReminderSchema>;
  }
}

/** How often the deadline pass runs (business time): a deadline fires at most this late. */
export const BOOKING_DEADLINES_EVERY_MS = 60_000;

/**
 * One recurring job (not one job per booking): each pass applies every due `system` transition with SKIP LOCKED, so
 * several instances share the work, a deadline moved by a change needs no job rescheduled, and `POST /dev/clock`
 * (which runs due jobs before answering) fires every deadline it passes. The same pass queues the reminders of
 * deadlines due within a day.
 */
export function defineBookingJobs(jobs: JobQueue, deps: Omit<BookingSystemDeps, 'db'>): void {
  jobs.define('bookings.deadlines', {
    schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
    everyMs: BOOKING_DEADLINES_EVERY_MS,
    handle: async ({ db, clock }) => {
      await runBookingDeadlines({ ...deps, db, clock });
      await queueDeadlineReminders({ ...deps, db, clock });
    },
  });
  // A reminder 24 h before a response or deposit is due (queued by the pass above, once per deadline).
  jobs.define('bookings.deadline-approaching', {
    schema: deadlineReminderSchema,
    handle: async ({ db, clock, payload }) => {
      await sendDeadlineReminder({ ...deps, db, clock }, payload);
    },
  });
}

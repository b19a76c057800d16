// The scheduler's pass: system transitions at their deadlines, and the reminders before them.
import { applyTransition, type BookingRules } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import { notifyDeadlineApproaching, wantsNotificationEmail } from '../notifications/notifications.service.ts';
import { recordTransition, transitionColumns } from './booking-changes.ts';
import type { BookingSystemDeps } from './booking-deps.ts';
import { bookingDeadlineEmail } from './booking-emails.ts';
import { emailBooking, restaurantTeam } from './booking-notices.ts';
import { lifecycleState } from './booking.presenter.ts';
import * as repository from './bookings.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The start of the events over by `now` (they last `eventDurationHours`): the deadline pass and the lists' needs-action both read it. */
export const eventsStartedBefore = (now: Date, rules: BookingRules) => new Date(now.getTime() - rules.eventDurationHours * HOUR_MS);

const DEADLINE_BATCH = 200;

/**
 * The scheduler's pass (the `system` rows of docs/product.md, Booking lifecycle): response and deposit timeouts, auto-confirmation of completed
 * events and the no-tickets sweep, for every due row, each locked with SKIP LOCKED (another instance's pass, or a
 * person's change in progress, keeps its rows; they are due again on the next pass). Runs in the job's transaction.
 * Resolves with how many bookings changed.
 */
export async function runBookingDeadlines(deps: Omit<BookingSystemDeps, 'db'> & { db: Executor }): Promise<number> {
  const { db, clock, rules } = deps;
  const now = clock.now();
  const at = {
    now,
    autoCompleteMarkedBefore: new Date(now.getTime() - rules.autoCompleteDays * DAY_MS),
    eventsStartedBefore: eventsStartedBefore(now, rules),
  };
  let changed = 0;
  for (const deadline of repository.SYSTEM_DEADLINES) {
    for (;;) {
      const rows = await repository.lockDueBookings(db, { due: repository.dueCondition(deadline, at), limit: DEADLINE_BATCH });
      let applied = 0;
      for (const row of rows) {
        const result = applyTransition({ booking: lifecycleState(row), action: deadline, actor: 'system', now, rules });
        if (!result.ok || !(await deps.transitions.allows(db, { booking: row, action: deadline, now }))) continue;
        await recordTransition(deps, { tx: db, row, columns: transitionColumns(result.next), event: result.event, actorUserId: null, now });
        applied += 1;
      }
      changed += applied;
      // A full batch where every row changed may have more behind it; otherwise this deadline is done for now.
      if (rows.length < DEADLINE_BATCH || applied < rows.length) break;
    }
  }
  return changed;
}

/** How long before a response or deposit deadline the party that must act is reminded. */
export const DEADLINE_REMINDER_MS = DAY_MS;

/** One reminder job per booking, deadline and due time: a moved deadline is reminded again, the same one never twice. */
const deadlineReminderKey = ({ bookingId, deadline, dueAt }: { bookingId: string; deadline: repository.RemindedDeadline; dueAt: Date }) =>
  `bookings.deadline-approaching:${bookingId}:${deadline}:${dueAt.toISOString()}`;

/**
 * Part of the scheduler's pass: queues a reminder for every response or deposit deadline due within
 * `DEADLINE_REMINDER_MS` of the business clock. The dedupe key makes each reminder once only, whichever instance or
 * pass sees it first; the job (`sendDeadlineReminder`) checks the booking still waits on that deadline.
 */
export async function queueDeadlineReminders(deps: Pick<BookingSystemDeps, 'db' | 'clock' | 'jobs'>): Promise<number> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + DEADLINE_REMINDER_MS);
  let queued = 0;
  for (const deadline of Object.keys(repository.REMINDED_DEADLINES) as repository.RemindedDeadline[]) {
    for (const { id, dueAt } of await repository.listApproachingDeadlines(deps.db, { deadline, after: now, until })) {
      const job = { kind: 'bookings.deadline-approaching' as const, payload: { booking_id: id, deadline, due_at: dueAt.toISOString() }, dedupeKey: deadlineReminderKey({ bookingId: id, deadline, dueAt }) };
      if (await deps.jobs.enqueue(job, deps.db)) queued += 1;
    }
  }
  return queued;
}

/**
 * The reminder job: in its transaction, tells the party that must act (the restaurant side of a request, the
 * organiser of a deposit) when the booking still waits on that deadline at that time and it has not passed: in-app,
 * and by email to those who keep emails for bookings (their setting on /account), each in their language.
 */
export async function sendDeadlineReminder(
  deps: Pick<BookingSystemDeps, 'db' | 'clock' | 'live' | 'mailer' | 'rules' | 'email'>,
  payload: { booking_id: string; deadline: repository.RemindedDeadline; due_at: string },
): Promise<number> {
  const { db } = deps;
  const row = await repository.lockBooking(db, payload.booking_id);
  if (!row) return 0;
  const dueAt = repository.waitingDeadline(row, payload.deadline);
  if (!dueAt || dueAt.toISOString() !== payload.due_at || dueAt.getTime() <= deps.clock.now().getTime()) return 0;
  const restaurantSide = payload.deadline === 'response' && row.restaurantId;
  const team = restaurantSide ? await restaurantTeam(db, row.restaurantId!) : [];
  const told = await notifyDeadlineApproaching(deps, { row, deadline: payload.deadline, dueAt, restaurantTeam: team.map((member) => member.id), tx: db });
  const context = await repository.findEmailContext(db, row);
  const booking = emailBooking(row, context);
  const people = restaurantSide ? [context.seller, ...team] : [context.client];
  for (const user of people) {
    if (!user?.id || user.deletedAt || !(await wantsNotificationEmail(db, { userId: user.id, category: 'bookings' }))) continue;
    const recipient = { email: user.email!, first_name: user.firstName!, language: user.language!, side: restaurantSide ? ('restaurant' as const) : ('client' as const) };
    await deps.mailer.enqueue(bookingDeadlineEmail({ booking, deadline: payload.deadline, recipient, publicUrl: deps.email.publicUrl, rules: deps.rules }), db);
  }
  return told;
}

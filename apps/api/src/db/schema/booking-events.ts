import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_ACTIONS, BOOKING_ACTORS, BOOKING_STATUSES } from '@goodtable/shared';
import { bookings } from './bookings.ts';
import { users } from './users.ts';

/**
 * A booking's history: one row per transition, written in the transaction that changes the status (the booking
 * page's timeline). `actor_user_id` is null for the payment provider and the system jobs. `reason` is the
 * transition's (decline reason, cancel reason, `UNSATISFACTORY`). Deleting a draft deletes its events with it.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    actor: text('actor', { enum: BOOKING_ACTORS }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    action: text('action', { enum: BOOKING_ACTIONS }).notNull(),
    fromStatus: text('from_status', { enum: BOOKING_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: BOOKING_STATUSES }).notNull(),
    reason: text('reason'),
    /** The business clock's time of the change, not the database's. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('booking_events_booking_created_idx').on(table.bookingId, table.createdAt, table.id)],
);
export type BookingEventRow = typeof bookingEvents.$inferSelect;
export type NewBookingEventRow = typeof bookingEvents.$inferInsert;

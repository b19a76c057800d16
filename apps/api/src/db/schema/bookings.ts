import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_CANCEL_REASONS, BOOKING_COMPLETION_OUTCOMES, BOOKING_DECLINE_REASONS, BOOKING_STATUSES } from '@goodtable/shared';
import { causes } from './causes.ts';
import { menus } from './menus.ts';
import { users } from './users.ts';

/**
 * Fundraising-dinner bookings (DESIGN.md §5). A draft may lack any field; the check keeps every other status complete
 * (the cause may become null if the cause is deleted). `suggestion_date` is the restaurant's suggested time (CANCELED
 * only); `completion_*` the restaurant's mark and the client's answer (`UNSATISFACTORY`: held for review). Amounts in
 * the restaurant currency's minor unit. Users are soft-deleted, so their bookings keep their parties.
 * Indexes: each party's list in both SPEC.md sorts (Latest, Event Date) with id as tie-breaker for keyset paging,
 * with and without a status filter; partial ones for the deadline jobs.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    restaurantId: uuid('restaurant_id').references(() => users.id),
    menuId: uuid('menu_id').references(() => menus.id),
    causeId: uuid('cause_id').references(() => causes.id, { onDelete: 'set null' }),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('DRAFT'),
    date: timestamp('date', { withTimezone: true }),
    suggestionDate: timestamp('suggestion_date', { withTimezone: true }),
    guests: integer('guests'),
    title: text('title'),
    story: text('story'),
    ticketPrice: integer('ticket_price'),
    goal: integer('goal'),
    currency: text('currency'),
    ticketsSold: integer('tickets_sold').notNull().default(0),
    declineReason: text('decline_reason', { enum: BOOKING_DECLINE_REASONS }),
    cancelReason: text('cancel_reason', { enum: BOOKING_CANCEL_REASONS }),
    completionMarkedAt: timestamp('completion_marked_at', { withTimezone: true }),
    completionOutcome: text('completion_outcome', { enum: BOOKING_COMPLETION_OUTCOMES }),
    completionResolvedAt: timestamp('completion_resolved_at', { withTimezone: true }),
    responseDueAt: timestamp('response_due_at', { withTimezone: true }),
    depositDueAt: timestamp('deposit_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('bookings_guests_positive', sql`${table.guests} is null or ${table.guests} > 0`),
    check('bookings_amounts_not_negative', sql`coalesce(${table.ticketPrice}, 0) >= 0 and coalesce(${table.goal}, 0) >= 0 and ${table.ticketsSold} >= 0`),
    check('bookings_suggestion_only_when_canceled', sql`${table.suggestionDate} is null or ${table.status} = 'CANCELED'`),
    check(
      'bookings_submitted_complete',
      sql`${table.status} = 'DRAFT' or (${table.restaurantId} is not null and ${table.menuId} is not null and ${table.date} is not null and ${table.guests} is not null and ${table.title} is not null and ${table.ticketPrice} is not null and ${table.currency} is not null)`,
    ),
    check('bookings_completion_marked', sql`${table.completionOutcome} is null or ${table.completionMarkedAt} is not null`),
    index('bookings_client_updated_idx').on(table.clientId, table.updatedAt.desc(), table.id.desc()),
    index('bookings_client_date_idx').on(table.clientId, table.date, table.id),
    index('bookings_client_status_updated_idx').on(table.clientId, table.status, table.updatedAt.desc(), table.id.desc()),
    index('bookings_restaurant_updated_idx').on(table.restaurantId, table.updatedAt.desc(), table.id.desc()),
    index('bookings_restaurant_date_idx').on(table.restaurantId, table.date, table.id),
    index('bookings_restaurant_status_updated_idx').on(table.restaurantId, table.status, table.updatedAt.desc(), table.id.desc()),
    index('bookings_cause_updated_idx').on(table.causeId, table.updatedAt.desc(), table.id.desc()),
    index('bookings_response_due_idx').on(table.responseDueAt).where(sql`${table.status} = 'PENDING'`),
    index('bookings_deposit_due_idx').on(table.depositDueAt).where(sql`${table.status} = 'ACCEPTED'`),
    index('bookings_confirmed_date_idx').on(table.date).where(sql`${table.status} = 'CONFIRMED'`),
  ],
);
export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;

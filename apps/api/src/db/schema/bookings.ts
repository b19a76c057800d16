import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  BOOKING_CANCEL_REASONS,
  BOOKING_COMPLETION_OUTCOMES,
  BOOKING_DECLINE_REASONS,
  BOOKING_GROUP_CLAUSES,
  BOOKING_GROUPS,
  BOOKING_STATUSES,
  type BookingGuestPreferences,
  type BookingStatusClause,
} from '@goodtable/shared';
import { causes } from './causes.ts';
import { menus } from './menus.ts';
import { users } from './users.ts';

/** A status clause as literal SQL over the row's own columns (a generated column's expression takes no parameters). */
function literalStatusClause({ status, suggestion }: BookingStatusClause): string {
  const suggested = suggestion === 'present' ? ' and suggestion_date is not null' : suggestion === 'absent' ? ' and suggestion_date is null' : '';
  return `(status = '${status}'${suggested})`;
}

/** `bookingGroup` (packages/shared) in SQL, built from the same clauses: the list group a filter selects (docs/product.md, Booking lifecycle). */
const LIST_GROUP_EXPRESSION = sql.raw(
  `case ${BOOKING_GROUPS.map((group) => `when ${BOOKING_GROUP_CLAUSES[group].map(literalStatusClause).join(' or ')} then '${group}'`).join(' ')} end`,
);

/**
 * The parts of `bookingNeedsAction` (packages/shared) that do not depend on the time, per side: a booking can wait for
 * its client (or a host event's organiser) only if `waits_for_client`, for its restaurant only if
 * `waits_for_restaurant`; the list adds the deadlines and the event's end, which move with the clock. Stored, so
 * partial indexes hold each party's few candidates instead of its whole list.
 */
const CONFIRMED_AWAITING_ANSWER = `(status = 'CONFIRMED' and completion_marked_at is not null and completion_outcome is null)`;
const WAITS_FOR_CLIENT_EXPRESSION = sql.raw(
  `case when host_event then status = 'CONFIRMED' and completion_outcome is null and (completion_marked_at is not null or tickets_sold > 0) ` +
    `else status = 'ACCEPTED' or (status = 'CANCELED' and (suggestion_date is not null or (cancel_reason = 'DECLINED' and decline_reason = 'NOT_AVAILABLE'))) or ${CONFIRMED_AWAITING_ANSWER} end`,
);
const WAITS_FOR_RESTAURANT_EXPRESSION = sql.raw(
  `not host_event and (status = 'PENDING' or (status = 'CONFIRMED' and completion_marked_at is null and tickets_sold > 0))`,
);

/** What waits for the client whatever the time: neither a deposit (ACCEPTED) nor an event that must first be over. */
export const CLIENT_WAITING_STEADY = sql`status <> 'ACCEPTED' and (status <> 'CONFIRMED' or completion_marked_at is not null)`;

/**
 * Fundraising-dinner bookings (docs/product.md, Booking lifecycle). A draft may lack any field; the check keeps every other status complete
 * (the cause may become null if the cause is deleted). `suggestion_date` is the restaurant's suggested time (CANCELED
 * only); `completion_*` the restaurant's mark and the client's answer (`UNSATISFACTORY`: held for review). Amounts in
 * the restaurant currency's minor unit. Users are soft-deleted, so their bookings keep their parties. `host_event`: the
 * organiser (client) is a manager running the restaurant; `guest_preferences` is the organiser's JSON (dietary needs
 * with counts, seating, accessibility, arrival time, notes) or null.
 * `list_group` is the row's list group (docs/product.md, Booking lifecycle; stored, generated from status and suggestion), so a list filter is one
 * equality the party indexes serve in list order.
 * Indexes: each party's list in both sorts (Latest, Event Date; docs/product.md, Screens and routes) with id as tie-breaker for keyset paging,
 * whole and by group (client and restaurant; a cause's lists are short), and of what may wait for each side
 * (`needs_action`); partial ones for the deadline jobs.
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
    /** Tickets held by open checkouts: not sold, not left. guests − tickets_sold − tickets_held ≥ 0. */
    ticketsHeld: integer('tickets_held').notNull().default(0),
    /** Donations given at ticket checkout (paid, not refunded), in minor units: part of `raised`. */
    donationsRaised: integer('donations_raised').notNull().default(0),
    declineReason: text('decline_reason', { enum: BOOKING_DECLINE_REASONS }),
    cancelReason: text('cancel_reason', { enum: BOOKING_CANCEL_REASONS }),
    completionMarkedAt: timestamp('completion_marked_at', { withTimezone: true }),
    completionOutcome: text('completion_outcome', { enum: BOOKING_COMPLETION_OUTCOMES }),
    completionResolvedAt: timestamp('completion_resolved_at', { withTimezone: true }),
    responseDueAt: timestamp('response_due_at', { withTimezone: true }),
    depositDueAt: timestamp('deposit_due_at', { withTimezone: true }),
    /** A manager organising an event at a restaurant it runs (set by the API on every write of a draft). */
    hostEvent: boolean('host_event').notNull().default(false),
    guestPreferences: jsonb('guest_preferences').$type<BookingGuestPreferences>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    listGroup: text('list_group', { enum: BOOKING_GROUPS }).notNull().generatedAlwaysAs(LIST_GROUP_EXPRESSION),
    waitsForClient: boolean('waits_for_client').notNull().generatedAlwaysAs(WAITS_FOR_CLIENT_EXPRESSION),
    waitsForRestaurant: boolean('waits_for_restaurant').notNull().generatedAlwaysAs(WAITS_FOR_RESTAURANT_EXPRESSION),
  },
  (table) => [
    check('bookings_guests_positive', sql`${table.guests} is null or ${table.guests} > 0`),
    check('bookings_amounts_not_negative', sql`coalesce(${table.ticketPrice}, 0) >= 0 and coalesce(${table.goal}, 0) >= 0 and ${table.ticketsSold} >= 0`),
    check('bookings_tickets_within_guests', sql`${table.ticketsHeld} >= 0 and ${table.donationsRaised} >= 0 and (${table.ticketsHeld} = 0 or ${table.ticketsSold} + ${table.ticketsHeld} <= ${table.guests})`),
    check('bookings_suggestion_only_when_canceled', sql`${table.suggestionDate} is null or ${table.status} = 'CANCELED'`),
    check(
      'bookings_submitted_complete',
      sql`${table.status} = 'DRAFT' or (${table.restaurantId} is not null and ${table.menuId} is not null and ${table.date} is not null and ${table.guests} is not null and ${table.title} is not null and ${table.ticketPrice} is not null and ${table.currency} is not null)`,
    ),
    check('bookings_completion_marked', sql`${table.completionOutcome} is null or ${table.completionMarkedAt} is not null`),
    index('bookings_client_updated_idx').on(table.clientId, table.updatedAt.desc(), table.id.desc()),
    index('bookings_client_date_idx').on(table.clientId, table.date, table.id),
    index('bookings_client_group_updated_idx').on(table.clientId, table.listGroup, table.updatedAt.desc(), table.id.desc()),
    index('bookings_client_group_date_idx').on(table.clientId, table.listGroup, table.date, table.id),
    index('bookings_restaurant_updated_idx').on(table.restaurantId, table.updatedAt.desc(), table.id.desc()),
    index('bookings_restaurant_date_idx').on(table.restaurantId, table.date, table.id),
    index('bookings_restaurant_group_updated_idx').on(table.restaurantId, table.listGroup, table.updatedAt.desc(), table.id.desc()),
    index('bookings_restaurant_group_date_idx').on(table.restaurantId, table.listGroup, table.date, table.id),
    index('bookings_cause_updated_idx').on(table.causeId, table.updatedAt.desc(), table.id.desc()),
    index('bookings_cause_date_idx').on(table.causeId, table.date, table.id),
    index('bookings_client_waiting_updated_idx').on(table.clientId, table.updatedAt.desc(), table.id.desc()).where(sql`${table.waitsForClient}`),
    index('bookings_client_waiting_date_idx').on(table.clientId, table.date, table.id).where(sql`${table.waitsForClient}`),
    index('bookings_restaurant_waiting_updated_idx').on(table.restaurantId, table.updatedAt.desc(), table.id.desc()).where(sql`${table.waitsForRestaurant}`),
    index('bookings_restaurant_waiting_date_idx').on(table.restaurantId, table.date, table.id).where(sql`${table.waitsForRestaurant}`),
    // needs_action's total as a sum of disjoint parts, each counted from its own partial index (index only scans), the
    // clock a range on the key after the party where the rule depends on it (`waitingParts` in the repository).
    index('bookings_client_waiting_deposit_idx').on(table.clientId, table.depositDueAt).where(sql`${table.waitsForClient} and ${table.status} = 'ACCEPTED'`),
    index('bookings_client_waiting_over_idx').on(table.clientId, table.date).where(sql`${table.waitsForClient} and ${table.status} = 'CONFIRMED' and ${table.completionMarkedAt} is null`),
    index('bookings_client_waiting_steady_idx').on(table.clientId).where(sql`${table.waitsForClient} and ${CLIENT_WAITING_STEADY}`),
    index('bookings_restaurant_waiting_response_idx').on(table.restaurantId, table.responseDueAt, table.clientId).where(sql`${table.waitsForRestaurant} and ${table.status} = 'PENDING'`),
    index('bookings_restaurant_waiting_over_idx').on(table.restaurantId, table.date, table.clientId).where(sql`${table.waitsForRestaurant} and ${table.status} = 'CONFIRMED'`),
    index('bookings_auto_complete_idx').on(table.completionMarkedAt).where(sql`${table.status} = 'CONFIRMED' and ${table.completionOutcome} is null`),
    index('bookings_response_due_idx').on(table.responseDueAt).where(sql`${table.status} = 'PENDING'`),
    index('bookings_deposit_due_idx').on(table.depositDueAt).where(sql`${table.status} = 'ACCEPTED'`),
    index('bookings_confirmed_date_idx').on(table.date).where(sql`${table.status} = 'CONFIRMED'`),
  ],
);
export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;

import { boolean, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '@goodtable/shared';

/**
 * How many bookings each party's list shows, per status and suggestion presence (what the list groups of docs/product.md, Booking lifecycle are built
 * from), kept by the `bookings_list_counts_*` triggers of migration `bookings_list_counts` so a list's total needs no
 * `count(*)` over the party's rows. A row's non-null ids say whose list it counts (null: any):
 * - `client_id` only: every booking that client organises;
 * - `restaurant_id` only: the restaurant side's list there (submitted bookings, and host events' drafts);
 * - `cause_id` only: the cause's list (submitted bookings);
 * - `client_id` and `restaurant_id`: the bookings in both of the first two, which a manager's "all" list (its own
 *   bookings and those of the restaurants it runs) would otherwise count twice.
 * Rows whose count fell to 0 stay (a party that has had bookings usually gets more).
 */
export const bookingListCounts = pgTable(
  'booking_list_counts',
  {
    clientId: uuid('client_id'),
    restaurantId: uuid('restaurant_id'),
    causeId: uuid('cause_id'),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    hasSuggestion: boolean('has_suggestion').notNull(),
    bookings: integer('bookings').notNull(),
  },
  (table) => [unique('booking_list_counts_list_key').on(table.clientId, table.restaurantId, table.causeId, table.status, table.hasSuggestion).nullsNotDistinct()],
);

import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bookings } from './bookings.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * `held`: the tickets are reserved (counted in `bookings.tickets_held`) until `expires_at`; `paid`: sold (counted in
 * `tickets_sold`, tickets issued); `expired`: the hold ran out unpaid (released); `cancelled`: the event was cancelled
 * while it was held; `refunded`: paid, then refunded in full (the event was cancelled).
 */
export const TICKET_CHECKOUT_STATUSES = ['held', 'paid', 'expired', 'cancelled', 'refunded'] as const;
export type TicketCheckoutStatus = (typeof TICKET_CHECKOUT_STATUSES)[number];

/**
 * One attendee's purchase of tickets for a confirmed event, usually without an account. Its id is the
 * unguessable link to the buyer's tickets page; its payment (`CREDIT_CARD_TICKETS`, payer null) is confirmed by the
 * payment's id alone. Amounts are the server's, fixed at creation: `amount = ticket_price × quantity + donation`.
 */
export const ticketCheckouts = pgTable(
  'ticket_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    email: text('email').notNull(),
    /** The buyer's language when buying (en, vn): the emails'. */
    language: text('language').notNull(),
    attendees: jsonb('attendees').$type<string[]>().notNull(),
    quantity: integer('quantity').notNull(),
    ticketPrice: integer('ticket_price').notNull(),
    donation: integer('donation').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: TICKET_CHECKOUT_STATUSES }).notNull(),
    /** Business-clock time the hold ends. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The buyer's Idempotency-Key, if sent: the same key on the same event answers the same checkout. */
    idempotencyKey: text('idempotency_key'),
    /** Business-clock times. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('ticket_checkouts_payment_unique').on(table.paymentId),
    unique('ticket_checkouts_booking_key_unique').on(table.bookingId, table.idempotencyKey),
    index('ticket_checkouts_booking_status_idx').on(table.bookingId, table.status),
    check('ticket_checkouts_quantity_positive', sql`${table.quantity} > 0`),
    check('ticket_checkouts_amounts', sql`${table.donation} >= 0 and ${table.ticketPrice} >= 0 and ${table.amount} = ${table.ticketPrice} * ${table.quantity} + ${table.donation}`),
  ],
);
export type TicketCheckoutRow = typeof ticketCheckouts.$inferSelect;
export type NewTicketCheckoutRow = typeof ticketCheckouts.$inferInsert;

/** One issued ticket (one attendee) of a paid checkout: its `code` is what the QR code holds and the door scans. */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => ticketCheckouts.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    position: integer('position').notNull(),
    attendeeName: text('attendee_name').notNull(),
    /** Random, unguessable (`GT-` and 16 characters). */
    code: text('code').notNull(),
    /** Business-clock time of the check-in and who checked the ticket in (the restaurant side). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique('tickets_code_unique').on(table.code), index('tickets_booking_idx').on(table.bookingId, table.position), index('tickets_checkout_idx').on(table.checkoutId)],
);
export type TicketRow = typeof tickets.$inferSelect;

/** A sold-out event's waiting list: offered seats in order of `created_at` when a hold is released or a ticket refunded. */
export const eventWaitlist = pgTable(
  'event_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    email: text('email').notNull(),
    language: text('language').notNull(),
    /** Business-clock times. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
  },
  (table) => [unique('event_waitlist_booking_email_unique').on(table.bookingId, table.email), index('event_waitlist_booking_idx').on(table.bookingId, table.createdAt)],
);

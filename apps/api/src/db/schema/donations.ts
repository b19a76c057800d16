import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bookings } from './bookings.ts';
import { causes } from './causes.ts';
import { payments } from './payments.ts';

/** `pending`: its card payment has not succeeded yet; `paid`: the money arrived; `refunded`: its event was cancelled. */
export const DONATION_ROW_STATUSES = ['pending', 'paid', 'refunded'] as const;

/**
 * A donation to a cause at `/donate/{id}`, optionally for one of its confirmed events
 * (`booking_id`). Its card payment (`CREDIT_CARD_DONATION`; payer null for a guest) is confirmed like a ticket
 * payment. The amount is the donor's choice, the currency the server's. `anonymous` hides the donor's name from the
 * cause and public lists, never from the donor's receipt.
 */
export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    causeId: uuid('cause_id')
      .notNull()
      .references(() => causes.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    email: text('email').notNull(),
    name: text('name'),
    message: text('message'),
    anonymous: boolean('anonymous').notNull().default(false),
    /** The donor's language when giving (en, vn): the receipt's. */
    language: text('language').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: DONATION_ROW_STATUSES }).notNull(),
    /**
     * The receipt's secret (`GET /v1/donations/{receipt_token}`): only in the donor's own answers and emails, never
     * the donation's id, which public lists could reveal. docs/decisions/0101-receipt-secret.md.
     */
    receiptToken: text('receipt_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** The donor's Idempotency-Key, if sent: the same key for the same cause answers the same donation. */
    idempotencyKey: text('idempotency_key'),
    /** Business-clock times. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('donations_payment_unique').on(table.paymentId),
    unique('donations_receipt_token_unique').on(table.receiptToken),
    unique('donations_cause_key_unique').on(table.causeId, table.idempotencyKey),
    index('donations_cause_status_idx').on(table.causeId, table.status),
    index('donations_booking_status_idx').on(table.bookingId, table.status),
    check('donations_amount_positive', sql`${table.amount} > 0`),
  ],
);
export type DonationRow = typeof donations.$inferSelect;
export type NewDonationRow = typeof donations.$inferInsert;

import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { PAYMENT_FAILURE_CODES, PAYMENT_STATUSES, PAYMENT_TYPES } from '@goodtable/shared';
import { bookings } from './bookings.ts';
import { users } from './users.ts';

/**
 * A payment a booking's payer makes (SPEC.md §3 payment types), like a Stripe PaymentIntent: the amount is the
 * server's, fixed at creation in the booking's currency's minor unit. `(payer_id, idempotency_key)` is unique: a
 * retried create returns the same payment. `confirm_key` is the Idempotency-Key of the last confirm, so a replayed
 * confirm answers the same without reaching the provider again. `provider_ref`: the provider's id (`pi_…`).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: PAYMENT_TYPES }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** Stripe's code of the last failure (`card_declined`, …), for the web's translation of `failure_message`. */
    failureCode: text('failure_code', { enum: PAYMENT_FAILURE_CODES }),
    failureMessage: text('failure_message'),
    idempotencyKey: text('idempotency_key').notNull(),
    confirmKey: text('confirm_key'),
    /** A BECS debit in flight: when (business clock) the provider is asked how it ended. */
    processingUntil: timestamp('processing_until', { withTimezone: true }),
    /**
     * What the provider needs to answer about this payment later, opaque to us (the local provider: a BECS debit's
     * scheduled outcome, standing in for the state Stripe keeps on its side).
     */
    providerState: jsonb('provider_state').$type<Record<string, unknown>>(),
    /** The debited bank account as the payer may see it again (BSB and last four digits; never the full number). */
    bankAccount: jsonb('bank_account').$type<{ bsb: string; last4: string }>(),
    /** A bank transfer's reference (`BANK_DEPOSIT`), unique: how the restaurant side matches the money to the booking. */
    bankReference: text('bank_reference'),
    /** Business-clock times. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('payments_payer_idempotency_key_unique').on(table.payerId, table.idempotencyKey),
    unique('payments_bank_reference_unique').on(table.bankReference),
    index('payments_processing_idx').on(table.processingUntil).where(sql`${table.status} = 'processing'`),
    index('payments_booking_idx').on(table.bookingId, table.createdAt),
    check('payments_amount_positive', sql`${table.amount} > 0`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

/**
 * Double-entry ledger (DESIGN.md §6). An account belongs to a user (or to the platform: `owner_id` null) for one
 * purpose in one currency. Balances are never stored: they are the sum of the account's entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id),
    /** `payer` (money a client paid in), `platform_holding` (held by the platform until settlement), … */
    purpose: text('purpose').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('ledger_accounts_owner_purpose_currency_unique').on(table.ownerId, table.purpose, table.currency).nullsNotDistinct()],
);
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

/** One money movement, written in the same database transaction as the state it explains (a payment, …). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    /** Business-clock time of the movement. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('ledger_transactions_payment_idx').on(table.paymentId), index('ledger_transactions_booking_idx').on(table.bookingId)],
);

/** A transaction's legs: signed amounts in the account's currency's minor unit; per currency they sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
  },
  (table) => [index('ledger_entries_transaction_idx').on(table.transactionId), index('ledger_entries_account_idx').on(table.accountId)],
);

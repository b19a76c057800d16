import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { PAYMENT_FAILURE_CODES, PAYMENT_STATUSES, PAYMENT_TYPES } from '@goodtable/shared';
import { bookings } from './bookings.ts';
import { users } from './users.ts';

/**
 * A payment a booking's payer makes (payment types: docs/product.md, Entities), like a Stripe PaymentIntent: the amount is the
 * server's, fixed at creation in the booking's currency's minor unit. `(payer_id, idempotency_key)` is unique: a
 * retried create returns the same payment. `confirm_key` is the Idempotency-Key of the last confirm, so a replayed
 * confirm answers the same without reaching the provider again. `provider_ref`: the provider's id (`pi_…`).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for a donation given to a cause without an event (`CREDIT_CARD_DONATION`). */
    bookingId: uuid('booking_id').references(() => bookings.id),
    /** The signed-in payer; null for a guest's ticket checkout or donation, reached by its unguessable id. */
    payerId: uuid('payer_id').references(() => users.id),
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
    check('payments_guest_only_tickets_or_donations', sql`${table.payerId} is not null or ${table.type} in ('CREDIT_CARD_TICKETS', 'CREDIT_CARD_DONATION')`),
    check('payments_booking_unless_donation', sql`${table.bookingId} is not null or ${table.type} = 'CREDIT_CARD_DONATION'`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

/**
 * Double-entry ledger (docs/product.md, Money). An account belongs to a user (or to the platform: `owner_id` null) for one
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
    /** The refund a `refund` transaction records. */
    refundId: uuid('refund_id').references(() => refunds.id),
    /** The payout a `payout` transaction records. */
    payoutId: uuid('payout_id').references(() => payouts.id),
    /** Business-clock time of the movement. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('ledger_transactions_payment_idx').on(table.paymentId),
    index('ledger_transactions_booking_idx').on(table.bookingId),
    // A booking is settled, or its deposit forfeited, at most once: a second attempt fails instead of paying twice.
    uniqueIndex('ledger_transactions_one_settlement_per_booking').on(table.bookingId, table.kind).where(sql`${table.kind} in ('settlement', 'forfeit')`),
    uniqueIndex('ledger_transactions_one_per_refund').on(table.refundId),
    uniqueIndex('ledger_transactions_one_per_payout').on(table.payoutId),
  ],
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

/** Why money went back to a payer: a cancellation (docs/product.md, Money) or the unused part of what was prepaid at settlement. */
export const REFUND_REASONS = ['restaurant_cancelled', 'client_cancelled_early', 'booking_cancelled', 'settlement_unused_prepayment'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_STATUSES = ['pending', 'succeeded'] as const;

/**
 * Money returned on a payment through the provider (like a Stripe Refund). A payment's refunded amount is the sum of
 * its refunds; `(payment_id, reason)` is unique, so a cancellation or a settlement refunds a payment at most once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    /**
     * `pending`: owed, written with the change that causes it; the provider is asked after that change commits (and
     * again by the retrying job until it answers). `succeeded`: the provider refunded, with the `refund` ledger
     * transaction written in the same database transaction.
     */
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    provider: text('provider').notNull(),
    /** The provider's refund id, once it answered. */
    providerRef: text('provider_ref'),
    /** Calls the provider refused (an error, a timeout) while pending, and the last one's message. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Business-clock time before which the retrying job does not ask again (backoff after a refused call); null: now. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Business-clock time. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('refunds_payment_reason_unique').on(table.paymentId, table.reason),
    check('refunds_amount_positive', sql`${table.amount} > 0`),
    // The retrying job reads the few refunds still waiting for the provider.
    index('refunds_pending').on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);
export type RefundRow = typeof refunds.$inferSelect;
export type NewRefundRow = typeof refunds.$inferInsert;

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** The ledger purposes a payout empties. */
export const PAYOUT_PURPOSES = ['restaurant_earnings', 'cause_earnings'] as const;
export type PayoutPurpose = (typeof PAYOUT_PURPOSES)[number];

/**
 * Money sent from an earner's ledger balance to their connected account. The provider is called with the row's id
 * as idempotency key, so a retry after a crash or a timeout never pays twice; the ledger `payout` transaction is
 * written when the provider says paid. At most one `pending` payout per earner account and currency.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: PAYOUT_PURPOSES }).notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    connectedAccountId: text('connected_account_id').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    attempts: integer('attempts').notNull().default(0),
    /** Business-clock time of the next provider call while pending (backoff after a failure); once failed, when it failed. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    /** Business-clock times. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payouts_one_pending_per_account').on(table.ownerId, table.purpose, table.currency).where(sql`${table.status} = 'pending'`),
    index('payouts_owner_idx').on(table.ownerId, table.createdAt),
    check('payouts_amount_positive', sql`${table.amount} > 0`),
  ],
);
export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayoutRow = typeof payouts.$inferInsert;

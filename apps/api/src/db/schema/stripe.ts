import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Stripe webhook events already applied (`POST /v1/payments/webhooks/stripe`): Stripe delivers an event at
 * least once, so a redelivery finds its id here and changes nothing. Written in the transaction that applies it.
 */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  /** Stripe's event id (`evt_…`). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** Business clock when it was applied. */
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull(),
});

/** The Stripe Customer of a payer: its saved payment method is what the settlement's balance is charged to off-session. */
export const stripeCustomers = pgTable('stripe_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Stripe's customer id (`cus_…`). */
  customerId: text('customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

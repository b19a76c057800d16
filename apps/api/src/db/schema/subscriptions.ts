import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LOCALES } from '@goodtable/shared';

/**
 * The mailing list (docs/product.md, Entities: Subscription). One row per address (compared case-insensitively); unsubscribing
 * keeps the row with `unsubscribed_at` set, so subscribing again reuses it. `unsubscribe_token_hash` is the SHA-256
 * of the secret in the confirmation email's one-click unsubscribe link.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    language: text('language', { enum: LOCALES }).notNull().default('en'),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('subscriptions_email_idx').on(sql`lower(${table.email})`),
    uniqueIndex('subscriptions_unsubscribe_token_idx').on(table.unsubscribeTokenHash),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

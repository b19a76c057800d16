import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Single-use secrets sent in emailed links: email verification, password reset, invitation (set a first
 * password). Only a SHA-256 hash of the token is stored; `usedAt` makes it single-use, `expiresAt` bounds it.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'invitation', 'undo_email_change'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link was sent to: verifying proves this address, not a later one. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_tokens_user_purpose_idx').on(table.userId, table.purpose)],
);
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type EmailTokenPurpose = EmailTokenRow['purpose'];

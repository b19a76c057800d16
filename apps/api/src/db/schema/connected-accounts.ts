import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type ConnectedAccountCapabilities = { transfers: 'active' | 'inactive' | 'pending' };

/** A user's payout account at the payment provider (SPEC.md §3 "Connected payment account"); one per user. */
export const connectedAccounts = pgTable('connected_accounts', {
  /** The provider's account id (Stripe `acct_…`, or `local_…`). */
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  capabilities: jsonb('capabilities').$type<ConnectedAccountCapabilities>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ConnectedAccountRow = typeof connectedAccounts.$inferSelect;

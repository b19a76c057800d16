import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type ConnectedAccountCapabilities = { transfers: 'active' | 'inactive' | 'pending' };
/** Where the provider pays the account out (what `/payment-management` shows): the last four digits, never the number. */
export type StoredExternalAccount = { country: 'AU' | 'VN'; account_holder: string; bsb: string | null; bank_code: string | null; account_number_last4: string };

/** A user's payout account at the payment provider (docs/product.md, Entities: "Connected payment account"); one per user. */
export const connectedAccounts = pgTable('connected_accounts', {
  /** The provider's account id (Stripe `acct_…`, or `local_…`). */
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  capabilities: jsonb('capabilities').$type<ConnectedAccountCapabilities>().notNull(),
  /** Null until the provider has the bank account (a Stripe account mid-onboarding). */
  externalAccount: jsonb('external_account').$type<StoredExternalAccount>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ConnectedAccountRow = typeof connectedAccounts.$inferSelect;

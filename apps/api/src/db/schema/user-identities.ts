import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** External sign-in identities linked to an account (Google: `subject` is the ID token's `sub`). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google'] }).notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('user_identities_provider_subject_unique').on(table.provider, table.subject), index('user_identities_user_id_idx').on(table.userId)],
);
export type UserIdentityRow = typeof userIdentities.$inferSelect;

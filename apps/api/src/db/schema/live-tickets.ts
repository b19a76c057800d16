import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { sessions } from './sessions.ts';

/**
 * Short-lived, single-use tickets that open one live stream (for browsers whose EventSource cannot send an
 * Authorization header): only the SHA-256 of the ticket is stored, bound to the session that asked for it.
 */
export const liveTickets = pgTable(
  'live_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique('live_tickets_token_hash_unique'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('live_tickets_expires_at_idx').on(table.expiresAt)],
);

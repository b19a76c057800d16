import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every API instance: one row per key (route or rule + who: client address,
 * account, target email) and fixed window. An atomic upsert increments it; rows of expired windows are swept.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] }), index('rate_limits_expires_at_idx').on(table.expiresAt)],
);
export type RateLimitRow = typeof rateLimits.$inferSelect;

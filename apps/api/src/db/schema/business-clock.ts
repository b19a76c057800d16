import { bigint, check, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The one row of the business clock (src/lib/clock.ts): how far the domain's time is ahead of real time. Only
 * moved outside production (POST /dev/clock); kept in the database so every API instance agrees.
 */
export const businessClock = pgTable(
  'business_clock',
  {
    id: smallint('id').primaryKey().default(1),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('business_clock_single_row', sql`${table.id} = 1`)],
);

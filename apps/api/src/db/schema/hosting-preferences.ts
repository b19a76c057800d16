import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CauseCategory, Region, Weekday } from '@goodtable/shared';
import { users } from './users.ts';

/** When and for whom a restaurant hosts events (its `/guest-preferences`). One row per restaurant, once saved. */
export const hostingPreferences = pgTable('hosting_preferences', {
  restaurantId: uuid('restaurant_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weekdays: jsonb('weekdays').$type<Weekday[]>().notNull().default(sql`'[]'::jsonb`),
  /** `HH:MM` in the restaurant's time zone; an end before the start runs past midnight. */
  serviceStart: text('service_start').notNull(),
  serviceEnd: text('service_end').notNull(),
  minGuests: integer('min_guests').notNull(),
  maxGuests: integer('max_guests').notNull(),
  noticeDays: integer('notice_days').notNull(),
  regions: jsonb('regions').$type<Region[]>().notNull().default(sql`'[]'::jsonb`),
  causeCategories: jsonb('cause_categories').$type<CauseCategory[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type HostingPreferencesRow = typeof hostingPreferences.$inferSelect;

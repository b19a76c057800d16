import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DietaryNeed, Region } from '@goodtable/shared';
import { users } from './users.ts';

/** A client's defaults for new events (its `/guest-preferences`); they also pre-fill the directory filters. */
export const clientPreferences = pgTable('client_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  region: text('region').$type<Region>(),
  partySize: integer('party_size'),
  dietaryNeeds: jsonb('dietary_needs').$type<DietaryNeed[]>().notNull().default(sql`'[]'::jsonb`),
  dietaryNotes: text('dietary_notes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ClientPreferencesRow = typeof clientPreferences.$inferSelect;

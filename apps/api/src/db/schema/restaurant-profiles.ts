import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CUISINES, REGIONS } from '@goodtable/shared';
import { users } from './users.ts';

/**
 * A restaurant's profile. A restaurant IS a seller user, so the profile is keyed by that user's id.
 * `search_text` holds name, city and cuisine lower-cased without accents (written by the service) so the
 * directory's word-prefix search finds "Phở" when a visitor types "pho". The partial indexes serve the public
 * directory (published only) in both sort orders, with region and cuisine filters, and its search.
 */
export const restaurantProfiles = pgTable(
  'restaurant_profiles',
  {
    restaurantId: uuid('restaurant_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    slug: text('slug'),
    description: text('description'),
    cuisine: text('cuisine', { enum: CUISINES }),
    address: text('address'),
    city: text('city'),
    region: text('region', { enum: REGIONS }),
    /** ISO 3166 alpha-2 code; currency and time zone follow it. */
    country: text('country'),
    currency: text('currency'),
    timezone: text('timezone'),
    published: boolean('published').notNull().default(false),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('restaurant_profiles_slug_unique').on(table.slug),
    index('restaurant_profiles_published_created_idx').on(table.createdAt.desc(), table.restaurantId.desc()).where(sql`${table.published}`),
    index('restaurant_profiles_published_name_idx').on(sql`lower(${table.name})`, table.restaurantId).where(sql`${table.published}`),
    index('restaurant_profiles_published_region_created_idx').on(table.region, table.createdAt.desc(), table.restaurantId.desc()).where(sql`${table.published}`),
    index('restaurant_profiles_published_cuisine_created_idx').on(table.cuisine, table.createdAt.desc(), table.restaurantId.desc()).where(sql`${table.published}`),
    index('restaurant_profiles_search_idx').using('gin', sql`to_tsvector('simple', ${table.searchText})`).where(sql`${table.published}`),
  ],
);
export type RestaurantProfileRow = typeof restaurantProfiles.$inferSelect;
export type NewRestaurantProfileRow = typeof restaurantProfiles.$inferInsert;

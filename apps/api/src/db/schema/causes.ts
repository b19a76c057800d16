import { sql } from 'drizzle-orm';
import { boolean, customType, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CAUSE_CATEGORIES } from '@goodtable/shared';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Causes (charities) with a public page. A cause user may own several. `logo_key` is the storage key of the
 * uploaded logo (WebP). The partial indexes serve the public directory (published only) in both sort orders,
 * with and without a category filter; the GIN index serves its word-prefix search over name and story.
 * `search_text` holds the lower-cased, accent-free words of name and story (written by the service) so "bep"
 * finds "Bếp"; `search_vector` is stored, so filtering a sorted index walk costs no per-row parsing.
 */
export const causes = pgTable(
  'causes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    category: text('category', { enum: CAUSE_CATEGORIES }).notNull(),
    story: text('story').notNull().default(''),
    logoKey: text('logo_key'),
    website: text('website'),
    charityRegistrationNumber: text('charity_registration_number'),
    countryCode: text('country_code'),
    published: boolean('published').notNull().default(false),
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('causes_slug_unique').on(table.slug),
    index('causes_owner_created_idx').on(table.ownerId, table.createdAt.desc()),
    index('causes_published_created_idx').on(table.createdAt.desc(), table.id.desc()).where(sql`${table.published}`),
    index('causes_published_name_idx').on(sql`lower(${table.name})`, table.id).where(sql`${table.published}`),
    index('causes_published_category_created_idx').on(table.category, table.createdAt.desc(), table.id.desc()).where(sql`${table.published}`),
    index('causes_published_category_name_idx').on(table.category, sql`lower(${table.name})`, table.id).where(sql`${table.published}`),
    index('causes_search_vector_idx').using('gin', table.searchVector).where(sql`${table.published}`),
  ],
);
export type CauseRow = typeof causes.$inferSelect;
export type NewCauseRow = typeof causes.$inferInsert;

import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Photos of a restaurant: a resized WebP and its thumbnail in file storage; the lowest position is the cover. */
export const restaurantPhotos = pgTable(
  'restaurant_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('restaurant_photos_restaurant_position_idx').on(table.restaurantId, table.position)],
);
export type RestaurantPhotoRow = typeof restaurantPhotos.$inferSelect;

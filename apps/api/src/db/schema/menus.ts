import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A restaurant's menus (set menus for events). Price per head in the currency's minor unit (AUD cents, VND
 * has none); the currency is the restaurant's. Menus are deactivated rather than deleted, since bookings name
 * them. `position` orders them on the profile and public page.
 */
export const menus = pgTable(
  'menus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    pricePerHead: integer('price_per_head').notNull(),
    currency: text('currency').notNull(),
    minGuests: integer('min_guests').notNull(),
    maxGuests: integer('max_guests').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('menus_restaurant_position_idx').on(table.restaurantId, table.position),
    index('menus_active_restaurant_guests_idx').on(table.restaurantId, table.minGuests, table.maxGuests).where(sql`${table.active}`),
  ],
);
export type MenuRow = typeof menus.$inferSelect;
export type NewMenuRow = typeof menus.$inferInsert;

import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Which restaurants (seller users) a manager runs. A manager who creates the restaurant account gets an
 * `active` link at once; asking an existing restaurant for access makes a `pending` link the restaurant
 * grants (`active`) or refuses (`refused`). Sub-managers act through their parent's links.
 */
export const managerRestaurants = pgTable(
  'manager_restaurants',
  {
    managerId: uuid('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'active', 'refused'] }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.managerId, table.restaurantId] }), index('manager_restaurants_restaurant_idx').on(table.restaurantId)],
);
export type ManagerRestaurantRow = typeof managerRestaurants.$inferSelect;

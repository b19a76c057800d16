import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONTACT_TOPICS, LOCALES } from '@goodtable/shared';
import { users } from './users.ts';

/** Messages sent through /contact; kept so support can answer even if an email is lost. `user_id`: the sender, if signed in. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic', { enum: CONTACT_TOPICS }).notNull(),
    message: text('message').notNull(),
    language: text('language', { enum: LOCALES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);
export type ContactMessageRow = typeof contactMessages.$inferSelect;

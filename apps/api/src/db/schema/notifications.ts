import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_OBJECT_TYPES } from '@goodtable/shared';
import { users } from './users.ts';

/**
 * In-app notifications: one row per recipient. `kind` and `params` are the facts of what happened (the
 * text is rendered at read time in the recipient's language, so a language change applies to old ones too);
 * `object_type`/`object_id` name what it is about (the booking; for a manager access request, the other account). The sender is null for the system's own changes.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    objectType: text('object_type', { enum: NOTIFICATION_OBJECT_TYPES }).notNull(),
    objectId: uuid('object_id').notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | null>>().notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /** The business clock's time of the change. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // The popover and page: a recipient's newest first (id breaks ties so pages never overlap).
    index('notifications_recipient_created_idx').on(table.recipientId, table.createdAt.desc(), table.id.desc()),
    // The badge: counting a recipient's unread ones reads only those.
    index('notifications_recipient_unread_idx').on(table.recipientId).where(sql`not ${table.isRead}`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

/**
 * Per-category email choices: a row only for a category the user changed; no row means the
 * default, in-app and email (what every account got before the settings existed).
 */
export const notificationEmailSettings = pgTable(
  'notification_email_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    email: boolean('email').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.category] })],
);
export type NotificationEmailSettingRow = typeof notificationEmailSettings.$inferSelect;

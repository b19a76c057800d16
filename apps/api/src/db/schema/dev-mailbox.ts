import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Emails kept instead of sent when no SMTP server is configured; readable at /dev/mailbox. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    language: text('language').notNull(),
    /** Files sent with the email (text content, e.g. an ICS invitation), as `{filename, contentType, content}`. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string; encoding?: 'base64'; cid?: string }[]>().notNull().default(sql`'[]'::jsonb`),
    /** Extra headers the email carried (e.g. List-Unsubscribe). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_mailbox_created_at_idx').on(table.createdAt)],
);
export type DevMailboxRow = typeof devMailbox.$inferSelect;

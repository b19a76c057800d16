import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_mailbox_created_at_idx').on(table.createdAt)],
);
export type DevMailboxRow = typeof devMailbox.$inferSelect;

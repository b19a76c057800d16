import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's `bytea` as a Node Buffer (drizzle has no built-in binary column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files when FILE_STORAGE=postgres (docs/configuration.md): every API instance on the database reads what any
 * of them stored. `etag` is a hash of the content, answered as the file's ETag.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  content: bytea('content').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  etag: text('etag').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Events sent to Server-Sent Events streams (src/live): the id is the SSE `id`, so a stream that reconnects with
 * `Last-Event-ID` replays what it missed. Pruned after a day.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('live_events_topic_id_idx').on(table.topic, table.id), index('live_events_created_at_idx').on(table.createdAt)],
);
export type LiveEventRow = typeof liveEvents.$inferSelect;

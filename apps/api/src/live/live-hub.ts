import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DatabaseConnection, Executor } from '../db/client.ts';
import { notifyColumn } from '../db/notify.ts';
import { liveEvents, liveTickets } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

/** An event as streams receive it; `id` is the SSE id (ascending per database). */
export type LiveEvent = { id: number; topic: string; type: string; data: unknown };
export type PublishLiveEvent = Omit<LiveEvent, 'id'>;
type Subscriber = { topics: ReadonlySet<string>; onEvent: (event: LiveEvent) => void };

export type LiveHub = {
  /**
   * Stores the event and NOTIFYs every instance with `executor` (the caller's transaction, so a rolled-back change
   * publishes nothing; default the database). Resolves with the event's id.
   */
  publish: (event: PublishLiveEvent, executor?: Executor) => Promise<{ id: number }>;
  /** Calls `onEvent` for each event on `topics` published from now on by any instance; returns the unsubscribe. */
  subscribe: (topics: readonly string[], onEvent: (event: LiveEvent) => void) => () => void;
  /** Stored events on `topics` after `afterId`, oldest first (what a stream resuming with Last-Event-ID missed). */
  replay: (topics: readonly string[], afterId: number) => Promise<LiveEvent[]>;
  /** Streams open on this instance (each holds one subscription). */
  subscriberCount: () => number;
  /** Ends every open stream (before the server closes, which waits for open connections). */
  closeStreams: () => void;
  /** Registers a stream's ending function for `closeStreams`; returns the deregistration. */
  trackStream: (end: () => void) => () => void;
  start: () => Promise<void>;
  stop: () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

declare module '../jobs/job-queue.ts' {
  interface JobPayloads {
    'live.prune': Record<string, never>;
  }
}

const LIVE_CHANNEL = 'goodtable_live';
/** How long events stay for Last-Event-ID resumes. */
const KEEP_EVENTS_MS = 24 * 60 * 60 * 1000;
const REPLAY_LIMIT = 1000;
const notificationSchema = z.object({ id: z.number().int(), topic: z.string() });

export function createLiveHub(options: { connection: Pick<DatabaseConnection, 'db' | 'listen'>; clock: Clock; jobs: JobQueue; log: FastifyBaseLogger }): LiveHub {
  const { db } = options.connection;
  const { clock, log } = options;
  const subscribers = new Set<Subscriber>();
  const streams = new Set<() => void>();
  let unlisten: (() => void) | undefined;
  // Notifications are handled one after another, so each stream gets events in the order they were committed.
  let delivery: Promise<void> = Promise.resolve();

  async function deliver(payload: string): Promise<void> {
    const parsed = notificationSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    const interested = [...subscribers].filter((subscriber) => subscriber.topics.has(parsed.data.topic));
    // Nobody here listens to this topic: no need to read the event.
    if (interested.length === 0) return;
    const [row] = await db.select().from(liveEvents).where(eq(liveEvents.id, parsed.data.id));
    if (!row) return;
    const event: LiveEvent = { id: row.id, topic: row.topic, type: row.type, data: row.data };
    for (const subscriber of interested) subscriber.onEvent(event);
  }

  options.jobs.define('live.prune', {
    schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
    everyMs: 60 * 60 * 1000,
    handle: async ({ db: tx, clock: jobClock }) => {
      const now = jobClock.now();
      await tx.delete(liveEvents).where(lt(liveEvents.createdAt, new Date(now.getTime() - KEEP_EVENTS_MS)));
      await tx.delete(liveTickets).where(lt(liveTickets.expiresAt, now));
    },
  });

  return {
    async publish(event, executor = db) {
      // The row and its NOTIFY in one statement: progress is published inside every ticket sale's transaction.
      const inserted = executor.$with('inserted').as(
        executor
          .insert(liveEvents)
          .values({ topic: event.topic, type: event.type, data: event.data ?? null, createdAt: clock.now() })
          .returning({ id: liveEvents.id, topic: liveEvents.topic }),
      );
      const [row] = await executor
        .with(inserted)
        .select({ id: inserted.id, notified: notifyColumn(LIVE_CHANNEL, sql`json_build_object('id', ${inserted.id}, 'topic', ${inserted.topic})`) })
        .from(inserted);
      return { id: row!.id };
    },
    subscribe(topics, onEvent) {
      const subscriber: Subscriber = { topics: new Set(topics), onEvent };
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async replay(topics, afterId) {
      if (topics.length === 0) return [];
      const rows = await db
        .select()
        .from(liveEvents)
        .where(and(inArray(liveEvents.topic, [...topics]), gt(liveEvents.id, afterId)))
        .orderBy(asc(liveEvents.id))
        .limit(REPLAY_LIMIT);
      return rows.map((row) => ({ id: row.id, topic: row.topic, type: row.type, data: row.data }));
    },
    subscriberCount: () => subscribers.size,
    closeStreams() {
      for (const end of [...streams]) end();
    },
    trackStream(end) {
      streams.add(end);
      return () => streams.delete(end);
    },
    async start() {
      unlisten = await options.connection.listen(LIVE_CHANNEL, (payload) => {
        delivery = delivery.then(() => deliver(payload)).catch((error: unknown) => log.error({ err: error }, 'live event delivery failed'));
      });
    },
    stop() {
      unlisten?.();
    },
  };
}

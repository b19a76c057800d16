/**
 * Notifications benchmark: on one API instance, opens 1,000 notification streams (one per
 * account, bearer token, as the web does), then times real booking changes over HTTP (the restaurant accepts a
 * request) until the client's stream delivers `notification.created` (p50/p95/p99); then fills the table to
 * 100,000 notifications and times the unread count and the list (first and last page) for a reader with many and a
 * reader with few. PGlite, or PostgreSQL (a throw-away database) when DATABASE_URL is set.
 *
 *   npm run bench:notifications
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:notifications
 *   BENCH_STREAMS=200 BENCH_ITERATIONS=20 npm run bench:notifications    # a quicker run
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createSseParser, NOTIFICATION_EVENT_TYPES } from '@goodtable/shared';
import { notifications, sessions, users, type NewNotificationRow } from '../apps/api/src/db/schema/index.ts';
import { generateSecureToken, hashSecureToken } from '../apps/api/src/lib/secure-tokens.ts';
import { bookingTestKit } from '../apps/api/src/modules/bookings/test/booking-test-kit.ts';
import { startTestApp } from '../apps/api/test/support/test-app.ts';
import { envNumber, lastPagePath, measure, percentile, printTable, type Result } from './bench-support.ts';

const STREAMS = envNumber('BENCH_STREAMS', { fallback: 1_000, min: 10, max: 10_000 });
const ITERATIONS = envNumber('BENCH_ITERATIONS', { fallback: 100, min: 5, max: 1_000 });
const ROWS = envNumber('BENCH_ROWS', { fallback: 100_000, min: 1_000, max: 1_000_000 });
/** The reader with many: a fifth of the table is theirs. */
const HEAVY_SHARE = 0.2;
const CHUNK = 2_000;
const WARM_UP = 5;

/** An open stream that notes when each notification arrives (no polling: the parser's callback stamps it). */
type TimedStream = { arrivals: Map<string, number>; waitFor: (objectId: string, timeoutMs: number) => Promise<number>; close: () => void };

async function openTimedStream(url: string, token: string): Promise<TimedStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` }, signal: controller.signal });
  if (response.status !== 200) throw new Error(`stream answered ${response.status}`);
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  const parser = createSseParser((frame) => {
    if (frame.kind !== 'message' || frame.message.event !== NOTIFICATION_EVENT_TYPES.created) return;
    const at = performance.now();
    const objectId = (JSON.parse(frame.message.data) as { object_id: string }).object_id;
    arrivals.set(objectId, at);
    waiters.get(objectId)?.(at);
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Closed.
    }
  })();
  return {
    arrivals,
    waitFor: (objectId, timeoutMs) =>
      new Promise((resolve, reject) => {
        const already = arrivals.get(objectId);
        if (already !== undefined) return resolve(already);
        const timer = setTimeout(() => reject(new Error(`no event for ${objectId} in ${timeoutMs} ms`)), timeoutMs);
        waiters.set(objectId, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      }),
    close: () => controller.abort(),
  };
}

async function main() {
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const testApp = await startTestApp({ LOG_LEVEL: 'silent' });
  const kit = bookingTestKit(testApp);
  const { db } = testApp.database;
  const streams: TimedStream[] = [];
  try {
    const w = await kit.world();
    // The idle crowd: accounts with a session each, made in bulk (the streams' cost is what is measured, not sign-in).
    const crowd: { id: string; token: string }[] = [];
    const expiresAt = new Date(testApp.app.clock.now().getTime() + 30 * 86_400_000);
    for (let start = 0; start < STREAMS - 1; start += CHUNK) {
      const count = Math.min(CHUNK, STREAMS - 1 - start);
      const rows = await db
        .insert(users)
        .values(Array.from({ length: count }, (_, i) => ({ email: `bench-reader-${start + i}@bench.example`, role: 'user' as const, firstName: 'Bench', lastName: `Reader ${start + i}` })))
        .returning({ id: users.id });
      const tokens = rows.map(() => generateSecureToken());
      await db.insert(sessions).values(rows.map((row, i) => ({ userId: row.id, tokenHash: hashSecureToken(tokens[i]!), expiresAt })));
      crowd.push(...rows.map((row, i) => ({ id: row.id, token: tokens[i]! })));
    }

    const streamUrl = new URL('/v1/notification/stream', testApp.baseUrl).toString();
    const opening = performance.now();
    const clientStream = await openTimedStream(streamUrl, w.client.token);
    streams.push(clientStream);
    for (let start = 0; start < crowd.length; start += 100) {
      streams.push(...(await Promise.all(crowd.slice(start, start + 100).map((reader) => openTimedStream(streamUrl, reader.token)))));
    }
    const memory = process.memoryUsage();
    console.log(`[${database}] ${streams.length} streams open in ${((performance.now() - opening) / 1000).toFixed(1)} s; process RSS ${(memory.rss / 2 ** 20).toFixed(0)} MB, heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MB (client and server in one process)`);

    // Booking change → event: the restaurant accepts over HTTP; the clock starts before the request is sent.
    const latencies: number[] = [];
    for (let i = 0; i < ITERATIONS + WARM_UP; i++) {
      const booking = await kit.pending(w);
      const started = performance.now();
      await kit.expectOk(await kit.act(booking, { action: 'accept', by: w.restaurant }));
      const arrived = await clientStream.waitFor(booking.id, 10_000);
      if (i >= WARM_UP) latencies.push(arrived - started);
    }
    latencies.sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(latencies, p).toFixed(1));
    console.log(`[${database}] accept → client's notification.created with ${streams.length} streams open, ${ITERATIONS} changes: p50 ${p50} ms, p95 ${p95} ms, p99 ${p99} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
    for (const stream of streams) stream.close();
    streams.length = 0;

    // 100,000 notifications: a fifth for the heavy reader (the client), the rest over the crowd.
    const existing = (await db.$count(notifications)) as number;
    const heavyCount = Math.round(ROWS * HEAVY_SHARE);
    const template = { senderId: w.restaurant.id, objectType: 'booking' as const, kind: 'booking.accept', params: { title: 'Bench dinner', restaurant_name: 'Bench Bistro', date: null, timezone: null, reason: null } };
    const now = testApp.app.clock.now().getTime();
    const row = (i: number): NewNotificationRow => ({
      ...template,
      recipientId: i < heavyCount ? w.client.id : crowd[i % crowd.length]!.id,
      objectId: w.restaurant.id,
      isRead: i % 3 !== 0,
      createdAt: new Date(now - (ROWS - i) * 60_000),
    });
    const seeding = performance.now();
    for (let start = 0; start < ROWS - existing; start += CHUNK) {
      await db.insert(notifications).values(Array.from({ length: Math.min(CHUNK, ROWS - existing - start) }, (_, i) => row(start + i)));
    }
    await db.execute(sql`vacuum analyze notifications`);
    console.log(`[${database}] ${ROWS} notifications in the table (${((performance.now() - seeding) / 1000).toFixed(1)} s to seed)`);

    const results: Result[] = [];
    const readers = [
      { label: `many (${heavyCount.toLocaleString('en')})`, token: w.client.token },
      { label: `few (~${Math.round((ROWS - heavyCount) / crowd.length)})`, token: crowd[0]!.token },
    ];
    for (const reader of readers) {
      const headers = { authorization: `Bearer ${reader.token}` };
      const scenarios = [
        { endpoint: 'GET /v1/notification/unread', name: reader.label, path: '/v1/notification/unread' },
        { endpoint: 'GET /v1/notification', name: `${reader.label}, page 1`, path: '/v1/notification?limit=10&page=1' },
        { endpoint: 'GET /v1/notification', name: `${reader.label}, last page`, path: (base: string) => lastPagePath(base, { pathWithoutPage: '/v1/notification?limit=10', headers }) },
      ];
      for (const scenario of scenarios) results.push(await measure(testApp.baseUrl, { database: `${database} ${ROWS.toLocaleString('en')}`, scenario, options: { iterations: ITERATIONS, warmUp: WARM_UP, headers } }));
    }
    printTable(results, `Notifications: ${ITERATIONS} sequential requests per scenario (after ${WARM_UP} warm-up), loopback HTTP`);
  } finally {
    for (const stream of streams) stream.close();
    await testApp.close();
  }
}

await main();

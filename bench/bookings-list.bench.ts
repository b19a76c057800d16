/**
 * Bookings list benchmark: seeds bookings for one client at one restaurant (1,000, then up to
 * 100,000 with bulk inserts), then times `GET /v1/users/{id}/bookings` over real HTTP on loopback for each status
 * filter and both sorts, first and last page, as the client and as the restaurant, plus `needs_action`, at both
 * sizes (search is left out: it scans every row, see docs/benchmarks.md); on PGlite and, when DATABASE_URL is set, on
 * PostgreSQL (a throw-away database on that server). Prints the query plans (EXPLAIN ANALYZE) of the list's queries at the larger size.
 *
 *   npm run bench:bookings                                                 # PGlite only
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:bookings   # PGlite and PostgreSQL
 *   BENCH_ROWS=20000 BENCH_ITERATIONS=20 npm run bench:bookings           # a quicker run
 *   BENCH_DATABASES=postgres npm run bench:bookings                        # PostgreSQL only
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { BOOKING_LIST_FILTERS, BOOKING_LIST_SORTS, type BookingStatus } from '@goodtable/shared';
import { buildApp } from '../apps/api/src/app.ts';
import { loadEnv } from '../apps/api/src/config/env.ts';
import type { Database, DatabaseConnection } from '../apps/api/src/db/client.ts';
import { bookings, type NewBookingRow } from '../apps/api/src/db/schema/index.ts';
import { createTestDatabase } from '../apps/api/test/support/test-database.ts';
import { BENCH_PASSWORD, envNumber, lastPagePath, measure, pick, printTable, random, seedBenchParties, type BenchParties, type Result, type Scenario } from './bench-support.ts';

const SMALL = 1_000;
const LARGE = envNumber('BENCH_ROWS', { fallback: 100_000, min: SMALL, max: 1_000_000 });
const ITERATIONS = envNumber('BENCH_ITERATIONS', { fallback: 50, min: 5, max: 1_000 });
const WARM_UP = 5;
const CHUNK = 2_000;
const PAGE_SIZE = 20;
const DAY = 24 * 3_600_000;

type Parties = BenchParties & { clientId: string; clientEmail: string };

async function seedParties(db: Database): Promise<Parties> {
  const clientEmail = 'bench-client@bench.example';
  const seeded = await seedBenchParties(db, { clients: [{ email: clientEmail, lastName: 'Client' }], menuPrice: 6_500, causes: ['Reef', 'Harvest', 'Lantern', 'Orchard', 'Meadow'] });
  return { ...seeded, clientId: seeded.clientIds[0]!, clientEmail };
}

/** A believable mix: most bookings are over (completed or cancelled), some in progress, a few drafts. */
const STATUS_MIX: [BookingStatus, number][] = [
  ['DRAFT', 0.05],
  ['PENDING', 0.1],
  ['ACCEPTED', 0.05],
  ['CONFIRMED', 0.2],
  ['COMPLETED', 0.35],
  ['CANCELED', 0.2],
  ['INCOMPLETE', 0.05],
];
const TITLE_WORDS = ['Harbour', 'Garden', 'Lantern', 'River', 'Autumn', 'Spring', 'Gala', 'Long table', 'Banquet', 'Supper'];

function statusFor(next: () => number): BookingStatus {
  let roll = next();
  for (const [status, share] of STATUS_MIX) {
    if (roll < share) return status;
    roll -= share;
  }
  return 'COMPLETED';
}

/** Bookings number `from` to `to - 1`, deterministic. Events spread over three years around `now`. */
function bookingRows(parties: Parties, { from, to, now }: { from: number; to: number; now: number }): NewBookingRow[] {
  const next = random(1_000_003 + from);
  return Array.from({ length: to - from }, (_, i) => {
    const n = from + i;
    const status = statusFor(next);
    const future = status === 'DRAFT' || status === 'PENDING' || status === 'ACCEPTED' || (status === 'CONFIRMED' && next() < 0.7);
    const date = new Date(future ? now + (1 + next() * 365) * DAY : now - (1 + next() * 730) * DAY);
    const updatedAt = new Date(now - next() * 730 * DAY);
    const canceled = status === 'CANCELED';
    const suggestion = canceled && next() < 0.15;
    const declineReason = canceled && !suggestion && next() < 0.4 ? pick(next, ['NOT_AVAILABLE', 'NOT_SUITABLE'] as const) : null;
    const completed = status === 'COMPLETED';
    return {
      clientId: parties.clientId,
      restaurantId: parties.restaurantId,
      menuId: parties.menuId,
      causeId: pick(next, parties.causeIds),
      status,
      date,
      suggestionDate: suggestion ? new Date(now + (1 + next() * 60) * DAY) : null,
      guests: 10 + Math.floor(next() * 60),
      title: `${pick(next, TITLE_WORDS)} dinner ${n}`,
      story: 'A benchmark booking.',
      ticketPrice: 9_000,
      goal: next() < 0.5 ? 200_000 : null,
      currency: 'AUD',
      ticketsSold: status === 'INCOMPLETE' ? 0 : Math.floor(next() * 60),
      declineReason,
      cancelReason: canceled ? (suggestion ? 'TIME_SUGGESTED' : declineReason ? 'DECLINED' : 'CLIENT_CANCELED') : status === 'INCOMPLETE' ? 'NO_TICKETS_SOLD' : null,
      completionMarkedAt: completed ? new Date(date.getTime() + DAY) : null,
      completionOutcome: completed ? 'CONFIRMED' : null,
      completionResolvedAt: completed ? new Date(date.getTime() + 2 * DAY) : null,
      responseDueAt: status === 'PENDING' ? new Date(now + 2 * DAY) : null,
      depositDueAt: status === 'ACCEPTED' ? new Date(now + 2 * DAY) : null,
      createdAt: new Date(updatedAt.getTime() - next() * 30 * DAY),
      updatedAt,
    };
  });
}

async function seedBookings(db: Database, { parties, from, to }: { parties: Parties; from: number; to: number }): Promise<void> {
  const now = Date.now();
  for (let start = from; start < to; start += CHUNK) await db.insert(bookings).values(bookingRows(parties, { from: start, to: Math.min(to, start + CHUNK), now }));
  // Steady state: autovacuum would have set the visibility map (index-only counts) and the statistics by now.
  await db.execute(sql`vacuum analyze bookings`);
}

type ListScenario = { endpoint: string; name: string; query: string; lastPage: boolean };

function scenarios(viewer: 'client' | 'restaurant', userId: string): ListScenario[] {
  const endpoint = `GET /v1/users/{${viewer}}/bookings`;
  const base = `/v1/users/${userId}/bookings?limit=${PAGE_SIZE}`;
  const list: ListScenario[] = [];
  for (const status of BOOKING_LIST_FILTERS) {
    for (const sort of BOOKING_LIST_SORTS) {
      const query = `${base}&status=${status}&sortBy=${encodeURIComponent(sort)}`;
      const sortName = sort === 'date:asc' ? 'event date' : 'latest';
      list.push({ endpoint, name: `${status}, ${sortName}, first page`, query, lastPage: false });
      list.push({ endpoint, name: `${status}, ${sortName}, last page`, query, lastPage: true });
    }
  }
  list.push({ endpoint, name: 'needs action, latest', query: `${base}&needs_action=true`, lastPage: false });
  return list;
}

async function signIn(baseUrl: string, { email, retry = true }: { email: string; retry?: boolean }): Promise<string> {
  let response: Response;
  try {
    response = await fetch(new URL('/v1/auth/sign-in', baseUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) });
  } catch (error) {
    // After minutes of seeding, the pooled keep-alive connection may have been closed by the server: one retry.
    if (retry) return signIn(baseUrl, { email, retry: false });
    throw error;
  }
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return ((await response.json()) as { token: { access_token: string } }).token.access_token;
}

/** The list's main queries as the repository writes them (a seller's scope is its restaurant only), explained with their run times. */
async function explainListQueries(db: Database, parties: Parties): Promise<string[]> {
  const latest = sql`order by updated_at desc nulls last, id desc nulls last`;
  const latestBackwards = sql`order by updated_at asc nulls first, id asc nulls first`;
  const client = sql`client_id = ${parties.clientId}`;
  const restaurant = sql`restaurant_id in (${parties.restaurantId})`;
  const byDate = sql`order by date asc nulls last, id asc nulls last`;
  const queries: [string, ReturnType<typeof sql>][] = [
    ['client, latest, page 1', sql`select id from bookings where ${client} ${latest} limit ${PAGE_SIZE}`],
    ['client, latest, last', sql`select id from bookings where ${client} ${latestBackwards} limit ${PAGE_SIZE}`],
    ['client, date, page 1', sql`select id from bookings where ${client} order by date asc nulls last, id asc nulls last limit ${PAGE_SIZE}`],
    ['client, CONFIRMED', sql`select id from bookings where ${client} and list_group in ('CONFIRMED') ${latest} limit ${PAGE_SIZE}`],
    ['client, IN_PROGRESS', sql`select id from bookings where ${client} and list_group in ('IN_PROGRESS') ${latest} limit ${PAGE_SIZE}`],
    ['client, DRAFT, date', sql`select id from bookings where ${client} and list_group in ('DRAFTS') ${byDate} limit ${PAGE_SIZE}`],
    ['client, needs action', sql`select id from bookings where ${client} and waits_for_client and (status <> 'ACCEPTED' or deposit_due_at is null or deposit_due_at > now()) ${latest} limit ${PAGE_SIZE}`],
    ['client, count waiting', sql`select count(*) from bookings where ${client} and waits_for_client and (status <> 'ACCEPTED' or deposit_due_at is null or deposit_due_at > now())`],
    // What needs_action's total reads instead: disjoint parts, each an index-only range on its partial index (the clock as the range).
    ['client, waiting deposit', sql`select count(*) from bookings where ${client} and waits_for_client and status = 'ACCEPTED' and deposit_due_at > now()`],
    ['client, waiting no due', sql`select count(*) from bookings where ${client} and waits_for_client and status = 'ACCEPTED' and deposit_due_at is null`],
    ['client, waiting over', sql`select count(*) from bookings where ${client} and waits_for_client and status = 'CONFIRMED' and completion_marked_at is null and date <= now() - interval '3 hours'`],
    ['client, waiting steady', sql`select count(*) from bookings where ${client} and waits_for_client and status <> 'ACCEPTED' and (status <> 'CONFIRMED' or completion_marked_at is not null)`],
    ['restaurant, count wait', sql`select count(*) from bookings where ${restaurant} and client_id <> ${parties.restaurantId} and waits_for_restaurant and (status <> 'PENDING' or response_due_at is null or response_due_at > now()) and (status <> 'CONFIRMED' or date <= now() - interval '3 hours')`],
    ['restaurant, wait response', sql`select count(*) from bookings where ${restaurant} and client_id <> ${parties.restaurantId} and waits_for_restaurant and status = 'PENDING' and response_due_at > now()`],
    ['restaurant, wait over', sql`select count(*) from bookings where ${restaurant} and client_id <> ${parties.restaurantId} and waits_for_restaurant and status = 'CONFIRMED' and date <= now() - interval '3 hours'`],
    ['client, count', sql`select count(*) from bookings where ${client}`],
    ['client, count CONFIRMED', sql`select count(*) from bookings where ${client} and list_group in ('CONFIRMED')`],
    ['restaurant, latest, 1', sql`select id from bookings where ${restaurant} ${latest} limit ${PAGE_SIZE}`],
    ['restaurant, count', sql`select count(*) from bookings where ${restaurant}`],
    // What totalResults reads instead since booking_list_counts (a few rows per party), for the client and the restaurant.
    ['client, counted', sql`select sum(bookings) from booking_list_counts where client_id = ${parties.clientId} and restaurant_id is null and cause_id is null`],
    ['restaurant, counted', sql`select sum(bookings) from booking_list_counts where client_id is null and restaurant_id in (${parties.restaurantId}) and cause_id is null`],
  ];
  const lines: string[] = [];
  for (const [name, query] of queries) {
    const result = (await db.execute(sql`explain analyze ${query}`)) as unknown as { rows: Record<string, string>[] };
    const plan = result.rows.map((row) => Object.values(row)[0]).join(' | ');
    const indexes = [...new Set(plan.match(/bookings_[a-z_]+idx|booking_list_counts_[a-z_]+key/g) ?? [])];
    const time = plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? '?';
    lines.push(`  ${name.padEnd(26)} ${time.padStart(8)} ms  ${indexes.length ? `uses ${indexes.join(', ')}` : 'NO INDEX'}  — ${plan.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  return lines;
}

async function measureAll(baseUrl: string, { label, parties, size }: { label: string; parties: Parties; size: number }): Promise<Result[]> {
  const tokens = { client: await signIn(baseUrl, { email: parties.clientEmail }), restaurant: await signIn(baseUrl, { email: parties.restaurantEmail }) };
  const results: Result[] = [];
  for (const viewer of ['client', 'restaurant'] as const) {
    const headers = { authorization: `Bearer ${tokens[viewer]}` };
    const userId = viewer === 'client' ? parties.clientId : parties.restaurantId;
    for (const { endpoint, name, query, lastPage } of scenarios(viewer, userId)) {
      const scenario: Scenario = { endpoint, name, path: lastPage ? (base) => lastPagePath(base, { pathWithoutPage: query, headers }) : query };
      results.push(await measure(baseUrl, { database: `${label} ${size.toLocaleString('en')}`, scenario, options: { iterations: ITERATIONS, warmUp: WARM_UP, headers } }));
    }
  }
  return results;
}

async function runOn(label: string, connection: DatabaseConnection): Promise<Result[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-bench-'));
  try {
    const parties = await seedParties(connection.db);
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production', WEB_DIST_DIR: '' });
    const app = await buildApp({ env: { ...env, WEB_DIST_DIR: '' }, database: connection });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const results: Result[] = [];
      let seeded = 0;
      for (const size of [SMALL, LARGE]) {
        const started = performance.now();
        await seedBookings(connection.db, { parties, from: seeded, to: size });
        seeded = size;
        console.log(`[${label}] ${size} bookings seeded (${((performance.now() - started) / 1000).toFixed(1)} s)`);
        results.push(...(await measureAll(baseUrl, { label, parties, size })));
      }
      console.log(`[${label}] query plans at ${LARGE} bookings:`);
      for (const line of await explainListQueries(connection.db, parties)) console.log(line);
      return results;
    } finally {
      await app.close();
    }
  } finally {
    await connection.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * One row per viewer and scenario: p50 / p95 at both sizes on each database, and the p95 ratio between the sizes on
 * PostgreSQL (the goal: at most 1.5). docs/benchmarks.md keeps this table.
 */
function printComparison(results: Result[]): void {
  const databases = [...new Set(results.map((r) => r.database.split(' ')[0]!))];
  const sizes = [SMALL, LARGE].map((size) => size.toLocaleString('en'));
  const find = (database: string, { size, r }: { size: string; r: Result }) => results.find((x) => x.database === `${database} ${size}` && x.endpoint === r.endpoint && x.name === r.name);
  const cell = (found: Result | undefined) => (found && !Number.isNaN(found.p50) ? `${found.p50.toFixed(1)} / ${found.p95.toFixed(1)}` : '-');
  const header = ['viewer', 'scenario', ...databases.flatMap((database) => sizes.map((size) => `${database} ${size}`)), 'PostgreSQL p95 ratio'];
  console.log(`\np50 / p95 in ms; ratio = p95 at ${sizes[1]} / p95 at ${sizes[0]} on PostgreSQL (goal ≤ 1.5)\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const r of results.filter((x) => x.database === `${databases[0]} ${sizes[0]}`)) {
    const small = find('PostgreSQL', { size: sizes[0]!, r });
    const large = find('PostgreSQL', { size: sizes[1]!, r });
    const ratio = small && large ? (large.p95 / small.p95).toFixed(2) : '-';
    const viewer = r.endpoint.includes('{client}') ? 'client' : 'restaurant';
    console.log(`| ${viewer} | ${r.name} | ${databases.flatMap((database) => sizes.map((size) => cell(find(database, { size, r })))).join(' | ')} | ${ratio} |`);
  }
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const which = process.env.BENCH_DATABASES ?? 'pglite,postgres';
  const results: Result[] = [];
  delete process.env.DATABASE_URL;
  if (which.includes('pglite')) results.push(...(await runOn('PGlite', await createTestDatabase())));
  if (serverUrl && which.includes('postgres')) {
    process.env.DATABASE_URL = serverUrl;
    results.push(...(await runOn('PostgreSQL', await createTestDatabase())));
  } else if (!serverUrl) {
    console.log('DATABASE_URL not set: PostgreSQL skipped');
  }
  printTable(results, `Bookings of one client at one restaurant; ${ITERATIONS} sequential requests per scenario (after ${WARM_UP} warm-up), page size ${PAGE_SIZE}, loopback HTTP`);
  printComparison(results);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Directory benchmark : seeds 10,000 published restaurants and 10,000 published causes with bulk
 * inserts, then measures p50/p95 latency of the public directory endpoints over real HTTP on loopback, on PGlite
 * and, when DATABASE_URL is set, on PostgreSQL (a throw-away database on that server). Also prints the query
 * plans (EXPLAIN) of the cause directory queries, to check the indexes are used.
 *
 *   npm run bench                                              # PGlite only
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench   # PGlite and PostgreSQL
 *   BENCH_ROWS=2000 BENCH_ITERATIONS=30 npm run bench          # a quicker run
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { lastPagePath, measure, pick, printTable, random, type Result, type Scenario } from './bench-support.ts';
import { sql } from 'drizzle-orm';
import { CAUSE_CATEGORIES, CUISINES, REGIONS } from '@goodtable/shared';
import { buildApp } from '../apps/api/src/app.ts';
import { loadEnv } from '../apps/api/src/config/env.ts';
import type { Database, DatabaseConnection } from '../apps/api/src/db/client.ts';
import { causes, menus, restaurantProfiles, users } from '../apps/api/src/db/schema/index.ts';
import { createTestDatabase } from '../apps/api/test/support/test-database.ts';
import { causeSearchText } from '../apps/api/src/modules/causes/causes.repository.ts';

const ROWS = Math.min(Math.max(Number(process.env.BENCH_ROWS ?? 10_000), 100), 100_000);
const ITERATIONS = Math.min(Math.max(Number(process.env.BENCH_ITERATIONS ?? 100), 5), 1_000);
const WARM_UP = 5;
const CHUNK = 1_000;
const PAGE_SIZE = 20;

const ADJECTIVES = ['Bright', 'Golden', 'Green', 'Harbour', 'Little', 'Open', 'Silver', 'Coastal', 'River', 'Sunny', 'Urban', 'Wild'];
const NOUNS = ['Kitchen', 'Table', 'Garden', 'Reef', 'Harvest', 'Lantern', 'Bridge', 'Hearth', 'Orchard', 'Lotus', 'Anchor', 'Meadow'];
const STORY_WORDS = ['meals', 'families', 'children', 'volunteers', 'schools', 'clinic', 'coral', 'shelter', 'books', 'music', 'flood', 'community', 'water', 'trees'];
const CITIES = [
  { city: 'Sydney', region: 'New South Wales', country: 'AU', currency: 'AUD', timezone: 'Australia/Sydney' },
  { city: 'Melbourne', region: 'Victoria', country: 'AU', currency: 'AUD', timezone: 'Australia/Melbourne' },
  { city: 'Brisbane', region: 'Queensland', country: 'AU', currency: 'AUD', timezone: 'Australia/Brisbane' },
  { city: 'Da Nang', region: 'Worldwide', country: 'VN', currency: 'VND', timezone: 'Asia/Ho_Chi_Minh' },
] as const;


async function seedCauses(db: Database): Promise<void> {
  const next = random(42);
  const owners = Math.ceil(ROWS / 10);
  const ownerIds: string[] = [];
  for (let start = 0; start < owners; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, owners - start) }, (_, i) => ({
      email: `bench-cause-${start + i}@bench.example`,
      role: 'cause' as const,
      firstName: 'Bench',
      lastName: `Cause ${start + i}`,
    }));
    ownerIds.push(...(await db.insert(users).values(rows).returning({ id: users.id })).map((row) => row.id));
  }
  const now = Date.now();
  for (let start = 0; start < ROWS; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, ROWS - start) }, (_, i) => {
      const n = start + i;
      const name = `${pick(next, ADJECTIVES)} ${pick(next, NOUNS)} ${n}`;
      const story = Array.from({ length: 25 }, () => pick(next, STORY_WORDS)).join(' ');
      return {
        ownerId: ownerIds[n % ownerIds.length]!,
        name,
        slug: `bench-cause-${n}`,
        category: pick(next, CAUSE_CATEGORIES),
        story,
        searchText: causeSearchText({ name, story }),
        countryCode: next() < 0.5 ? 'AU' : 'VN',
        // About 5 % are drafts, which the directory must leave out.
        published: next() > 0.05,
        createdAt: new Date(now - n * 60_000),
      };
    });
    await db.insert(causes).values(rows);
  }
}

async function seedRestaurants(db: Database): Promise<void> {
  const next = random(7);
  const now = Date.now();
  for (let start = 0; start < ROWS; start += CHUNK) {
    const count = Math.min(CHUNK, ROWS - start);
    const sellers = await db
      .insert(users)
      .values(Array.from({ length: count }, (_, i) => ({ email: `bench-restaurant-${start + i}@bench.example`, role: 'seller' as const, firstName: 'Bench', lastName: `Seller ${start + i}`, published: true })))
      .returning({ id: users.id });
    const profiles = sellers.map(({ id }, i) => {
      const n = start + i;
      const place = pick(next, CITIES);
      const cuisine = pick(next, CUISINES);
      const name = `${pick(next, ADJECTIVES)} ${pick(next, NOUNS)} ${n}`;
      return {
        restaurantId: id,
        name,
        slug: `bench-restaurant-${n}`,
        description: 'A benchmark restaurant.',
        cuisine,
        address: `${n} Bench Street`,
        city: place.city,
        region: place.region,
        country: place.country,
        currency: place.currency,
        timezone: place.timezone,
        published: next() > 0.05,
        searchText: `${name} ${place.city} ${cuisine} ${place.region}`.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim(),
        createdAt: new Date(now - n * 60_000),
      };
    });
    await db.insert(restaurantProfiles).values(profiles);
    await db.insert(menus).values(
      sellers.map(({ id }) => {
        const minGuests = 10 + Math.floor(next() * 20);
        return { restaurantId: id, name: 'Set menu', pricePerHead: 5_000 + Math.floor(next() * 10_000), currency: 'AUD', minGuests, maxGuests: minGuests + 40 };
      }),
    );
  }
}

const SCENARIOS: Scenario[] = [
  { endpoint: 'GET /v1/causes', name: 'latest, page 1', path: `/v1/causes?limit=${PAGE_SIZE}` },
  { endpoint: 'GET /v1/causes', name: 'A-Z, page 1', path: `/v1/causes?limit=${PAGE_SIZE}&sortBy=name:asc` },
  { endpoint: 'GET /v1/causes', name: 'filter category', path: `/v1/causes?limit=${PAGE_SIZE}&category=health` },
  { endpoint: 'GET /v1/causes', name: 'search "reef"', path: `/v1/causes?limit=${PAGE_SIZE}&search=reef` },
  { endpoint: 'GET /v1/causes', name: 'search + category, A-Z', path: `/v1/causes?limit=${PAGE_SIZE}&search=gold&category=hunger&sortBy=name:asc` },
  { endpoint: 'GET /v1/causes', name: 'last page, latest', path: (base) => lastPagePath(base, { pathWithoutPage: `/v1/causes?limit=${PAGE_SIZE}` }) },
  { endpoint: 'GET /v1/causes', name: 'last page, A-Z', path: (base) => lastPagePath(base, { pathWithoutPage: `/v1/causes?limit=${PAGE_SIZE}&sortBy=name:asc` }) },
  { endpoint: 'GET /v1/restaurants', name: 'latest, page 1', path: `/v1/restaurants?limit=${PAGE_SIZE}` },
  { endpoint: 'GET /v1/restaurants', name: 'A-Z, page 1', path: `/v1/restaurants?limit=${PAGE_SIZE}&sortBy=name:asc` },
  { endpoint: 'GET /v1/restaurants', name: 'filter region', path: `/v1/restaurants?limit=${PAGE_SIZE}&region=${encodeURIComponent(REGIONS[1])}` },
  { endpoint: 'GET /v1/restaurants', name: 'filter cuisine + guests', path: `/v1/restaurants?limit=${PAGE_SIZE}&cuisine=italian&guests=30` },
  { endpoint: 'GET /v1/restaurants', name: 'search "harbour"', path: `/v1/restaurants?limit=${PAGE_SIZE}&search=harbour` },
  { endpoint: 'GET /v1/restaurants', name: 'last page, latest', path: (base) => lastPagePath(base, { pathWithoutPage: `/v1/restaurants?limit=${PAGE_SIZE}` }) },
];

/** The cause directory's queries as the repository writes them, explained. */
async function explainCauseQueries(db: Database): Promise<string[]> {
  const lastOffset = Math.floor(ROWS / PAGE_SIZE) * PAGE_SIZE;
  const queries: [string, ReturnType<typeof sql>][] = [
    ['latest', sql`select id from causes where published order by created_at desc nulls last, id desc nulls last limit ${PAGE_SIZE}`],
    ['A-Z', sql`select id from causes where published order by lower(name) asc nulls last, id asc nulls last limit ${PAGE_SIZE}`],
    ['category, latest', sql`select id from causes where published and category = 'health' order by created_at desc nulls last, id desc nulls last limit ${PAGE_SIZE}`],
    ['search', sql`select id from causes where published and search_vector @@ to_tsquery('simple', 'reef:*') order by created_at desc nulls last, id desc nulls last limit ${PAGE_SIZE}`],
    ['search+cat, A-Z', sql`select id from causes where published and category = 'hunger' and search_vector @@ to_tsquery('simple', 'gold:*') order by lower(name) asc nulls last, id asc nulls last limit ${PAGE_SIZE}`],
    ['last page, latest', sql`select id from causes where published order by created_at desc nulls last, id desc nulls last limit ${PAGE_SIZE} offset ${lastOffset}`],
    ['count, category', sql`select count(*) from causes where published and category = 'health'`],
  ];
  const lines: string[] = [];
  for (const [name, query] of queries) {
    const result = (await db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    const plan = result.rows.map((row) => Object.values(row)[0]).join(' | ');
    const indexes = [...new Set(plan.match(/causes_[a-z_]+idx/g) ?? [])];
    lines.push(`  ${name.padEnd(18)} ${indexes.length ? `uses ${indexes.join(', ')}` : 'NO INDEX'}  — ${plan.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  return lines;
}

async function runOn(label: string, connection: DatabaseConnection): Promise<Result[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-bench-'));
  try {
    const seedStarted = performance.now();
    await seedCauses(connection.db);
    let restaurantsSeeded = true;
    try {
      await seedRestaurants(connection.db);
    } catch (error) {
      restaurantsSeeded = false;
      console.warn(`[${label}] restaurants not seeded: ${(error as Error).message}`);
    }
    await connection.db.execute(sql`analyze`);
    console.log(`[${label}] seeded ${ROWS} causes${restaurantsSeeded ? ` and ${ROWS} restaurants` : ''} in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    console.log(`[${label}] query plans of the cause directory:`);
    for (const line of await explainCauseQueries(connection.db)) console.log(line);

    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production', WEB_DIST_DIR: '' });
    const app = await buildApp({ env: { ...env, WEB_DIST_DIR: '' }, database: connection });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const results: Result[] = [];
      for (const scenario of SCENARIOS) results.push(await measure(baseUrl, { database: label, scenario, options: { iterations: ITERATIONS, warmUp: WARM_UP } }));
      return results;
    } finally {
      await app.close();
    }
  } finally {
    await connection.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const results: Result[] = [];
  const savedUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  results.push(...(await runOn('PGlite', await createTestDatabase())));
  if (serverUrl) {
    process.env.DATABASE_URL = savedUrl;
    results.push(...(await runOn('PostgreSQL', await createTestDatabase())));
  } else {
    console.log('DATABASE_URL not set: PostgreSQL skipped');
  }
  printTable(results, `${ROWS} rows per table, ${ITERATIONS} sequential requests per scenario (after ${WARM_UP} warm-up), page size ${PAGE_SIZE}, loopback HTTP`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

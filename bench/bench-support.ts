/** What the benchmarks share: deterministic data, the parties they seed, timing requests over HTTP, and the result table. */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Database } from '../apps/api/src/db/client.ts';
import { causes, menus, restaurantProfiles, users } from '../apps/api/src/db/schema/index.ts';
import { hashPassword } from '../apps/api/src/modules/accounts/accounts.service.ts';

/** Deterministic pseudo-random numbers, so every run seeds the same data. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
export const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

/** A bounded whole number from the environment. */
export function envNumber(name: string, { fallback, min, max }: { fallback: number; min: number; max: number }): number {
  return Math.min(Math.max(Number(process.env[name] ?? fallback), min), max);
}

/**
 * CPU time spent over a stretch of a run: by this process (all its threads) and by the rest of the machine (on a
 * quiet machine, the database server), from Linux's /proc/stat. `stop()` gives seconds of CPU; null off Linux.
 */
export function startCpuMeter(): { stop: () => { process: number; restOfMachine: number; cores: number } | null } {
  const machineBusy = () => {
    if (!fs.existsSync('/proc/stat')) return null;
    // The first line: cpu user nice system idle iowait irq softirq steal ..., in USER_HZ (100 per second).
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return (fields[0]! + fields[1]! + fields[2]! + fields[5]! + fields[6]! + fields[7]!) / 100;
  };
  const machineStart = machineBusy();
  const processStart = process.cpuUsage();
  return {
    stop: () => {
      const machineEnd = machineBusy();
      if (machineStart === null || machineEnd === null) return null;
      const used = process.cpuUsage(processStart);
      const processSeconds = (used.user + used.system) / 1e6;
      return { process: processSeconds, restOfMachine: Math.max(0, machineEnd - machineStart - processSeconds), cores: os.availableParallelism() };
    },
  };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export type Scenario = { endpoint: string; name: string; path: string | ((baseUrl: string) => Promise<string>) };
export type Result = { database: string; endpoint: string; name: string; p50: number; p95: number; results: number | string };

/** The path of the last page of a paged list (`…&page=<totalPages>`), read from its first page. */
export async function lastPagePath(baseUrl: string, { pathWithoutPage, headers = {} }: { pathWithoutPage: string; headers?: Record<string, string> }): Promise<string> {
  const response = await fetch(new URL(pathWithoutPage, baseUrl), { headers });
  const body = (await response.json()) as { totalPages: number };
  return `${pathWithoutPage}&page=${Math.max(body.totalPages, 1)}`;
}

/** p50 and p95 of `iterations` sequential requests (after `warmUp`), and the list's `totalResults`. */
export async function measure(
  baseUrl: string,
  { database, scenario, options }: { database: string; scenario: Scenario; options: { iterations: number; warmUp: number; headers?: Record<string, string> } },
): Promise<Result> {
  const headers = options.headers ?? {};
  const pathname = typeof scenario.path === 'string' ? scenario.path : await scenario.path(baseUrl);
  const url = new URL(pathname, baseUrl);
  const probe = await fetch(url, { headers });
  if (probe.status !== 200) {
    await probe.body?.cancel();
    return { database, endpoint: scenario.endpoint, name: scenario.name, p50: NaN, p95: NaN, results: `HTTP ${probe.status}` };
  }
  // A list's totalResults, or a count's total (GET /v1/notification/unread).
  const body = (await probe.json()) as { totalResults?: number; total?: number };
  for (let i = 0; i < options.warmUp; i++) await (await fetch(url, { headers })).arrayBuffer();
  const timings: number[] = [];
  for (let i = 0; i < options.iterations; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return { database, endpoint: scenario.endpoint, name: scenario.name, p50: percentile(timings, 50), p95: percentile(timings, 95), results: body.totalResults ?? body.total ?? '-' };
}

/** Prints the results as the Markdown table docs/benchmarks.md keeps. */
export function printTable(results: Result[], heading: string): void {
  const header = ['database', 'endpoint', 'scenario', 'results', 'p50 ms', 'p95 ms'];
  const rows = results.map((r) => [r.database, r.endpoint, r.name, String(r.results), Number.isNaN(r.p50) ? '-' : r.p50.toFixed(1), Number.isNaN(r.p95) ? '-' : r.p95.toFixed(1)]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${heading}\n`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

export const BENCH_PASSWORD = 'bench-password-1234';

export type BenchParties = { clientIds: string[]; restaurantId: string; restaurantEmail: string; menuId: string; causeIds: string[] };

/**
 * What every booking benchmark starts from: verified clients (`clients`, each signing in with `BENCH_PASSWORD`), a
 * published seller `bench-restaurant@bench.example` with its restaurant profile (Bench Bistro, Melbourne, AUD) and one
 * set menu at `menuPrice` per head, and a cause owner with a published cause per name of `causes`.
 */
export async function seedBenchParties(
  db: Database,
  options: { clients: { email: string; lastName: string }[]; menuPrice: number; causes: string[] },
): Promise<BenchParties> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const clientIds = (
    await db
      .insert(users)
      .values(options.clients.map(({ email, lastName }) => ({ email, role: 'user' as const, passwordHash, firstName: 'Bench', lastName, isVerified: true })))
      .returning({ id: users.id })
  ).map((row) => row.id);
  const restaurantEmail = 'bench-restaurant@bench.example';
  const [seller] = await db
    .insert(users)
    .values({ email: restaurantEmail, role: 'seller', passwordHash, firstName: 'Bench', lastName: 'Seller', name: 'Bench Bistro', isVerified: true, published: true })
    .returning({ id: users.id });
  const [owner] = await db.insert(users).values({ email: 'bench-cause@bench.example', role: 'cause', firstName: 'Bench', lastName: 'Cause' }).returning({ id: users.id });
  await db.insert(restaurantProfiles).values({
    restaurantId: seller!.id,
    name: 'Bench Bistro',
    slug: 'bench-bistro',
    address: '1 Bench Street',
    city: 'Melbourne',
    region: 'Victoria',
    country: 'AU',
    currency: 'AUD',
    timezone: 'Australia/Melbourne',
    published: true,
    searchText: 'bench bistro melbourne',
  });
  const [menu] = await db
    .insert(menus)
    .values({ restaurantId: seller!.id, name: 'Set menu', pricePerHead: options.menuPrice, currency: 'AUD', minGuests: 10, maxGuests: 80 })
    .returning({ id: menus.id });
  const causeIds = (
    await db
      .insert(causes)
      .values(
        options.causes.map((word, i) => ({
          ownerId: owner!.id,
          name: `${word} Foundation`,
          slug: `bench-cause-${i}`,
          category: 'community' as const,
          story: 'A benchmark cause.',
          searchText: `${word.toLowerCase()} foundation`,
          countryCode: 'AU',
          published: true,
        })),
      )
      .returning({ id: causes.id })
  ).map((row) => row.id);
  return { clientIds, restaurantId: seller!.id, restaurantEmail, menuId: menu!.id, causeIds };
}

/** What the benchmarks share: deterministic data, timing requests over HTTP, and the result table. */
import { performance } from 'node:perf_hooks';

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
export function envNumber(name: string, fallback: number, min: number, max: number): number {
  return Math.min(Math.max(Number(process.env[name] ?? fallback), min), max);
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export type Scenario = { endpoint: string; name: string; path: string | ((baseUrl: string) => Promise<string>) };
export type Result = { database: string; endpoint: string; name: string; p50: number; p95: number; results: number | string };

/** The path of the last page of a paged list (`…&page=<totalPages>`), read from its first page. */
export async function lastPagePath(baseUrl: string, pathWithoutPage: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(new URL(pathWithoutPage, baseUrl), { headers });
  const body = (await response.json()) as { totalPages: number };
  return `${pathWithoutPage}&page=${Math.max(body.totalPages, 1)}`;
}

/** p50 and p95 of `iterations` sequential requests (after `warmUp`), and the list's `totalResults`. */
export async function measure(
  baseUrl: string,
  database: string,
  scenario: Scenario,
  options: { iterations: number; warmUp: number; headers?: Record<string, string> },
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

/** Prints the results as the Markdown table the README keeps. */
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

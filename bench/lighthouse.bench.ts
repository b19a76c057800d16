/**
 * Lighthouse benchmark: the mobile scores (performance, accessibility, best practices, SEO) and the paint metrics of
 * the public pages, measured offline against the compiled server (`node apps/api/dist/server.js`, what `npm start`
 * runs; run `npm run build` first) on its own port and its own embedded database seeded with the demo data.
 * Lighthouse's default mobile settings: a Moto G Power sized screen and simulated throttling (a slow 4G network and a
 * 4× slower CPU, computed from the real load), so the numbers say how a phone would fare, not how fast the machine running it is.
 *
 * Chromium (/usr/bin/chromium, or CHROMIUM_PATH) resolves no host name except the server's loopback address, so
 * nothing is fetched from the internet; a page that asks for anything else is reported under the table.
 *
 *   npm run build && npm run bench:lighthouse
 *   LIGHTHOUSE_RUNS=1 npm run bench:lighthouse           # one run per page instead of the median of 3
 *   LIGHTHOUSE_REPORT_DIR=/tmp/lh npm run bench:lighthouse  # also writes each page's HTML report there
 *
 * Exits with 1 when a page's performance score is under MIN_PERFORMANCE_SCORE
 * (docs/decisions/0263-lighthouse-mobile-score-is-a-benchmark-with-a-floor.md).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { generateReport, type Result as LighthouseResult } from 'lighthouse';
import { freePort, pgliteServerDatabase, spawnServer } from '../apps/api/test/support/server-process.ts';
import { envNumber } from './bench-support.ts';

const RUNS = envNumber('LIGHTHOUSE_RUNS', { fallback: 3, min: 1, max: 9 });
/** The lowest mobile performance score a public page may have. */
const MIN_PERFORMANCE_SCORE = 95;
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const repoRoot = path.resolve(import.meta.dirname, '..');
const compiledServer = path.join(repoRoot, 'apps/api/dist/server.js');
const builtWebIndex = path.join(repoRoot, 'apps/web/dist/index.html');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  { audit: 'first-contentful-paint', title: 'FCP s', format: (value: number) => (value / 1000).toFixed(1) },
  { audit: 'largest-contentful-paint', title: 'LCP s', format: (value: number) => (value / 1000).toFixed(1) },
  { audit: 'total-blocking-time', title: 'TBT ms', format: (value: number) => value.toFixed(0) },
  { audit: 'cumulative-layout-shift', title: 'CLS', format: (value: number) => value.toFixed(3) },
] as const;

type Page = { name: string; path: string };
type PageResult = { page: Page; scores: number[]; metrics: number[]; failing: string[]; offsite: string[] };

/** The first item of a public list of the API (`data[0]`), to find a real post, restaurant and cause to score. */
async function firstItem<T>(baseUrl: string, listPath: string): Promise<T> {
  const response = await fetch(new URL(listPath, baseUrl));
  if (response.status !== 200) throw new Error(`GET ${listPath} answered ${response.status}`);
  const body = (await response.json()) as { data: T[] };
  if (!body.data[0]) throw new Error(`GET ${listPath} returned nothing: is the demo data seeded?`);
  return body.data[0];
}

async function publicPages(baseUrl: string): Promise<Page[]> {
  const post = await firstItem<{ slug: string }>(baseUrl, '/v1/blog?limit=1');
  const restaurant = await firstItem<{ slug: string }>(baseUrl, '/v1/restaurants?limit=1');
  const cause = await firstItem<{ slug: string }>(baseUrl, '/v1/causes?limit=1');
  const home = (await (await fetch(new URL('/v1/site/home', baseUrl))).json()) as { upcoming_events: { id: string }[] };
  const event = home.upcoming_events[0];
  if (!event) throw new Error('GET /v1/site/home lists no upcoming event: is the demo data seeded?');
  const pages: Page[] = [
    { name: 'home', path: '/' },
    { name: 'restaurants', path: '/restaurants' },
    { name: 'causes', path: '/causes' },
    { name: 'restaurant page', path: `/${restaurant.slug}` },
    { name: 'cause page', path: `/cause/${cause.slug}` },
    { name: 'share page', path: `/share/${event.id}` },
    { name: 'blog', path: '/blog' },
    { name: 'blog post', path: `/blog/${post.slug}` },
    { name: 'about', path: '/about' },
    { name: 'help', path: '/help' },
    { name: 'how it works', path: '/how-it-works' },
    { name: 'privacy', path: '/privacy' },
    { name: 'terms', path: '/terms' },
  ];
  // LIGHTHOUSE_ONLY=share scores only the pages whose name contains it (one page while working on it).
  const only = process.env.LIGHTHOUSE_ONLY;
  return only ? pages.filter((page) => page.name.includes(only)) : pages;
}

/** Headless Chromium with its DevTools port open; host names other than loopback resolve to nothing (offline). */
async function startChromium(): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-default-apps',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const stop = () => {
    child.kill('SIGKILL');
    // Chromium's helper processes may still be writing into the profile for a moment after the kill; on a busy
    // machine even after the retries, and a leftover temporary folder must not throw away the run's table.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`could not remove ${profile}: ${(error as Error).message}`);
    }
  };
  for (let attempt = 0; attempt < 200; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { port, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`${CHROMIUM} did not open its DevTools port`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One Lighthouse run of `url` in the running Chromium (a new tab, default mobile settings). */
async function audit(url: string, chromePort: number): Promise<LighthouseResult> {
  const result = await lighthouse(url, { port: chromePort, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

/** The audits that cost a category points (score under 0.9 and a weight in that category), by title. */
function failingAudits(lhr: LighthouseResult): string[] {
  const failing = new Set<string>();
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (ref.weight > 0 && result && result.score !== null && result.score < 0.9) failing.add(`${category}: ${result.title} (${result.displayValue ?? result.score})`);
    }
  }
  return [...failing];
}

/** Requests the page made outside the server's origin (none expected: every asset is served by the app). */
function offsiteRequests(lhr: LighthouseResult, baseUrl: string): string[] {
  const details = lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined;
  return (details?.items ?? []).map((item) => item.url).filter((url) => !url.startsWith(baseUrl) && !url.startsWith('data:'));
}

async function measurePage(page: Page, { baseUrl, chromePort }: { baseUrl: string; chromePort: number }): Promise<PageResult> {
  const runs: LighthouseResult[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await audit(new URL(page.path, baseUrl).href, chromePort));
  // The run with the median performance score stands for the page (scores of the other categories barely vary).
  const performance = median(runs.map((lhr) => lhr.categories.performance?.score ?? 0));
  const representative = runs.find((lhr) => lhr.categories.performance?.score === performance)!;
  if (REPORT_DIR) {
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORT_DIR, `${page.name.replaceAll(' ', '-')}.html`), generateReport(representative, 'html'));
  }
  return {
    page,
    scores: CATEGORIES.map((category) => Math.round(median(runs.map((lhr) => lhr.categories[category]?.score ?? 0)) * 100)),
    metrics: METRICS.map((metric) => median(runs.map((lhr) => lhr.audits[metric.audit]?.numericValue ?? NaN))),
    failing: failingAudits(representative),
    offsite: [...new Set(runs.flatMap((lhr) => offsiteRequests(lhr, baseUrl)))],
  };
}

function printResults(results: PageResult[]): void {
  const header = ['page', 'path', 'performance', 'accessibility', 'best practices', 'SEO', ...METRICS.map((metric) => metric.title)];
  const rows = results.map((result) => [
    result.page.name,
    result.page.path.length > 32 ? `${result.page.path.slice(0, 31)}…` : result.page.path,
    ...result.scores.map(String),
    ...result.metrics.map((value, i) => (Number.isNaN(value) ? '-' : METRICS[i]!.format(value))),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\nLighthouse ${RUNS === 1 ? '(one run per page)' : `(median of ${RUNS} runs per page)`}, mobile, simulated throttling\n`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  for (const result of results) {
    if (result.failing.length === 0 && result.offsite.length === 0) continue;
    console.log(`\n${result.page.name} (${result.page.path}):`);
    for (const failing of result.failing) console.log(`  - ${failing}`);
    for (const url of result.offsite) console.log(`  - requested outside the server (blocked, offline): ${url}`);
  }
}

async function main() {
  if (!fs.existsSync(compiledServer) || !fs.existsSync(builtWebIndex)) {
    console.error('The compiled server or the built web app is missing: run `npm run build` first.');
    process.exit(1);
  }
  const database = pgliteServerDatabase();
  const server = await spawnServer({
    command: process.execPath,
    args: [compiledServer],
    env: { ...database.env, SEED_DEMO: 'true' },
    readyPath: '/v1/causes?limit=1',
    timeoutMs: 180_000,
  });
  const chromium = await startChromium();
  try {
    const pages = await publicPages(server.baseUrl);
    const results: PageResult[] = [];
    for (const page of pages) {
      results.push(await measurePage(page, { baseUrl: server.baseUrl, chromePort: chromium.port }));
      console.log(`${page.name}: ${results.at(-1)!.scores.join(' / ')}`);
    }
    printResults(results);
    const slow = results.filter((result) => result.scores[CATEGORIES.indexOf('performance')]! < MIN_PERFORMANCE_SCORE);
    if (slow.length > 0) {
      console.error(`\nPerformance under ${MIN_PERFORMANCE_SCORE}: ${slow.map((result) => result.page.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    chromium.stop();
    await server.stop();
    await database.dispose();
  }
}

await main();

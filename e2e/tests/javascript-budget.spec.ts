import { expect, test, type Browser } from '@playwright/test';
import { waitForScreen } from '../fixtures.ts';

/**
 * Every public page loads at most 120 KB of JavaScript, counted as a visitor's browser downloads it
 * (docs/decisions/0261-javascript-budget-measured-in-the-browser.md): a first visit with an empty cache, every script
 * the page fetches until the app has hydrated it and the network is then quiet (the entry, modulepreloads, lazy screens
 * and parts, and whatever they import), each counted by the bytes of its body on the wire, gzip-encoded.
 */
const BUDGET_BYTES = 120 * 1024;

type ScriptDownload = { url: string; bytes: number; encoding: string | undefined };

/** The scripts a first visit of `path` downloads before the page is idle, with their gzipped sizes on the wire. */
async function scriptsDownloaded(browser: Browser, path: string): Promise<ScriptDownload[]> {
  // gzip, not Brotli: the budget is in gzipped KB (the server sends the build's precompressed `.gz` copies).
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  try {
    const page = await context.newPage();
    const pending: Promise<ScriptDownload>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const response = await request.response();
          const sizes = await request.sizes();
          return { url: new URL(request.url()).pathname, bytes: sizes.responseBodySize, encoding: response?.headers()['content-encoding'] };
        })(),
      );
    });
    const response = await page.goto(path, { waitUntil: 'load' });
    expect(response?.status(), `${path} answers`).toBe(200);
    // Hydrated first: on a busy machine the network can be quiet while the browser still runs the framework's chunk,
    // before the app asks for what it draws after hydrating.
    await waitForScreen(page);
    // Idle: no request for 500 ms (what the page fetches by itself, nothing a visitor does: no scrolling).
    await page.waitForLoadState('networkidle');
    return await Promise.all(pending);
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The public pages; a restaurant, a cause and a post of the seeded demo data ('share' stands for a share page). */
const PUBLIC_PAGES = [
  '/',
  '/restaurants',
  '/causes',
  '/trattoria-rossi',
  '/cause/hope-kitchen-foundation',
  'share',
  '/blog',
  '/blog/where-the-money-goes',
  '/about',
  '/help',
  '/how-it-works',
  '/contact',
  '/privacy',
  '/terms',
];

for (const publicPage of PUBLIC_PAGES) {
  test(`${publicPage}: a first visit downloads at most 120 KB of JavaScript (gzipped) before the page is idle`, async ({ browser, request }) => {
    let path = publicPage;
    if (publicPage === 'share') {
      const home = (await (await request.get('/v1/site/home')).json()) as { upcoming_events: { id: string }[] };
      expect(home.upcoming_events[0], 'the home page lists an upcoming event').toBeDefined();
      path = `/share/${home.upcoming_events[0]!.id}`;
    }
    const scripts = await scriptsDownloaded(browser, path);
    expect(scripts.length, `${path} loads the app`).toBeGreaterThan(0);
    for (const script of scripts) {
      // Files under 1 KB go uncompressed (apps/web/tooling/precompress-assets.ts); every other one must come gzipped,
      // or the count would not be in gzipped bytes.
      if (script.bytes >= 1024) expect(script.encoding, `${script.url} is sent gzipped`).toBe('gzip');
    }
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const files = [...scripts].sort((a, b) => b.bytes - a.bytes).map((script) => `${script.url} ${kb(script.bytes)}`);
    console.log(`${path}: ${kb(total)} of JavaScript in ${scripts.length} scripts`);
    expect(total, `${path} downloads ${kb(total)} of JavaScript (at most ${kb(BUDGET_BYTES)}):\n  ${files.join('\n  ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}

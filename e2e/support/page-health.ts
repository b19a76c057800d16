import { expect, type BrowserContext, type Page, type Request } from '@playwright/test';
import { waitForScreen } from '../fixtures.ts';

/** The most a page may shift while it loads (cumulative layout shift, shifts right after an input left out). */
export const MAX_LAYOUT_SHIFT = 0.05;

/**
 * How long the network must stay quiet before a page counts as loaded: a query that waits for another starts within
 * a few milliseconds of its answer, so this leaves a wide margin (Playwright's own `networkidle` waits 500 ms).
 */
const NETWORK_QUIET_MS = 300;

type ShiftRecord = { value: number; sources: string[] };
type ShiftWindow = Window & { __layoutShifts?: ShiftRecord[] };

/**
 * Records every layout shift of every page of `context` from its first paint (a PerformanceObserver of type
 * 'layout-shift', buffered), leaving out shifts that follow an input, as cumulative layout shift does.
 */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: ShiftRecord[] = [];
    (window as ShiftWindow).__layoutShifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? 'unknown';
      const label = node.getAttribute('data-testid') ?? node.getAttribute('aria-label') ?? node.id;
      return `${node.tagName.toLowerCase()}${label ? `[${label}]` : ''}.${String(node.className).split(' ').slice(0, 4).join('.')}`;
    };
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's cumulative layout shift so far, with what moved (after the observer has been handed every entry). */
export async function layoutShiftOf(page: Page): Promise<{ total: number; shifts: ShiftRecord[] }> {
  const shifts = await page.evaluate(
    () =>
      new Promise<ShiftRecord[]>((resolve) => {
        // Entries reach the observer in a task of their own: two frames later every shift so far has been handed over.
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve((window as ShiftWindow).__layoutShifts ?? []))));
      }),
  );
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

/**
 * Resolves once `page` has had no request in flight for NETWORK_QUIET_MS (long-lived event streams left out: they
 * never finish). Playwright's `networkidle` would wait for those streams forever.
 */
export function networkQuiet(page: Page): { settled: () => Promise<void>; stop: () => void } {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    // An EventSource, or a fetch reading a stream (live updates ask for text/event-stream).
    if (request.resourceType() === 'eventsource' || request.headers()['accept'] === 'text/event-stream') return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: unknown) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    settled: () =>
      expect
        .poll(() => inFlight.size === 0 && Date.now() - lastChange >= NETWORK_QUIET_MS, { message: 'the network goes quiet', intervals: [100], timeout: 20_000 })
        .toBe(true),
    stop: () => {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** Every console error and uncaught exception of `page` from now on. */
export function collectConsoleErrors(page: Page): { take: () => string[] } {
  let errors: string[] = [];
  page.on('console', (message) => {
    // Chromium asks for /favicon.ico for a document without an icon link: the SVG a test opens to reach the app's
    // storage (fixtures.ts), not a page of the app.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return {
    take: () => {
      const taken = errors;
      errors = [];
      return taken;
    },
  };
}

/** How far the page is wider than its window (0: it does not scroll sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Opens `path` and waits until its screen has rendered and its data has loaded (the network quiet). */
export async function openAndSettle(page: Page, path: string): Promise<void> {
  const network = networkQuiet(page);
  try {
    await page.goto(path);
    await waitForScreen(page);
    await network.settled();
  } finally {
    network.stop();
  }
}

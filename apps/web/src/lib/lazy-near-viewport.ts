import { lazy, type ComponentType } from 'react';

/**
 * How far beyond the viewport a part's code starts loading. None: the footer starts just below the fold (<main> is a
 * screen tall), and a margin would load it on every visit; its links work before it hydrates.
 */
const LOAD_AHEAD = '0px';

let hydratingServerRender = false;

/** Called once before the app hydrates a page the server rendered (main.tsx). */
export function markHydratingServerRender(): void {
  hydratingServerRender = true;
}

/**
 * Resolves when the element `elementId` shows within LOAD_AHEAD of the viewport (a hidden one never does), or leaves the document (a navigation
 * drew another page). Resolves at once when there is no such element, on the server, and when the app renders the
 * page itself rather than hydrating the server's HTML (that markup then goes, so nothing stands in for the part).
 */
function whenNearViewport(elementId: string): Promise<void> {
  if (!hydratingServerRender || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  const element = document.getElementById(elementId);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      intersection.disconnect();
      mutations.disconnect();
      window.removeEventListener('resize', check);
      resolve();
    };
    // Chromium reports a hidden (display: none) element as intersecting, with an empty box at the top: it must have a
    // box. A resize can show a hidden one (the phone menu's button on a narrowed window) without a new intersection.
    const check = () => {
      if (!element.isConnected) return done();
      const box = element.getBoundingClientRect();
      if (box.height > 0 && box.top < window.innerHeight && box.bottom > 0) done();
    };
    const intersection = new IntersectionObserver(check, { rootMargin: LOAD_AHEAD });
    const mutations = new MutationObserver(() => {
      if (!element.isConnected) done();
    });
    intersection.observe(element);
    mutations.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', check);
  });
}

/**
 * `React.lazy` for a server-rendered part below the fold, or hidden at this screen width
 * (docs/decisions/0262-below-the-fold-parts-hydrate-when-near.md): the visitor reads the server's HTML of it all
 * along, and its code loads when `elementId` (an element of that HTML) shows in the viewport, so a first visit does
 * not download it before the page is idle. Until then its form
 * controls stay disabled (`UntilHydrated`); its links work as plain links.
 */
export function lazyNearViewport<Props extends object>(elementId: string, load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    await whenNearViewport(elementId);
    return { default: await load() };
  });
}

/** What counts as the visitor's first input: a pointer moving or pressed, a touch, a key, a field taking focus. */
const FIRST_INPUT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Resolves at the visitor's first input anywhere on the page. Resolves at once on the server and when the app renders
 * the page itself rather than hydrating the server's HTML.
 */
function whenVisitorActs(): Promise<void> {
  if (!hydratingServerRender || typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of FIRST_INPUT_EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
  });
}

/**
 * `React.lazy` for a server-rendered form that fills the first screen and needs a library the rest of the page does
 * not (docs/decisions/0267-a-first-screen-form-loads-its-code-at-the-first-input.md): the visitor sees and can type
 * into the server's HTML of it at once, and its code loads at their first input (a mouse moving, a tap, a key, a field
 * taking focus), not before the page is idle. The form keeps what was typed meanwhile
 * (`useValuesTypedBeforeHydration`), and its submit button stays disabled until it has hydrated (`UntilHydrated`).
 */
export function lazyOnFirstInput<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    await whenVisitorActs();
    return { default: await load() };
  });
}

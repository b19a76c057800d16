// The server's render of a public page (docs/decisions/0231-public-pages-rendered-by-react-on-the-server.md): built
// by `vite build --ssr` and called by the API for each public address, with the visitor's language.
import './lib/zod-without-eval.ts';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Query } from '@tanstack/react-query';
import type { BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@goodtable/shared';
import { App } from './app/app.tsx';
import { setApiFetch } from './lib/api-client.ts';
import { DEFAULT_NAMESPACE, i18n, i18nOptions, type NamespaceTexts } from './lib/i18n.ts';
import { documentHead, type DocumentHead } from './lib/document-head.ts';
import { collectServerRenderHead } from './lib/page-head.ts';
import { createQueryClient } from './lib/query-client.ts';
import { dehydratePage, hydratePage, type ServerRenderState } from './lib/server-render.ts';
import { meQueryKey } from './lib/session.ts';

export type ServerRenderOptions = {
  /** Path and query of the page. */
  url: string;
  language: Locale;
  /** The web app's texts of one namespace (`locales/<language>/<namespace>.json`). */
  readTexts: (language: Locale, namespace: string) => Record<string, unknown>;
  /** Answers the page's API calls (`/v1/…`), as the browser's fetch would. */
  fetchApi: typeof fetch;
  /** The site's configured address (no request header's), for the canonical and Open Graph addresses. */
  origin: string;
};

/** The page's markup, the state the browser hydrates it from, and its head (none when no screen declared one). */
export type ServerRender = { html: string; state: ServerRenderState; head?: DocumentHead };

/** Renders needed at most: each one may show a part that asks for more data (a cause's activity after the cause). */
const MAX_DATA_ROUNDS = 4;

let readTextsOfRender: ServerRenderOptions['readTexts'] = () => ({});
const serverTextsBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  // eslint-disable-next-line local/options-object -- i18next calls a backend's read(language, namespace, callback).
  read: (language, namespace, callback) => callback(null, readTextsOfRender(language as Locale, namespace)),
};
let i18nReady: Promise<unknown> | undefined;

/**
 * The namespaces the render asked for: react-i18next reports each one it uses to its instance, which is replaced
 * here for each render, so only this page's texts go with it.
 */
function trackUsedNamespaces(): () => string[] {
  const used = new Set<string>([DEFAULT_NAMESPACE]);
  i18n.reportNamespaces = {
    addUsedNamespaces: (namespaces: readonly string[]) => namespaces.forEach((namespace) => used.add(namespace)),
    getUsedNamespaces: () => [...used],
  };
  return () => [...used];
}

/**
 * A call the page makes for any visitor. Not the session, which is the browser's own (its stored token), so it
 * hydrates as still loading; nor a query the page turned off (a signed-in user's data): the options of the hook that
 * created the query say so, as no observer subscribes on the server.
 */
function callsForEveryVisitor(query: Query): boolean {
  if (query.queryKey[0] === meQueryKey[0]) return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

async function renderToHtml(element: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    // A part that fails on the server is left to the browser, which renders it itself.
    onError: () => undefined,
    // Every part in place, in document order: a part sent later needs an inline script to move it, which the
    // Content-Security-Policy (script-src 'self') refuses.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

// One render at a time: the language and the API's fetch are the app's module-wide ones while it runs.
let previousRender: Promise<unknown> = Promise.resolve();

export function render(options: ServerRenderOptions): Promise<ServerRender> {
  const run = previousRender.then(() => renderPage(options));
  previousRender = run.catch(() => undefined);
  return run;
}

async function renderPage({ url, language, readTexts, fetchApi, origin }: ServerRenderOptions): Promise<ServerRender> {
  readTextsOfRender = readTexts;
  i18nReady ??= i18n.use(serverTextsBackend).use(initReactI18next).init({ ...i18nOptions(DEFAULT_LOCALE), initAsync: false });
  await i18nReady;
  await i18n.changeLanguage(language);
  const usedNamespaces = trackUsedNamespaces();
  setApiFetch(fetchApi);
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  try {
    // Render, fetch what the render asked for, until it asks for nothing new.
    const queryClient = createQueryClient();
    for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
      await renderToHtml(<App queryClient={queryClient} router={router} />);
      const waiting = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && callsForEveryVisitor(query));
      if (waiting.length === 0) break;
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    }
    // The last render starts from exactly what the browser will hydrate from (a failed call is asked again there).
    const queries = dehydratePage(queryClient);
    const hydratedClient = createQueryClient();
    hydratePage(hydratedClient, queries);
    const renderedHead = collectServerRenderHead();
    const html = await renderToHtml(
      <StrictMode>
        <App queryClient={hydratedClient} router={router} />
      </StrictMode>,
    );
    const texts: NamespaceTexts = Object.fromEntries(usedNamespaces().map((namespace) => [namespace, readTexts(language, namespace)]));
    const pageHead = renderedHead();
    const pathname = new URL(url, origin).pathname;
    const head = pageHead ? documentHead(pageHead, { origin, pathname, language }) : undefined;
    return { html, state: { language, texts, queries }, head };
  } finally {
    setApiFetch(undefined);
  }
}

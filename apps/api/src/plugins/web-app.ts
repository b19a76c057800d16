import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { findRouteAccess, isLocale, localeToLanguageTag, type Locale } from '@goodtable/shared';
import { publicUrl } from '../config/env.ts';
import { escapeHtml } from '../lib/html.ts';
import { sendUncompressed } from './compression.ts';

/**
 * The head of a page as the web app's render declares it from the page's data (apps/web lib/page-head.ts,
 * docs/decisions/0265-page-heads-declared-by-the-pages.md): title, description, canonical address, Open Graph tags;
 * `status: 404` for an address that names nothing (an unknown restaurant, cause or post), which then answers 404;
 * `preloadImage`: the image the page shows largest on its first screen, fetched while the app's code loads.
 */
type RenderedHead = {
  title: string;
  description?: string;
  canonical?: string;
  meta: Record<string, string>;
  preloadImage?: string;
  status?: 404;
};

/** The element holding the state the browser hydrates the page from (apps/web lib/server-render.ts). */
const SERVER_RENDER_ELEMENT_ID = 'server-render';

/**
 * The routes whose HTML the web app renders on the server, for every visitor alike: the public pages. Any other
 * route (a signed-in or signed-out-only screen) gets the shell and is rendered in the browser.
 */
const SERVER_RENDERED_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/restaurants',
  '/:id',
  '/causes',
  '/cause/:id',
  '/share/:id',
  '/blog',
  '/blog/:id',
  '/about',
  '/help',
  '/how-it-works',
  '/contact',
  '/privacy',
  '/terms',
  '/404',
]);

/** The web app's server render (apps/web entry-server.tsx, built by `vite build --ssr`). */
type WebAppRenderer = {
  render: (options: {
    url: string;
    language: Locale;
    readTexts: (language: Locale, namespace: string) => Record<string, unknown>;
    fetchApi: typeof fetch;
    origin: string;
  }) => Promise<AppRender>;
};

/** Title of the 404 page (docs/product.md, Screens and routes) when the web app did not render it. */
const NOT_FOUND_TITLE = '404 - Page Not Found';

/** The visitor's language: the web app's `lang` cookie (their choice), else Accept-Language, else English. */
export function visitorLanguage(request: FastifyRequest): Locale {
  const cookie = /(?:^|;\s*)lang=([a-z]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (isLocale(cookie)) return cookie;
  const preferred = (request.headers['accept-language'] ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return preferred.startsWith('vi') ? 'vn' : 'en';
}

/**
 * The shell cut once, where it is read, around its `<title>`, at `</head>` and inside the app's empty root element: a
 * page's head and the app's render of it are then put together by concatenating escaped text between the pieces, so
 * no text (e.g. a name holding `$'` or `</title>`) can change the document's structure the way a string replacement
 * pattern would.
 */
type ShellTemplate = {
  html: string;
  pieces?: {
    beforeHtmlTag: string;
    htmlAttributes: string;
    betweenHtmlTagAndTitle: string;
    title: string;
    afterTitle: string;
    fromHeadEndToRootContent: string;
    /** Undefined for a shell without the root element: its pages then get their head but not the app's render. */
    fromRootEnd?: string;
  };
};

const ROOT_ELEMENT = '<div id="root">';

function splitShell(html: string): ShellTemplate {
  const htmlStart = html.indexOf('<html');
  const htmlEnd = html.indexOf('>', htmlStart);
  const titleStart = html.indexOf('<title>', htmlEnd);
  const titleEnd = html.indexOf('</title>', titleStart);
  const headEnd = html.indexOf('</head>', titleEnd);
  if (htmlStart === -1 || htmlEnd === -1 || titleStart === -1 || titleEnd === -1 || headEnd === -1) return { html };
  const rootStart = html.indexOf(ROOT_ELEMENT, headEnd);
  const rootContent = rootStart === -1 ? html.length : rootStart + ROOT_ELEMENT.length;
  return {
    html,
    pieces: {
      beforeHtmlTag: html.slice(0, htmlStart),
      // The shell's own language is replaced by the visitor's.
      htmlAttributes: html.slice(htmlStart + '<html'.length, htmlEnd).replace(/\s*lang="[^"]*"/, ''),
      betweenHtmlTagAndTitle: html.slice(htmlEnd + 1, titleStart),
      title: html.slice(titleStart + '<title>'.length, titleEnd),
      afterTitle: html.slice(titleEnd + '</title>'.length, headEnd),
      fromHeadEndToRootContent: html.slice(headEnd, rootContent),
      fromRootEnd: rootStart === -1 ? undefined : html.slice(rootContent),
    },
  };
}

/** The page as the web app renders it (apps/web entry-server.tsx): markup of the root element, its state and head. */
type AppRender = { html: string; state: unknown; head?: RenderedHead };

/** The state as JSON inside a `<script>` element: no `<` in it, so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function renderPage(shell: ShellTemplate, page: { language: Locale; fallbackTitle?: string; app?: AppRender }): string {
  if (!shell.pieces) return shell.html;
  const { beforeHtmlTag, htmlAttributes, betweenHtmlTagAndTitle, title, afterTitle, fromHeadEndToRootContent, fromRootEnd } = shell.pieces;
  const head: Partial<RenderedHead> = page.app?.head ?? { title: page.fallbackTitle };
  const tags = [
    head.description === undefined ? '' : `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.canonical === undefined ? '' : `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    head.preloadImage === undefined ? '' : `<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high" />`,
    ...Object.entries(head.meta ?? {}).map(([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`),
  ].join('');
  const titleText = head.title === undefined ? title : escapeHtml(head.title);
  const htmlTag = `<html lang="${localeToLanguageTag(page.language)}"${htmlAttributes}>`;
  const appState = page.app ? `<script type="application/json" id="${SERVER_RENDER_ELEMENT_ID}">${scriptJson(page.app.state)}</script>` : '';
  // The state right after the root element, so it is in the document before the app's (deferred) module runs.
  const body = fromRootEnd === undefined ? '' : `${page.app?.html ?? ''}${fromRootEnd.replace('</div>', () => `</div>${appState}`)}`;
  return `${beforeHtmlTag}${htmlTag}${betweenHtmlTagAndTitle}<title>${titleText}</title>${afterTitle}${tags}${fromHeadEndToRootContent}${body}`;
}

/** Serves the built single-page app: files as they are, and index.html for every other GET outside the API. */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const indexPath = path.join(options.distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`web app not built (${indexPath} missing): run "npm run build" to serve it`);
    return;
  }
  // Re-read index.html when it changes, so a rebuild while the server runs never serves a shell that points at
  // deleted asset files.
  let cachedShell: { mtimeMs: number; template: ShellTemplate } = { mtimeMs: 0, template: splitShell('') };
  function currentShell(): ShellTemplate {
    const { mtimeMs } = fs.statSync(indexPath);
    if (mtimeMs !== cachedShell.mtimeMs) cachedShell = { mtimeMs, template: splitShell(fs.readFileSync(indexPath, 'utf8')) };
    return cachedShell.template;
  }
  // `npm run build` writes a Brotli and a gzip copy of each text asset (apps/web/tooling/precompress-assets.ts): they
  // are sent to browsers that accept them, and the file as it is otherwise, with no compression per request.
  await app.register(fastifyStatic, { root: options.distDir, serve: false, preCompressed: true });

  // The server build of the web app beside its browser build; without it, every page is rendered in the browser.
  const rendererPath = path.join(options.distDir, '..', 'dist-server', 'entry-server.js');
  const renderer = fs.existsSync(rendererPath) ? ((await import(pathToFileURL(rendererPath).href)) as WebAppRenderer) : undefined;
  if (!renderer) app.log.warn(`web app server build missing (${rendererPath}): public pages are rendered in the browser`);

  /** The page's API calls answered by this server directly, as the visitor's browser would get them. */
  const fetchApi: typeof fetch = async (input, init) => {
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: init?.headers as Record<string, string> | undefined,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const body = response.statusCode === 204 || response.statusCode === 304 ? null : response.rawPayload;
    return new Response(body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
  };

  async function renderApp(urlWithQuery: string, language: Locale): Promise<AppRender | undefined> {
    if (!renderer) return undefined;
    try {
      // Only the configured address: request headers (Host, X-Forwarded-Host) must not point links at another site.
      return await renderer.render({ url: urlWithQuery, language, readTexts: webText, fetchApi, origin: publicUrl(app.config) });
    } catch (error) {
      // The page still works: the browser renders it.
      app.log.error({ err: error, url: urlWithQuery }, 'server render of a page failed');
      return undefined;
    }
  }

  function webText(language: Locale, namespace: string): Record<string, unknown> {
    try {
      return JSON.parse(fs.readFileSync(path.join(options.distDir, 'locales', language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  }

  /**
   * The page at `urlPath`: a public page (or the 404 page) with the web app's render of it and the head it declared;
   * 404 for a path no route of the app matches, or whose render found nothing there.
   */
  async function renderShell(request: FastifyRequest, urlPath: string): Promise<{ status: 200 | 404; html: string }> {
    const route = findRouteAccess(urlPath);
    const language = visitorLanguage(request);
    const rendered = !route || SERVER_RENDERED_ROUTES.has(route.path) ? await renderApp(request.url, language) : undefined;
    const status = rendered?.head?.status ?? (route ? 200 : 404);
    return { status, html: renderPage(currentShell(), { language, app: rendered, fallbackTitle: status === 404 ? NOT_FOUND_TITLE : undefined }) };
  }

  const isApiPath = (url: string) => /^\/(v1|docs|dev|uploads)(\/|$|\?)/.test(url);
  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]!);
    if (isApiPath(urlPath)) return reply.callNotFound();
    const filePath = path.join(options.distDir, urlPath);
    if (filePath.startsWith(options.distDir) && urlPath !== '/' && fs.existsSync(filePath) && fs.statSync(filePath).isFile()) {
      sendUncompressed(request);
      // Vite fingerprints everything under /assets/: cache it for good; other files are revalidated.
      if (urlPath.startsWith('/assets/')) return reply.sendFile(urlPath, { maxAge: '365d', immutable: true });
      return reply.header('cache-control', 'no-cache').sendFile(urlPath, { cacheControl: false });
    }
    // A missing asset is a 404, not the app shell.
    if (path.extname(urlPath)) return reply.callNotFound();
    const page = await renderShell(request, urlPath);
    return reply.code(page.status).header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language').type('text/html').send(page.html);
  });
});

import type { FastifyInstance } from 'fastify';
import type { HtmlHeadProvider, HtmlPage } from '../../plugins/web-app.ts';
import { html, type SafeHtml } from '../../lib/html.ts';
import { openGraphHead } from '../../lib/open-graph.ts';
import { pageText, siteFrame } from '../../lib/page-markup.ts';
import { publicUrl } from '../../config/env.ts';

/** The web app's key (in `public-site.json` → `meta`) of each public page whose head the server writes. */
const PAGE_KEYS: Record<string, string> = {
  '/': 'home',
  '/about': 'about',
  '/how-it-works': 'howItWorks',
  '/help': 'help',
  '/contact': 'contact',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/blog': 'blog',
  '/restaurants': 'restaurants',
  '/causes': 'causes',
};

type PageText = { title?: unknown; description?: unknown };

/** The home page's hero as the app renders it (apps/web home-page.tsx): headline, text and its two main links. */
async function homeMarkup(_app: FastifyInstance, page: HtmlPage): Promise<SafeHtml> {
  const t = pageText(page, 'home');
  return html`<section class="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white"><div aria-hidden="true" class="absolute -top-24 -right-24 size-96 rounded-full bg-amber-400/20 blur-3xl"></div><div aria-hidden="true" class="absolute -bottom-32 -left-16 size-80 rounded-full bg-brand-300/20 blur-3xl"></div><div class="relative mx-auto max-w-7xl px-4 py-24 sm:px-6 sm:py-32"><p class="text-sm font-semibold tracking-wide text-brand-200 uppercase">${t('hero.eyebrow')}</p><h1 class="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">${t('hero.heading')}</h1><p class="mt-6 max-w-2xl text-lg text-brand-100">${t('hero.text')}</p><div class="mt-10 flex flex-wrap gap-4"><a href="/restaurants" class="rounded-md bg-white px-5 py-3 text-sm font-semibold text-brand-800 shadow hover:bg-brand-50">${t('hero.findRestaurant')}</a><a href="/causes" class="rounded-md px-5 py-3 text-sm font-semibold text-white ring-1 ring-white/40 ring-inset hover:bg-white/10">${t('hero.exploreCauses')} <span aria-hidden="true">&rarr;</span></a></div></div></section>`;
}

/** The first screen of a public page as the app renders it, written into the served HTML (see HtmlHead `body`). */
export type PageBodyMarkup = (app: FastifyInstance, page: HtmlPage) => Promise<SafeHtml>;

/**
 * The first pages of the directories, from the restaurants and causes modules (handed in by app.ts: those modules'
 * services do not render markup, and their routes are not this module's to import).
 */
export type DirectoryMarkups = { restaurants: PageBodyMarkup; causes: PageBodyMarkup };

/**
 * Title, description and Open Graph tags of the static public pages, in the visitor's language, from the same
 * translations the web app shows (so a crawler reads what a visitor reads), and the first screen of some of them.
 */
export function staticPageHeadProvider(app: FastifyInstance, directories: DirectoryMarkups): HtmlHeadProvider {
  /**
   * The first screen the server writes into the page: the home page's hero and the directories' first pages. A
   * directory address with a query (a search, a filter, another page) gets none: the app shows it.
   */
  const pageBodies: Record<string, PageBodyMarkup> = { '/': homeMarkup, '/restaurants': directories.restaurants, '/causes': directories.causes };
  return async (request, page) => {
    const [rawPath, query] = request.url.split('?');
    const path = rawPath!.replace(/(.)\/+$/, '$1');
    const key = PAGE_KEYS[path];
    if (!key) return undefined;
    const text = ((page.webText('public-site').meta as Record<string, PageText> | undefined) ?? {})[key];
    if (typeof text?.title !== 'string' || typeof text.description !== 'string') return undefined;
    const head = openGraphHead({ name: text.title, description: text.description, url: `${publicUrl(app.config)}${path}` });
    const body = pageBodies[path];
    return { ...head, description: text.description, body: body && !query ? siteFrame(page, await body(app, page)) : undefined };
  };
}

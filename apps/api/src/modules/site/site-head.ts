import type { FastifyInstance } from 'fastify';
import type { HtmlHeadProvider } from '../../plugins/web-app.ts';
import { openGraphHead } from '../../lib/open-graph.ts';
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

/**
 * Title, description and Open Graph tags of the static public pages, in the visitor's language, from the same
 * translations the web app shows (so a crawler reads what a visitor reads).
 */
export function staticPageHeadProvider(app: FastifyInstance): HtmlHeadProvider {
  return async (request, page) => {
    const path = request.url.split('?')[0]!.replace(/(.)\/+$/, '$1');
    const key = PAGE_KEYS[path];
    if (!key) return undefined;
    const text = ((page.webText('public-site').meta as Record<string, PageText> | undefined) ?? {})[key];
    if (typeof text?.title !== 'string' || typeof text.description !== 'string') return undefined;
    const head = openGraphHead({ name: text.title, description: text.description, url: `${publicUrl(app.config)}${path}` });
    return { ...head, description: text.description };
  };
}

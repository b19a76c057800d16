import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCT_NAME, RESERVED_SLUGS, SLUG_PATTERN } from '@goodtable/shared';
import type { HtmlHeadProvider } from '../../plugins/web-app.ts';
import { listPhotos } from './restaurants.repository.ts';
import { findPublishedRestaurantBySlug } from './restaurants.service.ts';

const RESTAURANT_PAGE_PATH = /^\/([^/]+)\/?$/;
const DESCRIPTION_LENGTH = 200;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

function origin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
}

/** Title and Open Graph tags of a restaurant's page `/{slug}` in the served HTML, for crawlers that run no JavaScript. */
export function restaurantHeadProvider(app: FastifyInstance): HtmlHeadProvider {
  return async (request) => {
    const match = RESTAURANT_PAGE_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const slug = match[1]!.toLowerCase();
    if (!SLUG_PATTERN.test(slug) || (RESERVED_SLUGS as readonly string[]).includes(slug)) return undefined;
    const profile = await findPublishedRestaurantBySlug(app.db, slug);
    if (!profile) return undefined;
    const base = origin(app, request);
    const title = `${profile.name ?? slug} | ${PRODUCT_NAME}`;
    const meta: Record<string, string> = {
      'og:type': 'website',
      'og:site_name': PRODUCT_NAME,
      'og:title': title,
      'og:description': excerpt(profile.description ?? ''),
      'og:url': `${base}/${profile.slug}`,
    };
    const [cover] = await listPhotos(app.db, profile.restaurantId);
    if (cover) {
      meta['og:image'] = `${base}${app.storage.publicUrl(cover.storageKey)}`;
      meta['og:image:width'] = String(cover.width);
      meta['og:image:height'] = String(cover.height);
    }
    return { title, meta };
  };
}

import type { FastifyInstance } from 'fastify';
import { RESERVED_SLUGS, SLUG_PATTERN } from '@goodtable/shared';
import { openGraphHead } from '../../lib/open-graph.ts';
import { publicUrl } from '../../config/env.ts';
import type { HtmlHeadProvider } from '../../plugins/web-app.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { listPhotos } from './restaurants.repository.ts';
import { findPublishedRestaurantBySlug } from './restaurants.service.ts';

const RESTAURANT_PAGE_PATH = /^\/([^/]+)\/?$/;

/** Title and Open Graph tags of a restaurant's page `/{slug}` in the served HTML, for crawlers that run no JavaScript. */
export function restaurantHeadProvider(app: FastifyInstance): HtmlHeadProvider {
  return async (request) => {
    const match = RESTAURANT_PAGE_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const slug = match[1]!.toLowerCase();
    if ((RESERVED_SLUGS as readonly string[]).includes(slug)) return undefined;
    // Not a restaurant address at all: no page has it.
    if (!SLUG_PATTERN.test(slug)) return { status: 404 };
    const profile = await findPublishedRestaurantBySlug(requestContext(request), slug);
    // No published restaurant has this address: the 404 page, with its status.
    if (!profile) return { status: 404 };
    // Only the configured address: request headers (Host, X-Forwarded-Host) must not point links at another site.
    const base = publicUrl(app.config);
    const [cover] = await listPhotos(app.db, profile.restaurantId);
    return openGraphHead({
      name: profile.name ?? slug,
      description: profile.description ?? '',
      url: `${base}/${profile.slug}`,
      image: cover ? { url: `${base}${app.storage.publicUrl(cover.storageKey)}`, width: cover.width, height: cover.height } : undefined,
    });
  };
}

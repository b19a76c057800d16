import type { FastifyInstance } from 'fastify';
import { RESERVED_SLUGS, SLUG_PATTERN } from '@goodtable/shared';
import { openGraphHead } from '../../lib/open-graph.ts';
import { publicUrl } from '../../config/env.ts';
import type { HtmlHeadProvider } from '../../plugins/web-app.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { getPublicRestaurant } from './restaurants.service.ts';
import { isNotFound } from '../../lib/domain-errors.ts';

const RESTAURANT_PAGE_PATH = /^\/([^/]+)\/?$/;

/**
 * Title and Open Graph tags of a restaurant's page `/{slug}` in the served HTML, for link previews; from the data the
 * page's API call returns (GET /v1/restaurants/by-slug/{slug}).
 */
export function restaurantHeadProvider(app: FastifyInstance): HtmlHeadProvider {
  return async (request) => {
    const match = RESTAURANT_PAGE_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const slug = match[1]!.toLowerCase();
    if ((RESERVED_SLUGS as readonly string[]).includes(slug)) return undefined;
    // Not a restaurant address at all: no page has it.
    if (!SLUG_PATTERN.test(slug)) return { status: 404 };
    const restaurant = await getPublicRestaurant(requestContext(request, { storage: app.storage }), slug).catch(isNotFound);
    // No published restaurant has this address: the 404 page, with its status.
    if (!restaurant) return { status: 404 };
    // Only the configured address: request headers (Host, X-Forwarded-Host) must not point links at another site.
    const base = publicUrl(app.config);
    const [cover] = restaurant.photos;
    const head = openGraphHead({
      name: restaurant.name || slug,
      description: restaurant.description,
      url: `${base}/${restaurant.slug}`,
      image: cover ? { url: `${base}${cover.url}`, width: cover.width, height: cover.height } : undefined,
    });
    return head;
  };
}

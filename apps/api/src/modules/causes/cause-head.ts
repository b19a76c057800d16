import type { FastifyInstance } from 'fastify';
import { openGraphHead } from '../../lib/open-graph.ts';
import { publicUrl } from '../../config/env.ts';
import type { HtmlHeadProvider } from '../../plugins/web-app.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { findPublishedCauseBySlug } from './causes.service.ts';

const CAUSE_PAGE_PATH = /^\/cause\/([a-z0-9-]+)\/?$/i;

/** Title and Open Graph tags of `/cause/{slug}` in the served HTML, for crawlers that run no JavaScript. */
export function causeHeadProvider(app: FastifyInstance): HtmlHeadProvider {
  return async (request) => {
    const match = CAUSE_PAGE_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const cause = await findPublishedCauseBySlug(requestContext(request), match[1]!);
    // No published cause has this address: the 404 page, with its status.
    if (!cause) return { status: 404 };
    // Only the configured address: request headers (Host, X-Forwarded-Host) must not point links at another site.
    const base = publicUrl(app.config);
    return openGraphHead({
      name: cause.name,
      description: cause.story,
      url: `${base}/cause/${cause.slug}`,
      image: cause.logoKey ? { url: `${base}${app.storage.publicUrl(cause.logoKey)}` } : undefined,
    });
  };
}

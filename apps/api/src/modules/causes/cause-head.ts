import type { FastifyInstance } from 'fastify';
import { openGraphHead } from '../../lib/open-graph.ts';
import { publicUrl } from '../../config/env.ts';
import type { HtmlHeadProvider } from '../../plugins/web-app.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { presentCause } from './causes.presenter.ts';
import { findPublishedCauseBySlug } from './causes.service.ts';

const CAUSE_PAGE_PATH = /^\/cause\/([a-z0-9-]+)\/?$/i;

/**
 * Title and Open Graph tags of `/cause/{slug}` in the served HTML, for link previews; from the data the page's API
 * call returns (GET /v1/causes/by-slug/{slug}).
 */
export function causeHeadProvider(app: FastifyInstance): HtmlHeadProvider {
  return async (request) => {
    const match = CAUSE_PAGE_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const context = requestContext(request);
    const row = await findPublishedCauseBySlug(context, match[1]!);
    // No published cause has this address: the 404 page, with its status.
    if (!row) return { status: 404 };
    const cause = presentCause(row, app.storage);
    // Only the configured address: request headers (Host, X-Forwarded-Host) must not point links at another site.
    const base = publicUrl(app.config);
    const head = openGraphHead({
      name: cause.name,
      description: cause.story,
      url: `${base}/cause/${cause.slug}`,
      image: cause.logo ? { url: `${base}${cause.logo}` } : undefined,
    });
    return head;
  };
}

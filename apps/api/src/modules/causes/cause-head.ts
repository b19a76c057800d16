import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '@goodtable/shared';
import type { HtmlHeadProvider } from '../../plugins/web-app.ts';
import { findPublishedCauseBySlug } from './causes.service.ts';

const CAUSE_PAGE_PATH = /^\/cause\/([a-z0-9-]+)\/?$/i;
const DESCRIPTION_LENGTH = 200;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

function origin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
}

/** Title and Open Graph tags of `/cause/{slug}` in the served HTML, for crawlers that run no JavaScript. */
export function causeHeadProvider(app: FastifyInstance): HtmlHeadProvider {
  return async (request) => {
    const match = CAUSE_PAGE_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const cause = await findPublishedCauseBySlug(app.db, match[1]!);
    if (!cause) return undefined;
    const base = origin(app, request);
    const title = `${cause.name} | ${PRODUCT_NAME}`;
    const meta: Record<string, string> = {
      'og:type': 'website',
      'og:site_name': PRODUCT_NAME,
      'og:title': title,
      'og:description': excerpt(cause.story),
      'og:url': `${base}/cause/${cause.slug}`,
    };
    if (cause.logoKey) meta['og:image'] = `${base}${app.storage.publicUrl(cause.logoKey)}`;
    return { title, meta };
  };
}

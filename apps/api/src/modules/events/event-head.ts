import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicUrl } from '../../config/env.ts';
import { openGraphHead } from '../../lib/open-graph.ts';
import type { HtmlHeadProvider } from '../../plugins/web-app.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { findPublicEventHead, type CauseShareReader } from './events.service.ts';

const SHARE_PAGE_PATH = /^\/share\/([^/]+)\/?$/;

/**
 * Title and Open Graph tags (the restaurant's photo as the image) of an event's share page `/share/{id}` in the
 * served HTML, for link previews; an id naming no event that was confirmed answers the 404 page with its status.
 */
export function eventHeadProvider(app: FastifyInstance, causeShare: CauseShareReader): HtmlHeadProvider {
  return async (request) => {
    const match = SHARE_PAGE_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const id = match[1]!;
    if (!z.uuid().safeParse(id).success) return { status: 404 };
    const base = publicUrl(app.config);
    const context = { ...requestContext(request), storage: app.storage, publicUrl: base, mailFrom: app.config.MAIL_FROM, causeShare };
    const head = await findPublicEventHead(context, id);
    if (!head) return { status: 404 };
    return openGraphHead({ name: head.title, description: head.story || head.restaurantName, url: head.url, image: head.image });
  };
}

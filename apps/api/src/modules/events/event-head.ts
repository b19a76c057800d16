import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicUrl } from '../../config/env.ts';
import { openGraphHead } from '../../lib/open-graph.ts';
import type { HtmlHeadProvider } from '../../plugins/web-app.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { findPublicEventHead } from './events.service.ts';

const SHARE_PAGE_PATH = /^\/share\/([^/]+)\/?$/;

/**
 * Title and Open Graph tags (the restaurant's photo as the image) of an event's share page `/share/{id}` in the
 * served HTML, for link previews, and a preload of the event's details; an id naming no confirmed event answers the
 * 404 page with its status.
 */
export function eventHeadProvider(app: FastifyInstance): HtmlHeadProvider {
  return async (request) => {
    const match = SHARE_PAGE_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const id = match[1]!;
    if (!z.uuid().safeParse(id).success) return { status: 404 };
    const base = publicUrl(app.config);
    const event = await findPublicEventHead({ ...requestContext(request), storage: app.storage, publicUrl: base, mailFrom: app.config.MAIL_FROM }, id);
    if (!event) return { status: 404 };
    // The page's first screen is the event's details: the browser fetches them while the app's code loads.
    return { ...openGraphHead({ name: event.title, description: event.story || event.restaurantName, url: event.url, image: event.image }), preloadData: `/v1/events/${id}` };
  };
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readZonedClock, type PublicEventDetail } from '@goodtable/shared';
import { publicUrl } from '../../config/env.ts';
import { html, type SafeHtml } from '../../lib/html.ts';
import { isNotFound } from '../../lib/domain-errors.ts';
import { openGraphHead } from '../../lib/open-graph.ts';
import { pageText, siteFrame } from '../../lib/page-markup.ts';
import type { HtmlHeadProvider, HtmlPage } from '../../plugins/web-app.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { findPublicEventHead, getPublicEvent, type CauseShareReader } from './events.service.ts';

const SHARE_PAGE_PATH = /^\/share\/([^/]+)\/?$/;

/**
 * The event's time on the restaurant's clock in SPEC.md §9's long format (`YYYY-MM-DD hh:mm A`), as the app shows it
 * in both languages; the app adds the viewer's own time, which only the browser knows.
 */
function restaurantClock(instant: string, timeZone: string): string {
  const { date, minutes } = readZonedClock(new Date(instant), timeZone);
  const hours = Math.floor(minutes / 60);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date} ${pad(hours % 12 || 12)}:${pad(minutes % 60)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The top of an event's share page as the app renders it (apps/web share-page.tsx): date, title, cause, restaurant. */
function eventMarkup(page: HtmlPage, event: PublicEventDetail): SafeHtml {
  const t = pageText(page, 'share');
  const { restaurant, cause } = event;
  const address = [restaurant.address, restaurant.city && !restaurant.address?.includes(restaurant.city) ? restaurant.city : null].filter(Boolean).join(', ');
  return html`<div class="mx-auto max-w-3xl px-4 py-10 sm:px-6"><article class="mt-2 space-y-8"><header><p class="min-h-11 text-sm font-medium text-brand-800">${
    restaurant.time_zone ? html`<span class="inline-flex flex-col"><time datetime="${event.date}">${restaurantClock(event.date, restaurant.time_zone)}</time></span>` : ''
  }</p><h1 class="mt-2 text-3xl font-bold tracking-tight text-slate-900">${event.title}</h1><p class="mt-2 text-slate-700">${
    cause ? html`${t('event.for')} <a href="/cause/${cause.slug}" class="font-medium text-brand-800 underline">${cause.name}</a>` : ''
  }</p></header><dl class="grid gap-4 sm:grid-cols-2"><div><dt class="text-sm text-slate-500">${t('event.restaurant')}</dt><dd class="mt-1 text-slate-900">${
    restaurant.slug ? html`<a href="/${restaurant.slug}" class="font-medium text-brand-800 underline">${restaurant.name}</a>` : restaurant.name
  }${address ? html`<span class="block text-sm text-slate-600">${address}</span>` : ''}</dd></div></dl></article></div>`;
}

/**
 * Title and Open Graph tags (the restaurant's photo as the image) of an event's share page `/share/{id}` in the
 * served HTML, for link previews, its first screen (GET /v1/events/{id}'s data) and a preload of those details for
 * the app; an id naming no event that was confirmed answers the 404 page with its status.
 */
export function eventHeadProvider(app: FastifyInstance, causeShare: CauseShareReader): HtmlHeadProvider {
  return async (request, page) => {
    const match = SHARE_PAGE_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const id = match[1]!;
    if (!z.uuid().safeParse(id).success) return { status: 404 };
    const base = publicUrl(app.config);
    const context = { ...requestContext(request), storage: app.storage, publicUrl: base, mailFrom: app.config.MAIL_FROM, causeShare };
    const [head, event] = await Promise.all([findPublicEventHead(context, id), getPublicEvent(context, id).catch(isNotFound)]);
    if (!head || !event) return { status: 404 };
    // The page's first screen is the event's details: the browser fetches them while the app's code loads.
    return {
      ...openGraphHead({ name: head.title, description: head.story || head.restaurantName, url: head.url, image: head.image }),
      preloadData: `/v1/events/${id}`,
      body: siteFrame(page, eventMarkup(page, event)),
    };
  };
}

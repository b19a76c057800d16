import type { CauseActivity, Pricing, PublicEvent, SiteHome } from '@goodtable/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-errors.ts';
import { ticketsLeftOf } from '../bookings/bookings.service.ts';
import { isPublishedCause, listSitemapEntries, listUpcomingEvents, sumCauseDonations, sumCompletedTicketSales, type UpcomingEventRow } from './site.repository.ts';

export type SiteContext = { db: Database; clock: Clock };

/** How many upcoming events the home and cause pages list. */
export const UPCOMING_EVENTS_SHOWN = 6;

function presentEvent(row: UpcomingEventRow): PublicEvent {
  return {
    id: row.id,
    title: row.title ?? '',
    date: row.date!.toISOString(),
    time_zone: row.timeZone,
    restaurant: { name: row.restaurantName ?? '', slug: row.restaurantPublished ? row.restaurantSlug : null },
    cause: row.causeId && row.causePublished ? { id: row.causeId, name: row.causeName!, slug: row.causeSlug! } : null,
    ticket_price: row.ticketPrice ?? 0,
    currency: row.currency ?? '',
    // As the event's own page counts them: tickets held by an open checkout are not left.
    tickets_left: ticketsLeftOf(row),
  };
}

/** GET /v1/site/home: money raised at completed events, upcoming confirmed events and the configured pricing. */
export async function getSiteHome({ db, clock }: SiteContext, pricing: Pricing): Promise<SiteHome> {
  const [sales, events] = await Promise.all([sumCompletedTicketSales(db), listUpcomingEvents(db, { now: clock.now(), limit: UPCOMING_EVENTS_SHOWN })]);
  return { raised: sales.raised, completed_events: sales.completedEvents, upcoming_events: events.map(presentEvent), pricing };
}

/** GET /v1/causes/{id}/activity: a published cause's money raised and upcoming events; 404 for any other id. */
export async function getCauseActivity({ db, clock }: SiteContext, causeId: string): Promise<CauseActivity> {
  if (!(await isPublishedCause(db, causeId))) throw notFound('Cause not found', 'causes.notFound');
  const [sales, events, given] = await Promise.all([
    sumCompletedTicketSales(db, { causeId }),
    listUpcomingEvents(db, { now: clock.now(), causeId, limit: UPCOMING_EVENTS_SHOWN }),
    sumCauseDonations(db, causeId),
  ]);
  // Ticket sales of its completed dinners plus the donations it received, per currency (never added across currencies).
  const raised = new Map(sales.raised.map((row) => [row.currency, row.amount]));
  for (const row of given) raised.set(row.currency, (raised.get(row.currency) ?? 0) + row.amount);
  return {
    raised: [...raised].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount })),
    completed_events: sales.completedEvents,
    upcoming_events: events.map(presentEvent),
  };
}

export type SitemapEntry = { path: string; lastModified?: Date };

/** The public pages that are always there. */
export const STATIC_PUBLIC_PATHS = ['/', '/restaurants', '/causes', '/how-it-works', '/about', '/blog', '/help', '/contact', '/privacy', '/terms'];

/** Every public address worth indexing: the static pages, then restaurants, causes, events and `postPaths`. */
export async function getSitemapEntries({ db }: Pick<SiteContext, 'db'>, posts: SitemapEntry[]): Promise<SitemapEntry[]> {
  const entries = await listSitemapEntries(db);
  return [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...entries.restaurants.map((row) => ({ path: `/${row.slug}`, lastModified: row.updatedAt })),
    ...entries.causes.map((row) => ({ path: `/cause/${row.slug}`, lastModified: row.updatedAt })),
    ...entries.events.map((row) => ({ path: `/share/${row.id}`, lastModified: row.updatedAt })),
    ...posts,
  ];
}

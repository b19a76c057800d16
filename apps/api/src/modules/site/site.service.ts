import { ticketsLeftOf, type CauseActivity, type Money, type Pricing, type PublicEvent, type SiteHome } from '@goodtable/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/domain-errors.ts';
import { countCompletedEvents, isPublishedCause, listSitemapEntries, listUpcomingEvents, sumDirectDonations, sumSettledCauseShares, type UpcomingEventRow } from './site.repository.ts';

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

/** Amounts added per currency (never across currencies), by currency. */
function addPerCurrency(...lists: Money[][]): Money[] {
  const totals = new Map<string, number>();
  for (const money of lists.flat()) totals.set(money.currency, (totals.get(money.currency) ?? 0) + money.amount);
  return [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }));
}

/**
 * What causes received, per currency (of one cause when `causeId` is given): donations given without an event and
 * what events' settlements paid them. Never gross ticket sales, which pay for the food first.
 */
async function sumCauseReceipts(db: Database, options: { causeId?: string } = {}): Promise<Money[]> {
  const [donated, settled] = await Promise.all([sumDirectDonations(db, options), sumSettledCauseShares(db, options)]);
  return addPerCurrency(donated, settled);
}

/** GET /v1/site/home: money causes received, completed events, upcoming confirmed events and the configured pricing. */
export async function getSiteHome({ db, clock }: SiteContext, pricing: Pricing): Promise<SiteHome> {
  const [raised, completedEvents, events] = await Promise.all([sumCauseReceipts(db), countCompletedEvents(db), listUpcomingEvents(db, { now: clock.now(), limit: UPCOMING_EVENTS_SHOWN })]);
  return { raised, completed_events: completedEvents, upcoming_events: events.map(presentEvent), pricing };
}

/** GET /v1/causes/{id}/activity: what a published cause received, and its upcoming events; 404 for any other id. */
export async function getCauseActivity({ db, clock }: SiteContext, causeId: string): Promise<CauseActivity> {
  if (!(await isPublishedCause(db, causeId))) throw notFound('Cause not found', 'causes.notFound');
  const [raised, completedEvents, events] = await Promise.all([
    sumCauseReceipts(db, { causeId }),
    countCompletedEvents(db, { causeId }),
    listUpcomingEvents(db, { now: clock.now(), causeId, limit: UPCOMING_EVENTS_SHOWN }),
  ]);
  return { raised, completed_events: completedEvents, upcoming_events: events.map(presentEvent) };
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

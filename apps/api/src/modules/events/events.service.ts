import { eventEndsAt, ticketSalesOpen, ticketsLeftOf, type EventProgress, type PublicEventDetail } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/domain-errors.ts';
import type { ServiceContext } from '../../lib/service-context.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { bookingInvitation, parseMailbox } from '../bookings/bookings.service.ts';
import { countBookingHistory, findConfirmedEvent, findCoverPhoto, findEventSales, findPublicEvent, sumSettledCauseShare, type EventSalesRow, type PublicEventRow } from './events.repository.ts';

/** An event's paid tickets (n) and donations (D). */
export type EventIncome = { tickets: number; donations: number };
/** An event's terms and sales, as the settlement reads them. */
export type EventSales = EventIncome & { menuPrice: number; guests: number; ticketPrice: number };

/**
 * What the events module reads of the money, from the payments module (handed in by app.ts: payments builds on
 * events, not the other way round): the settlement's own formula and the income it settles.
 */
export type CauseShareReader = {
  /** What `sales` give the cause if the event settled with them (payments' `settlementPlan`). */
  ifSettled: (sales: EventSales) => number;
  /** The event's paid, not refunded, tickets and donations (payments' `ticketIncome`). */
  incomeOf: (db: Executor, bookingId: string) => Promise<EventIncome>;
};

/**
 * What the events module needs besides the request's context: where files and pages are, the calendar's organiser,
 * and how the cause's share is read.
 */
export type EventsDeps = { storage: FileStorage; publicUrl: string; mailFrom: string; causeShare: CauseShareReader };
export type EventsContext = Pick<ServiceContext, 'db' | 'clock'> & EventsDeps;

const eventNotFound = () => notFound('Event not found', 'events.notFound');

/** The share page's address of an event. */
export const eventPageUrl = (publicUrl: string, id: string) => `${publicUrl}/share/${id}`;

/** The live topic of an event's progress (its share page's stream). */
export const eventTopic = (id: string) => `event:${id}`;
export const EVENT_PROGRESS_TYPE = 'event.progress';

/** What publishing an event's progress needs: the transaction, the live hub and the settlement's formula. */
export type EventProgressDeps = { db: Executor; live: LiveHub; causeShare: Pick<CauseShareReader, 'ifSettled'> };

/**
 * Tickets left and money raised, from what the booking records. The one place both are computed for the live
 * progress: tickets held by an open checkout are not left; raised is what the cause receives if the event settled now
 * (the settlement's formula on the tickets sold and the donations paid), never the gross sales.
 */
export function eventProgressOf(sales: EventSalesRow, causeShare: Pick<CauseShareReader, 'ifSettled'>): EventProgress {
  const raised = causeShare.ifSettled({ menuPrice: sales.menuPrice ?? 0, guests: sales.guests ?? 0, ticketPrice: sales.ticketPrice ?? 0, tickets: sales.ticketsSold, donations: sales.donationsRaised });
  return { tickets_left: ticketsLeftOf(sales), raised };
}

/** A confirmed event's progress, or undefined when the id names no confirmed event. */
export async function readEventProgress(deps: Pick<EventProgressDeps, 'db' | 'causeShare'>, id: string): Promise<EventProgress | undefined> {
  const sales = await findEventSales(deps.db, id);
  return sales ? eventProgressOf(sales, deps.causeShare) : undefined;
}

/**
 * Publishes an event's current progress to its share page's stream, in the caller's transaction (so a rolled-back
 * sale publishes nothing). For whatever changes tickets or money raised.
 */
export async function publishEventProgress(deps: EventProgressDeps, id: string): Promise<void> {
  const sales = await findEventSales(deps.db, id);
  if (sales) await publishEventProgressOf(deps, { id, sales });
}

/** `publishEventProgress` from a confirmed event's counters the caller just wrote (its update's RETURNING): no read. */
export async function publishEventProgressOf(deps: EventProgressDeps, { id, sales }: { id: string; sales: EventSalesRow }): Promise<void> {
  await deps.live.publish({ topic: eventTopic(id), type: EVENT_PROGRESS_TYPE, data: eventProgressOf(sales, deps.causeShare) }, deps.db);
}

async function coverImage({ db, storage, publicUrl }: Pick<EventsContext, 'db' | 'storage' | 'publicUrl'>, row: Pick<PublicEventRow, 'restaurantId'>) {
  const cover = row.restaurantId ? await findCoverPhoto(db, row.restaurantId) : undefined;
  return cover ? { url: `${publicUrl}${storage.publicUrl(cover.storageKey)}`, width: cover.width, height: cover.height } : undefined;
}

/** What `income` gives the event's cause if it settled with it: the settlement's formula, the figure the ledger will write. */
function causeShareOf(causeShare: CauseShareReader, { row, income }: { row: PublicEventRow; income: EventIncome }): number {
  return causeShare.ifSettled({ menuPrice: row.menuPricePerHead ?? 0, guests: row.guests ?? 0, ticketPrice: row.ticketPrice ?? 0, ...income });
}

/**
 * What the event has raised for its cause: while it sells, the donations paid plus what the tickets sold would give it
 * if it settled now; once settled (completed or incomplete), what the settlement paid it; cancelled, nothing (every
 * ticket and donation was refunded).
 */
async function raisedForCause(ctx: Pick<EventsContext, 'db' | 'causeShare'>, row: PublicEventRow): Promise<number> {
  if (row.status === 'CANCELED') return 0;
  if (row.status !== 'CONFIRMED') return sumSettledCauseShare(ctx.db, row.id);
  return causeShareOf(ctx.causeShare, { row, income: await ctx.causeShare.incomeOf(ctx.db, row.id) });
}

function presentEvent(row: PublicEventRow, extra: { image: string | null; raisedForCause: number; causeShare: CauseShareReader; publicUrl: string; now: Date }): PublicEventDetail {
  const ticketPrice = row.ticketPrice ?? 0;
  const status = row.status as PublicEventDetail['status'];
  return {
    id: row.id,
    title: row.title ?? '',
    status,
    date: row.date!.toISOString(),
    restaurant: {
      name: row.restaurantName ?? '',
      slug: row.restaurantPublished ? row.restaurantSlug : null,
      address: row.restaurantAddress,
      city: row.restaurantCity,
      time_zone: row.timeZone,
    },
    cause: row.causeId && row.causePublished ? { id: row.causeId, name: row.causeName!, slug: row.causeSlug! } : null,
    ticket_price: ticketPrice,
    currency: row.currency ?? '',
    tickets_total: row.guests ?? 0,
    tickets_left: ticketsLeftOf(row),
    // Every figure of what the event raised is what its cause receives.
    raised: extra.raisedForCause,
    sales_open: status === 'CONFIRMED' && ticketSalesOpen(row.date, extra.now),
    goal: row.goal,
    story: row.story,
    menu: row.menuName === null ? null : { name: row.menuName, description: row.menuDescription, price_per_head: row.menuPricePerHead ?? 0 },
    // The gift in each ticket: its price less the value of the dinner. What reaches the cause is `raised_for_cause`.
    cause_share_per_ticket: Math.max(0, ticketPrice - (row.menuPricePerHead ?? 0)),
    raised_for_cause: extra.raisedForCause,
    cause_share_when_sold_out: causeShareOf(extra.causeShare, { row, income: { tickets: row.guests ?? 0, donations: 0 } }),
    image: extra.image,
    url: eventPageUrl(extra.publicUrl, row.id),
  };
}

/**
 * GET /v1/events/{id}: the public page data of a booking that was confirmed, selling or ended (completed, incomplete,
 * cancelled); 404 for any other booking or id.
 */
export async function getPublicEvent(ctx: EventsContext, id: string): Promise<PublicEventDetail> {
  const row = await findPublicEvent(ctx.db, id);
  if (!row) throw eventNotFound();
  const [image, raised] = await Promise.all([coverImage(ctx, row), raisedForCause(ctx, row)]);
  return presentEvent(row, { image: image?.url ?? null, raisedForCause: raised, causeShare: ctx.causeShare, publicUrl: ctx.publicUrl, now: ctx.clock.now() });
}

/** The current progress of a confirmed event (404 otherwise): the stream's first frame. */
export async function getEventProgress(ctx: Pick<EventsContext, 'db' | 'causeShare'>, id: string): Promise<EventProgress> {
  const progress = await readEventProgress(ctx, id);
  if (!progress) throw eventNotFound();
  return progress;
}

/** GET /v1/events/{id}/calendar.ics: the event as a published calendar file (UTC times, the restaurant's address). */
export async function getEventCalendar(ctx: Pick<EventsContext, 'db' | 'clock' | 'publicUrl' | 'mailFrom'>, id: string): Promise<string> {
  const row = await findConfirmedEvent(ctx.db, id);
  if (!row) throw eventNotFound();
  const url = eventPageUrl(ctx.publicUrl, row.id);
  const location = [row.restaurantName, row.restaurantAddress, row.restaurantCity && !row.restaurantAddress?.includes(row.restaurantCity) ? row.restaurantCity : null]
    .filter((part): part is string => Boolean(part))
    .join(', ');
  const start = row.date!;
  return bookingInvitation({
    method: 'PUBLISH',
    bookingId: row.id,
    uidDomain: new URL(ctx.publicUrl).hostname,
    // The same UID and revision as the parties' emailed invitations, so a party's calendar keeps one event.
    sequence: await countBookingHistory(ctx.db, row.id),
    stamp: ctx.clock.now(),
    start,
    end: new Date(eventEndsAt(start.toISOString())),
    status: 'CONFIRMED',
    summary: row.title ?? '',
    description: [row.story, url].filter(Boolean).join('\n\n'),
    location,
    url,
    organizer: parseMailbox(ctx.mailFrom, 'GoodTable'),
  });
}

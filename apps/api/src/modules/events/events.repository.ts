import { and, asc, count, eq, exists, gt, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { bookingEvents, bookings, causes, ledgerAccounts, ledgerEntries, ledgerTransactions, menus, restaurantPhotos, restaurantProfiles } from '../../db/schema/index.ts';

/** What an event's public page shows of it (restaurant, cause, menu, sales), from `bookings` and its joins. */
const publicEventColumns = {
  id: bookings.id,
  status: bookings.status,
  title: bookings.title,
  story: bookings.story,
  date: bookings.date,
  guests: bookings.guests,
  ticketsSold: bookings.ticketsSold,
  ticketsHeld: bookings.ticketsHeld,
  donationsRaised: bookings.donationsRaised,
  ticketPrice: bookings.ticketPrice,
  goal: bookings.goal,
  currency: bookings.currency,
  updatedAt: bookings.updatedAt,
  restaurantId: bookings.restaurantId,
  restaurantName: restaurantProfiles.name,
  restaurantSlug: restaurantProfiles.slug,
  restaurantPublished: restaurantProfiles.published,
  restaurantAddress: restaurantProfiles.address,
  restaurantCity: restaurantProfiles.city,
  timeZone: restaurantProfiles.timezone,
  causeId: causes.id,
  causeName: causes.name,
  causeSlug: causes.slug,
  causePublished: causes.published,
  menuName: menus.name,
  menuDescription: menus.description,
  menuPricePerHead: menus.pricePerHead,
};

// The calendar file, which every tickets email attaches: planned once per connection.
const confirmedEventQuery = preparedQuery((db) =>
  db
    .select(publicEventColumns)
    .from(bookings)
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.restaurantId, bookings.restaurantId))
    .leftJoin(causes, eq(causes.id, bookings.causeId))
    .leftJoin(menus, eq(menus.id, bookings.menuId))
    .where(and(eq(bookings.id, sql.placeholder('id')), eq(bookings.status, 'CONFIRMED')))
    .limit(1)
    .prepare('events_find_confirmed'),
);

/**
 * A confirmed booking with what its public page shows (restaurant, cause, menu), or undefined for any other status or
 * id: what only a selling event has (its calendar file).
 */
export async function findConfirmedEvent(db: Executor, id: string) {
  const [row] = await confirmedEventQuery(db).execute({ id });
  return row;
}

/**
 * A booking that was confirmed, with what its public page shows: CONFIRMED, then COMPLETED or INCOMPLETE (both only
 * ever follow CONFIRMED), or CANCELED after its history reached CONFIRMED. Undefined for any other booking or id: a
 * draft, request or a request cancelled before it was confirmed was never public.
 */
export async function findPublicEvent(db: Executor, id: string) {
  const wasConfirmed = exists(
    db
      .select({ one: sql`1` })
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, bookings.id), eq(bookingEvents.toStatus, 'CONFIRMED'))),
  );
  const [row] = await db
    .select(publicEventColumns)
    .from(bookings)
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.restaurantId, bookings.restaurantId))
    .leftJoin(causes, eq(causes.id, bookings.causeId))
    .leftJoin(menus, eq(menus.id, bookings.menuId))
    .where(and(eq(bookings.id, id), or(inArray(bookings.status, ['CONFIRMED', 'COMPLETED', 'INCOMPLETE']), and(eq(bookings.status, 'CANCELED'), wasConfirmed))))
    .limit(1);
  return row;
}
export type PublicEventRow = NonNullable<Awaited<ReturnType<typeof findPublicEvent>>>;

/** What the booking's settlement paid its cause (its `cause_earnings` credits), in minor units; 0 before it settled. */
export async function sumSettledCauseShare(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerTransactions.kind, 'settlement'), eq(ledgerAccounts.purpose, 'cause_earnings'), gt(ledgerEntries.amount, 0)));
  return Number(row?.total ?? 0);
}

/** What an event's progress is computed from: its capacity, tickets sold and price (confirmed events only). */
export async function findEventSales(db: Executor, id: string) {
  const [row] = await db
    .select({ guests: bookings.guests, ticketsSold: bookings.ticketsSold, ticketsHeld: bookings.ticketsHeld, donationsRaised: bookings.donationsRaised, ticketPrice: bookings.ticketPrice, menuPrice: menus.pricePerHead })
    .from(bookings)
    .leftJoin(menus, eq(menus.id, bookings.menuId))
    .where(and(eq(bookings.id, id), eq(bookings.status, 'CONFIRMED')))
    .limit(1);
  return row;
}
export type EventSalesRow = NonNullable<Awaited<ReturnType<typeof findEventSales>>>;

/** The restaurant's first photo (its cover), for the page and link previews. */
export async function findCoverPhoto(db: Executor, restaurantId: string) {
  const [row] = await db
    .select({ storageKey: restaurantPhotos.storageKey, width: restaurantPhotos.width, height: restaurantPhotos.height })
    .from(restaurantPhotos)
    .where(eq(restaurantPhotos.restaurantId, restaurantId))
    .orderBy(asc(restaurantPhotos.position), asc(restaurantPhotos.createdAt))
    .limit(1);
  return row;
}

/** How many history events the booking has: the calendar file's SEQUENCE, as in the emailed invitations. */
export async function countBookingHistory(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId));
  return row?.total ?? 0;
}

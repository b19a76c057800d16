import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, causes, donations, restaurantProfiles, users } from '../../db/schema/index.ts';

/**
 * Confirmed events (SPEC.md §4 Confirmed: the restaurant accepted and the client secured the booking) still ahead
 * of `now`, soonest first: what the public may buy tickets for. The cause shows only while it is published.
 */
export async function listUpcomingEvents(db: Executor, options: { now: Date; causeId?: string; limit: number }) {
  return db
    .select({
      id: bookings.id,
      title: bookings.title,
      date: bookings.date,
      guests: bookings.guests,
      ticketsSold: bookings.ticketsSold,
      ticketsHeld: bookings.ticketsHeld,
      ticketPrice: bookings.ticketPrice,
      currency: bookings.currency,
      restaurantName: restaurantProfiles.name,
      restaurantSlug: restaurantProfiles.slug,
      restaurantPublished: restaurantProfiles.published,
      timeZone: restaurantProfiles.timezone,
      causeId: causes.id,
      causeName: causes.name,
      causeSlug: causes.slug,
      causePublished: causes.published,
    })
    .from(bookings)
    .innerJoin(restaurantProfiles, eq(restaurantProfiles.restaurantId, bookings.restaurantId))
    .leftJoin(causes, eq(causes.id, bookings.causeId))
    .where(and(eq(bookings.status, 'CONFIRMED'), gt(bookings.date, options.now), options.causeId ? eq(bookings.causeId, options.causeId) : undefined))
    .orderBy(asc(bookings.date), asc(bookings.id))
    .limit(options.limit);
}
export type UpcomingEventRow = Awaited<ReturnType<typeof listUpcomingEvents>>[number];

/**
 * Ticket sales of completed events per currency (amounts in minor units), and how many events completed; of one
 * cause when `causeId` is given. Amounts in different currencies are never added together.
 */
export async function sumCompletedTicketSales(db: Executor, options: { causeId?: string } = {}) {
  const where = and(eq(bookings.status, 'COMPLETED'), options.causeId ? eq(bookings.causeId, options.causeId) : undefined);
  const [totals, [events]] = await Promise.all([
    db
      .select({ currency: bookings.currency, amount: sql<string>`coalesce(sum(${bookings.ticketPrice}::bigint * ${bookings.ticketsSold}), 0)` })
      .from(bookings)
      .where(where)
      .groupBy(bookings.currency)
      .orderBy(asc(bookings.currency)),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  return {
    raised: totals.filter((row) => row.currency !== null).map((row) => ({ currency: row.currency!, amount: Number(row.amount) })),
    completedEvents: events?.total ?? 0,
  };
}

/** Addresses of every published restaurant (of a live account) and cause, and of every public event, for the sitemap. */
export async function listSitemapEntries(db: Executor) {
  const [restaurants, publishedCauses, events] = await Promise.all([
    db
      .select({ slug: restaurantProfiles.slug, updatedAt: restaurantProfiles.updatedAt })
      .from(restaurantProfiles)
      .innerJoin(users, eq(users.id, restaurantProfiles.restaurantId))
      .where(and(eq(restaurantProfiles.published, true), isNull(users.deletedAt)))
      .orderBy(asc(restaurantProfiles.slug)),
    db.select({ slug: causes.slug, updatedAt: causes.updatedAt }).from(causes).where(eq(causes.published, true)).orderBy(asc(causes.slug)),
    db
      .select({ id: bookings.id, updatedAt: bookings.updatedAt })
      .from(bookings)
      .where(inArray(bookings.status, ['CONFIRMED', 'COMPLETED']))
      .orderBy(desc(bookings.updatedAt)),
  ]);
  return { restaurants: restaurants.filter((row): row is { slug: string; updatedAt: Date } => row.slug !== null), causes: publishedCauses, events };
}

/** A published cause's id by its id (the cause page's activity is public only for published causes). */
export async function isPublishedCause(db: Executor, causeId: string): Promise<boolean> {
  const [row] = await db.select({ id: causes.id }).from(causes).where(and(eq(causes.id, causeId), eq(causes.published, true))).limit(1);
  return row !== undefined;
}

/**
 * A cause's paid donations per currency (`/donate/{id}`): those given without an event, which the cause received at
 * once, and those for its completed events (the settlement paid them); not those of events still ahead.
 */
export async function sumCauseDonations(db: Executor, causeId: string) {
  const rows = await db
    .select({ currency: donations.currency, amount: sql<string>`coalesce(sum(${donations.amount}), 0)` })
    .from(donations)
    .leftJoin(bookings, eq(bookings.id, donations.bookingId))
    .where(and(eq(donations.causeId, causeId), eq(donations.status, 'paid'), sql`(${donations.bookingId} is null or ${bookings.status} = 'COMPLETED')`))
    .groupBy(donations.currency);
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}

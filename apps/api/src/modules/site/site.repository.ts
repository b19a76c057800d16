import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, causes, donations, ledgerAccounts, ledgerEntries, ledgerTransactions, restaurantProfiles, users } from '../../db/schema/index.ts';

/**
 * Confirmed events (Confirmed in docs/product.md, Booking lifecycle: the restaurant accepted and the client secured the booking) still ahead
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

/** How many events completed; of one cause when `causeId` is given. */
export async function countCompletedEvents(db: Executor, options: { causeId?: string } = {}): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bookings)
    .where(and(eq(bookings.status, 'COMPLETED'), options.causeId ? eq(bookings.causeId, options.causeId) : undefined));
  return row?.total ?? 0;
}

/**
 * What the settlements of events paid their causes (the `cause_earnings` credits of `settlement` transactions) per
 * currency; of one cause's events when `causeId` is given. Gross ticket sales are not the cause's: the settlement pays
 * the food first (booking-money.ts `settlementPlan`).
 */
export async function sumSettledCauseShares(db: Executor, options: { causeId?: string } = {}) {
  const rows = await db
    .select({ currency: ledgerAccounts.currency, amount: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(bookings, eq(bookings.id, ledgerTransactions.bookingId))
    .where(
      and(
        eq(ledgerTransactions.kind, 'settlement'),
        eq(ledgerAccounts.purpose, 'cause_earnings'),
        gt(ledgerEntries.amount, 0),
        options.causeId ? eq(bookings.causeId, options.causeId) : undefined,
      ),
    )
    .groupBy(ledgerAccounts.currency);
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
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
 * Paid donations given without an event (`/donate/{id}`), which their cause received at once, per currency; of one
 * cause when `causeId` is given. An event's donations reach its cause with the event's settlement
 * (`sumSettledCauseShares`), not before.
 */
export async function sumDirectDonations(db: Executor, options: { causeId?: string } = {}) {
  const rows = await db
    .select({ currency: donations.currency, amount: sql<string>`coalesce(sum(${donations.amount}), 0)` })
    .from(donations)
    .where(and(eq(donations.status, 'paid'), isNull(donations.bookingId), options.causeId ? eq(donations.causeId, options.causeId) : undefined))
    .groupBy(donations.currency);
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}

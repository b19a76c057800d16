import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { bookings, causes, eventWaitlist, menus, restaurantProfiles, ticketCheckouts, tickets, users, type NewTicketCheckoutRow, type TicketCheckoutRow, type TicketRow } from '../../db/schema/index.ts';

// Every buyer's first read, and all that a refused one costs (once an event sells out, most of them): the event's
// row alone and the checkouts it already has under the Idempotency-Keys of the buyers read together (the web app
// always sends one); one statement for a batch of buyers, built once per database handle and planned once per
// connection.
const eventTicketTermsQuery = preparedQuery((db) =>
  db
    .select({
      status: bookings.status,
      currency: bookings.currency,
      date: bookings.date,
      guests: bookings.guests,
      ticketsSold: bookings.ticketsSold,
      ticketsHeld: bookings.ticketsHeld,
      ticketPrice: bookings.ticketPrice,
      donationsRaised: bookings.donationsRaised,
      earlierCheckouts: sql<{ key: string; id: string }[] | null>`(${db
        .select({ all: sql`json_agg(json_build_object('key', ${ticketCheckouts.idempotencyKey}, 'id', ${ticketCheckouts.id}))` })
        .from(ticketCheckouts)
        .where(and(eq(ticketCheckouts.bookingId, bookings.id), sql`${ticketCheckouts.idempotencyKey} = any(${sql.placeholder('keys')}::text[])`))})`,
    })
    .from(bookings)
    .where(eq(bookings.id, sql.placeholder('id')))
    .limit(1)
    .prepare('tickets_event_terms_of_keys'),
);

/**
 * What ticket checkouts are decided on (unlocked: the holds are what reserve the tickets), with, per Idempotency-Key
 * given, the id of the checkout this event already has under it (absent when none); undefined for no such event.
 */
export async function findEventTicketTerms(db: Executor, { id, idempotencyKeys }: { id: string; idempotencyKeys: string[] }) {
  const [row] = await eventTicketTermsQuery(db).execute({ id, keys: idempotencyKeys });
  if (!row) return undefined;
  const { earlierCheckouts, ...terms } = row;
  return { ...terms, earlierCheckoutIds: new Map((earlierCheckouts ?? []).map((earlier) => [earlier.key, earlier.id])) };
}
export type EventTicketTerms = NonNullable<Awaited<ReturnType<typeof findEventTicketTerms>>>;

/** Checkouts in one statement; the rows written (one whose Idempotency-Key this event already has is skipped). */
export async function insertCheckouts(db: Executor, rows: NewTicketCheckoutRow[]): Promise<TicketCheckoutRow[]> {
  if (rows.length === 0) return [];
  return db.insert(ticketCheckouts).values(rows).onConflictDoNothing().returning();
}

export async function findCheckout(db: Executor, { id, lock = false }: { id: string; lock?: boolean }): Promise<TicketCheckoutRow | undefined> {
  const query = db.select().from(ticketCheckouts).where(eq(ticketCheckouts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findCheckoutOfPayment(db: Executor, { paymentId, lock = false }: { paymentId: string; lock?: boolean }): Promise<TicketCheckoutRow | undefined> {
  const query = db.select().from(ticketCheckouts).where(eq(ticketCheckouts.paymentId, paymentId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateCheckout(db: Executor, { id, values }: { id: string; values: Partial<NewTicketCheckoutRow> }): Promise<TicketCheckoutRow> {
  const [row] = await db.update(ticketCheckouts).set(values).where(eq(ticketCheckouts.id, id)).returning();
  return row!;
}

/** Checkouts whose payments succeeded, in one statement. */
export async function markCheckoutsPaid(db: Executor, { ids, at }: { ids: string[]; at: Date }): Promise<void> {
  if (ids.length > 0) await db.update(ticketCheckouts).set({ status: 'paid', updatedAt: at }).where(inArray(ticketCheckouts.id, ids));
}

/** The checkouts of these payments, locked (a batch of confirms; the payments are locked first, as one confirm does). */
export async function lockCheckoutsOfPayments(db: Executor, paymentIds: string[]): Promise<TicketCheckoutRow[]> {
  if (paymentIds.length === 0) return [];
  return db.select().from(ticketCheckouts).where(inArray(ticketCheckouts.paymentId, paymentIds)).orderBy(asc(ticketCheckouts.id)).for('update');
}

/** A booking's checkouts in one status, locked, oldest first (cancellation: holds to cancel, sales to refund). */
export async function lockCheckoutsOfBooking(db: Executor, { bookingId, status }: { bookingId: string; status: TicketCheckoutRow['status'] }): Promise<TicketCheckoutRow[]> {
  return db
    .select()
    .from(ticketCheckouts)
    .where(and(eq(ticketCheckouts.bookingId, bookingId), eq(ticketCheckouts.status, status)))
    .orderBy(asc(ticketCheckouts.createdAt), asc(ticketCheckouts.id))
    .for('update');
}

export async function insertTickets(db: Executor, rows: (typeof tickets.$inferInsert)[]): Promise<TicketRow[]> {
  if (rows.length === 0) return [];
  return db.insert(tickets).values(rows).returning();
}

export async function ticketsOfCheckout(db: Executor, checkoutId: string): Promise<TicketRow[]> {
  return db.select().from(tickets).where(eq(tickets.checkoutId, checkoutId)).orderBy(asc(tickets.position));
}

/** n and D of the settlement: tickets and donations of the booking's paid (not refunded) checkouts. */
export async function paidTicketIncome(db: Executor, bookingId: string): Promise<{ tickets: number; donations: number }> {
  const [row] = await db
    .select({ tickets: sql<string>`coalesce(sum(${ticketCheckouts.quantity}), 0)`, donations: sql<string>`coalesce(sum(${ticketCheckouts.donation}), 0)` })
    .from(ticketCheckouts)
    .where(and(eq(ticketCheckouts.bookingId, bookingId), eq(ticketCheckouts.status, 'paid')));
  return { tickets: Number(row?.tickets ?? 0), donations: Number(row?.donations ?? 0) };
}

/** Attendees of a booking with who checked them in, in order of purchase. */
export async function attendeesOfBooking(db: Executor, bookingId: string) {
  return db
    .select({
      ticketId: tickets.id,
      attendeeName: tickets.attendeeName,
      code: tickets.code,
      buyerEmail: ticketCheckouts.email,
      checkedInAt: tickets.checkedInAt,
      checkedInByFirst: users.firstName,
      checkedInByLast: users.lastName,
    })
    .from(tickets)
    .innerJoin(ticketCheckouts, eq(ticketCheckouts.id, tickets.checkoutId))
    .leftJoin(users, eq(users.id, tickets.checkedInBy))
    .where(and(eq(tickets.bookingId, bookingId), eq(ticketCheckouts.status, 'paid')))
    .orderBy(asc(ticketCheckouts.createdAt), asc(tickets.position));
}

export async function findTicketByCode(db: Executor, { code, lock = false }: { code: string; lock?: boolean }) {
  const query = db
    .select({ ticket: tickets, checkoutStatus: ticketCheckouts.status })
    .from(tickets)
    .innerJoin(ticketCheckouts, eq(ticketCheckouts.id, tickets.checkoutId))
    .where(eq(tickets.code, code));
  const [row] = lock ? await query.for('update', { of: tickets }) : await query;
  return row;
}

export async function markCheckedIn(db: Executor, { ticketId, by, at }: { ticketId: string; by: string; at: Date }): Promise<TicketRow> {
  const [row] = await db.update(tickets).set({ checkedInAt: at, checkedInBy: by }).where(eq(tickets.id, ticketId)).returning();
  return row!;
}

export async function addToWaitlist(db: Executor, values: typeof eventWaitlist.$inferInsert): Promise<boolean> {
  const rows = await db.insert(eventWaitlist).values(values).onConflictDoNothing().returning({ id: eventWaitlist.id });
  return rows.length > 0;
}

/** The next `limit` people waiting for an event who were not offered seats yet, in order. */
export async function nextOnWaitlist(db: Executor, { bookingId, limit }: { bookingId: string; limit: number }) {
  return db
    .select()
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.bookingId, bookingId), sql`${eventWaitlist.offeredAt} is null`))
    .orderBy(asc(eventWaitlist.createdAt), asc(eventWaitlist.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markOffered(db: Executor, { id, at }: { id: string; at: Date }): Promise<void> {
  await db.update(eventWaitlist).set({ offeredAt: at }).where(eq(eventWaitlist.id, id));
}

// Read for every tickets email and tickets page: planned once per connection.
const eventDetailsQuery = preparedQuery((db) =>
  db
    .select({ address: restaurantProfiles.address, city: restaurantProfiles.city, timeZone: restaurantProfiles.timezone, causeName: causes.name })
    .from(bookings)
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.restaurantId, bookings.restaurantId))
    .leftJoin(causes, eq(causes.id, bookings.causeId))
    .where(eq(bookings.id, sql.placeholder('bookingId')))
    .prepare('tickets_event_details'),
);

/** What the tickets page and email show of the event besides the booking's terms. */
export async function eventDetailsOf(db: Executor, bookingId: string) {
  const [row] = await eventDetailsQuery(db).execute({ bookingId });
  return row;
}

// ---------------------------------------------------------------- ticket counters (on the booking row)

/**
 * The booking's menu price per head, read by the statement that moves its counters (the menu's primary key): with
 * the counters, what the live progress needs to state the cause's share of the sales.
 */
const menuPriceOfBooking = sql<number | null>`(select ${menus.pricePerHead} from ${menus} where ${menus.id} = ${bookings.menuId})`;

const ticketCounters = {
  guests: bookings.guests,
  ticketsSold: bookings.ticketsSold,
  ticketsHeld: bookings.ticketsHeld,
  donationsRaised: bookings.donationsRaised,
  ticketPrice: bookings.ticketPrice,
  menuPrice: menuPriceOfBooking,
};

/** How many of an event's tickets, and for how many of them. */
export type TicketCount = { bookingId: string; quantity: number };

/**
 * Holds `quantity` tickets of a CONFIRMED booking in one atomic UPDATE (the row lock it takes serialises concurrent
 * buyers): nothing when fewer are left (guests − sold − held). Never touches `updated_at` (the parties' edits).
 */
export async function holdTickets(db: Executor, { bookingId: id, quantity }: TicketCount) {
  const [row] = await db
    .update(bookings)
    .set({ ticketsHeld: sql`${bookings.ticketsHeld} + ${quantity}` })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'CONFIRMED'), sql`${bookings.guests} - ${bookings.ticketsSold} - ${bookings.ticketsHeld} >= ${quantity}`))
    .returning(ticketCounters);
  return row;
}

/**
 * Locks a booking's row for a batch of holds (`holdBatch` in tickets.ts): what the batch shares out in arrival order
 * before `holdTickets` takes its total.
 */
export async function lockTicketCounters(db: Executor, id: string) {
  const [row] = await db.select({ status: bookings.status, date: bookings.date, ...ticketCounters }).from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

/** Gives back `quantity` held tickets (a hold expired or its event was cancelled). */
export async function releaseTickets(db: Executor, { bookingId: id, quantity }: TicketCount) {
  const [row] = await db
    .update(bookings)
    .set({ ticketsHeld: sql`greatest(${bookings.ticketsHeld} - ${quantity}, 0)` })
    .where(eq(bookings.id, id))
    .returning(ticketCounters);
  return row;
}

/** Held tickets paid: they become sold, and the donation joins what was raised. */
export async function sellHeldTickets(db: Executor, { bookingId: id, quantity, donation }: TicketCount & { donation: number }) {
  const [row] = await db
    .update(bookings)
    .set({
      ticketsHeld: sql`${bookings.ticketsHeld} - ${quantity}`,
      ticketsSold: sql`${bookings.ticketsSold} + ${quantity}`,
      donationsRaised: sql`${bookings.donationsRaised} + ${donation}`,
    })
    .where(eq(bookings.id, id))
    .returning({ ...getTableColumns(bookings), menuPrice: menuPriceOfBooking });
  return row!;
}

import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { bookings, causes, donations, type DonationRow, type NewDonationRow } from '../../db/schema/index.ts';

/** The cause a donation goes to (published ones only take donations). */
export async function findCause(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: causes.id,
      ownerId: causes.ownerId,
      name: causes.name,
      slug: causes.slug,
      countryCode: causes.countryCode,
      charityRegistrationNumber: causes.charityRegistrationNumber,
      published: causes.published,
    })
    .from(causes)
    .where(eq(causes.id, id))
    .limit(1);
  return row;
}

/** The event a donation is tied to: its status, cause, currency and title. */
export async function findEvent(db: Executor, id: string) {
  const [row] = await db
    .select({ id: bookings.id, status: bookings.status, causeId: bookings.causeId, currency: bookings.currency, title: bookings.title, date: bookings.date })
    .from(bookings)
    .where(eq(bookings.id, id))
    .limit(1);
  return row;
}

export async function insertDonationOnce(db: Executor, values: NewDonationRow): Promise<DonationRow | undefined> {
  const [row] = await db.insert(donations).values(values).onConflictDoNothing().returning();
  return row;
}

/** The donation whose receipt secret this is (its id finds nothing). */
export async function findDonationByReceiptToken(db: Executor, receiptToken: string): Promise<DonationRow | undefined> {
  const [row] = await db.select().from(donations).where(eq(donations.receiptToken, receiptToken));
  return row;
}

export async function findDonationByKey(db: Executor, { causeId, key }: { causeId: string; key: string }): Promise<DonationRow | undefined> {
  const [row] = await db
    .select()
    .from(donations)
    .where(and(eq(donations.causeId, causeId), eq(donations.idempotencyKey, key)));
  return row;
}

export async function findDonationOfPayment(db: Executor, { paymentId, lock = false }: { paymentId: string; lock?: boolean }): Promise<DonationRow | undefined> {
  const query = db.select().from(donations).where(eq(donations.paymentId, paymentId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateDonation(db: Executor, { id, values }: { id: string; values: Partial<NewDonationRow> }): Promise<DonationRow> {
  const [row] = await db.update(donations).set(values).where(eq(donations.id, id)).returning();
  return row!;
}

/** An event's paid donations, locked, oldest first (a cancellation refunds them). */
export async function lockPaidDonationsOfBooking(db: Executor, bookingId: string): Promise<DonationRow[]> {
  return db
    .select()
    .from(donations)
    .where(and(eq(donations.bookingId, bookingId), eq(donations.status, 'paid')))
    .orderBy(asc(donations.createdAt), asc(donations.id))
    .for('update');
}

/** D of the settlement, the part given at `/donate/{id}?event=`: the event's paid donations. */
export async function paidDonationsOfBooking(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${donations.amount}), 0)` })
    .from(donations)
    .where(and(eq(donations.bookingId, bookingId), eq(donations.status, 'paid')));
  return Number(row?.total ?? 0);
}

/** Paid donations of a cause (or of one of its events), newest first, and how many there are in all. */
export async function listPaidDonations(db: Executor, { causeId, eventId, limit }: { causeId: string; eventId?: string; limit: number }) {
  const where = and(eq(donations.causeId, causeId), eq(donations.status, 'paid'), eventId ? eq(donations.bookingId, eventId) : undefined);
  const rows = await db
    .select({
      name: donations.name,
      anonymous: donations.anonymous,
      amount: donations.amount,
      currency: donations.currency,
      createdAt: donations.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(donations)
    .where(where)
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(limit);
  return rows;
}

/** One page of a cause's paid donations for its owner, newest first, with the donor's name and message, and how many in all. */
export async function listCauseDonationsPage(db: Executor, { causeId, page, limit }: { causeId: string; page: number; limit: number }) {
  const where = and(eq(donations.causeId, causeId), eq(donations.status, 'paid'));
  return paged(
    db
      .select({
        id: donations.id,
        amount: donations.amount,
        currency: donations.currency,
        name: donations.name,
        message: donations.message,
        anonymous: donations.anonymous,
        eventId: donations.bookingId,
        createdAt: donations.createdAt,
      })
      .from(donations)
      .where(where)
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(donations).where(where),
  );
}

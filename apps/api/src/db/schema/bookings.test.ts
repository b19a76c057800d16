import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/support/test-database.ts';
import type { DatabaseConnection } from '../client.ts';
import { bookingEvents, bookings, causes, menus, users, type NewBookingRow } from './index.ts';

let database: DatabaseConnection;
let clientId: string;
let restaurantId: string;
let menuId: string;

/** The constraint a refused write broke (drizzle wraps the driver's error). */
async function violatedConstraint(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string } }).cause;
    return cause?.constraint ?? (error as { constraint?: string }).constraint;
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [client, restaurant] = await database.db
    .insert(users)
    .values([
      { role: 'user', email: 'client@example.com', firstName: 'Ana', lastName: 'Client' },
      { role: 'seller', email: 'seller@example.com', firstName: 'Bao', lastName: 'Seller' },
    ])
    .returning();
  clientId = client!.id;
  restaurantId = restaurant!.id;
  const [menu] = await database.db
    .insert(menus)
    .values({ restaurantId, name: 'Banquet', pricePerHead: 9000, currency: 'AUD', minGuests: 10, maxGuests: 60 })
    .returning();
  menuId = menu!.id;
});

afterAll(async () => {
  await database.close();
});

const complete = (): NewBookingRow => ({
  clientId,
  restaurantId,
  menuId,
  date: new Date('2026-07-10T09:00:00.000Z'),
  guests: 40,
  title: 'Dinner for the shelter',
  story: 'Every ticket feeds a family.',
  ticketPrice: 12_000,
  currency: 'AUD',
});

describe('bookings table', () => {
  it('stores a draft with nothing but its client', async () => {
    const [draft] = await database.db.insert(bookings).values({ clientId }).returning();
    expect(draft).toMatchObject({ status: 'DRAFT', ticketsSold: 0, restaurantId: null, date: null, suggestionDate: null, completionOutcome: null });
  });

  it('refuses a submitted booking that misses a field', async () => {
    expect(await violatedConstraint(database.db.insert(bookings).values({ clientId, status: 'PENDING', title: 'No date' }))).toBe('bookings_submitted_complete');
    const [pending] = await database.db.insert(bookings).values({ ...complete(), status: 'PENDING' }).returning();
    expect(pending!.status).toBe('PENDING');
  });

  it('keeps a suggestion only on CANCELED, and non-negative amounts and positive guests', async () => {
    const suggestionDate = new Date('2026-07-11T09:00:00.000Z');
    expect(await violatedConstraint(database.db.insert(bookings).values({ ...complete(), status: 'PENDING', suggestionDate }))).toBe('bookings_suggestion_only_when_canceled');
    const [suggested] = await database.db.insert(bookings).values({ ...complete(), status: 'CANCELED', cancelReason: 'TIME_SUGGESTED', suggestionDate }).returning();
    expect(suggested!.suggestionDate?.toISOString()).toBe('2026-07-11T09:00:00.000Z');
    expect(await violatedConstraint(database.db.insert(bookings).values({ ...complete(), ticketPrice: -1 }))).toBe('bookings_amounts_not_negative');
    expect(await violatedConstraint(database.db.insert(bookings).values({ clientId, guests: 0 }))).toBe('bookings_guests_positive');
  });

  it('keeps the booking, without its cause, when the cause is deleted', async () => {
    const [causeOwner] = await database.db.insert(users).values({ role: 'cause', email: 'cause@example.com', firstName: 'Chi', lastName: 'Cause' }).returning();
    const [cause] = await database.db.insert(causes).values({ ownerId: causeOwner!.id, name: 'Hope Kitchen', slug: 'hope-kitchen', category: 'hunger' }).returning();
    const [booking] = await database.db.insert(bookings).values({ ...complete(), causeId: cause!.id, status: 'CONFIRMED' }).returning();
    await database.db.delete(causes).where(eq(causes.id, cause!.id));
    const [after] = await database.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(after).toMatchObject({ status: 'CONFIRMED', causeId: null });
  });
});

describe('booking_events table', () => {
  it('records the history in order and goes with a deleted draft', async () => {
    const [booking] = await database.db.insert(bookings).values({ ...complete(), status: 'PENDING' }).returning();
    await database.db.insert(bookingEvents).values([
      { bookingId: booking!.id, actor: 'restaurant', actorUserId: restaurantId, action: 'decline', fromStatus: 'PENDING', toStatus: 'CANCELED', reason: 'NOT_AVAILABLE', createdAt: new Date('2026-06-02T00:00:00Z') },
      { bookingId: booking!.id, actor: 'client', actorUserId: clientId, action: 'submit', fromStatus: 'DRAFT', toStatus: 'PENDING', createdAt: new Date('2026-06-01T00:00:00Z') },
    ]);
    const history = await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking!.id)).orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
    expect(history.map((event) => [event.action, event.actor, event.reason])).toEqual([
      ['submit', 'client', null],
      ['decline', 'restaurant', 'NOT_AVAILABLE'],
    ]);
    await database.db.delete(bookings).where(eq(bookings.id, booking!.id));
    expect(await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking!.id))).toEqual([]);
  });
});

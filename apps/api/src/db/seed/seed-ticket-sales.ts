import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { bookings } from '../schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordDemoTicketSale, type DemoTicketSale } from '../../modules/payments/payments.service.ts';

const HOUR = 3_600_000;

/** The demo's ticket buyers, in the order they buy: Vietnamese names buy in Vietnamese. */
const DEMO_BUYERS: readonly { first: string; last: string; language: 'en' | 'vn' }[] = [
  { first: 'Mai', last: 'Nguyen', language: 'vn' },
  { first: 'Tom', last: 'Walker', language: 'en' },
  { first: 'Lan', last: 'Pham', language: 'vn' },
  { first: 'James', last: 'Chen', language: 'en' },
  { first: 'Sophie', last: 'Martin', language: 'en' },
  { first: 'Duc', last: 'Le', language: 'vn' },
  { first: 'Emma', last: 'Wilson', language: 'en' },
  { first: 'Hoa', last: 'Vo', language: 'vn' },
  { first: 'Oliver', last: 'Brown', language: 'en' },
  { first: 'Grace', last: 'Kim', language: 'en' },
  { first: 'Thu', last: 'Hoang', language: 'vn' },
  { first: 'Lucas', last: 'Taylor', language: 'en' },
];
const GUEST_NAMES = ['Ava Johnson', 'Minh Do', 'Chloe Davies', 'Anh Bui', 'Noah Smith', 'Linh Tran', 'Isla Roberts', 'Khoa Dang', 'Ruby Evans', 'Bao Ly'];
/** Party sizes in turn: most buy for two, some alone, some for a table of friends. */
const PARTY_SIZES = [2, 1, 4, 2, 3, 2];

/**
 * The purchases behind a CONFIRMED demo event's tickets sold: `count` tickets in parties, each a buyer with its
 * guests, every third with a donation, paid at spread times before `now`.
 */
export function demoTicketSales(event: { bookingId: string; count: number; currency: string }, now: Date): DemoTicketSale[] {
  const sales: DemoTicketSale[] = [];
  let left = event.count;
  let guest = 0;
  while (left > 0) {
    const index = sales.length;
    const buyer = DEMO_BUYERS[index % DEMO_BUYERS.length]!;
    const size = Math.min(left, PARTY_SIZES[index % PARTY_SIZES.length]!);
    const attendees = [`${buyer.first} ${buyer.last}`];
    while (attendees.length < size) attendees.push(GUEST_NAMES[guest++ % GUEST_NAMES.length]!);
    const round = Math.floor(index / DEMO_BUYERS.length);
    sales.push({
      bookingId: event.bookingId,
      // Reserved for examples (RFC 2606): nothing is ever delivered there.
      email: `${buyer.first}.${buyer.last}${round > 0 ? round + 1 : ''}@example.com`.toLowerCase(),
      language: buyer.language,
      attendees,
      // A round gift in the event's currency: 20 dollars, or 200,000 dong.
      donation: index % 3 === 0 ? (event.currency === 'VND' ? 200_000 : 2_000) : 0,
      paidAt: new Date(now.getTime() - (index + 1) * 7 * HOUR),
    });
    left -= size;
  }
  return sales;
}

/**
 * Makes the tickets sold of every CONFIRMED demo event real purchases (docs/product.md, Demo data): the bookings' plans say how
 * many were sold; here each becomes a paid checkout with its tickets, codes and money, so the restaurant's attendee
 * list, check-in and the event's progress show them. Run after `seedDemoBookings`. Ended and cancelled events keep
 * their counts as history.
 */
export async function seedDemoTicketSales(db: Database, options: { clock: Clock }): Promise<number> {
  const events = await db
    .select({ id: bookings.id, sold: bookings.ticketsSold, currency: bookings.currency })
    .from(bookings)
    .where(and(eq(bookings.status, 'CONFIRMED'), gt(bookings.ticketsSold, 0)))
    .orderBy(asc(bookings.createdAt));
  const now = options.clock.now();
  let sold = 0;
  for (const event of events) {
    // The plan's count is replaced by the purchases, which move the counters as the app does.
    await db.update(bookings).set({ ticketsSold: 0 }).where(eq(bookings.id, event.id));
    for (const sale of demoTicketSales({ bookingId: event.id, count: event.sold, currency: event.currency! }, now)) await recordDemoTicketSale(db, sale);
    sold += event.sold;
  }
  return sold;
}

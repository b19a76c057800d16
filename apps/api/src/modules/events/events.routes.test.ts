import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '@goodtable/shared';
import { bookings, causes, menus, restaurantPhotos, restaurantProfiles } from '../../db/schema/index.ts';
import { insertUser } from '../accounts/accounts.service.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { uniqueEmail } from '../../../test/support/http-client.ts';
import { openSseStream } from '../../../test/support/sse-client.ts';
import { parseInvitation } from '../../../test/support/calendar.ts';
import { publishEventProgress } from './events.service.ts';
import { causeShareReader } from '../payments/payments.service.ts';

const DAY_MS = 86_400_000;
const PUBLIC_URL = 'https://goodtable.example';
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

describe('events API: a confirmed booking’s public page, live progress and calendar file', () => {
  // The web app's translations: the share page's first screen is written in them.
  const testApp = useTestApp({ env: { PUBLIC_URL }, webDist: { withTranslations: true } });
  const { api } = testApp;

  /** A published restaurant (with a photo) and cause, a client and one of its bookings in `status`. */
  async function event(status: (typeof BOOKING_STATUSES)[number], values: { ticketsSold?: number; startsInMs?: number } = {}) {
    const db = testApp.database.db;
    const restaurant = await insertUser(db, { email: uniqueEmail('resto'), role: 'seller', firstName: 'Lan', lastName: 'Vo' });
    const slug = unique('bep-nha');
    await db.insert(restaurantProfiles).values({
      restaurantId: restaurant.id,
      name: 'Bếp Nhà',
      slug,
      address: '12 Bạch Đằng',
      city: 'Đà Nẵng',
      currency: 'AUD',
      timezone: 'Asia/Ho_Chi_Minh',
      published: true,
    });
    await db.insert(restaurantPhotos).values({ restaurantId: restaurant.id, storageKey: 'photos/cover.jpg', thumbnailKey: 'photos/cover-thumb.jpg', width: 1200, height: 800 });
    const [menu] = await db.insert(menus).values({ restaurantId: restaurant.id, name: 'Banquet', description: 'Five courses', pricePerHead: 6000, currency: 'AUD', minGuests: 10, maxGuests: 40 }).returning();
    const owner = await insertUser(db, { email: uniqueEmail('cause'), role: 'cause', firstName: 'Hoa', lastName: 'Le' });
    const [cause] = await db.insert(causes).values({ ownerId: owner.id, name: 'Reading Tree', slug: unique('reading-tree'), category: 'education', published: true }).returning();
    const client = await insertUser(db, { email: uniqueEmail('client'), role: 'user', firstName: 'Minh', lastName: 'Tran' });
    const [row] = await db
      .insert(bookings)
      .values({
        clientId: client.id,
        restaurantId: restaurant.id,
        menuId: menu!.id,
        causeId: cause!.id,
        status,
        // Whole seconds: calendar files carry no milliseconds.
        date: new Date(Math.floor((testApp.app.clock.now().getTime() + (values.startsInMs ?? 30 * DAY_MS)) / 1000) * 1000),
        guests: 30,
        title: 'Books for every child',
        story: 'A dinner that fills a library.',
        ticketPrice: 10000,
        goal: 250000,
        currency: 'AUD',
        ticketsSold: values.ticketsSold ?? 0,
        ...(status === 'CANCELED' ? { cancelReason: 'CLIENT_CANCELED' as const } : {}),
      })
      .returning();
    return { booking: row!, slug, cause: cause! };
  }


  it('answers a confirmed event with exactly the product’s fields and what the page needs, to anyone', async () => {
    const { booking, slug, cause } = await event('CONFIRMED', { ticketsSold: 4 });
    const response = await api.get(`/v1/events/${booking.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: booking.id,
      title: 'Books for every child',
      status: 'CONFIRMED',
      date: booking.date!.toISOString(),
      restaurant: { name: 'Bếp Nhà', slug, address: '12 Bạch Đằng', city: 'Đà Nẵng', time_zone: 'Asia/Ho_Chi_Minh' },
      cause: { id: cause.id, name: 'Reading Tree', slug: cause.slug },
      ticket_price: 10000,
      currency: 'AUD',
      tickets_total: 30,
      tickets_left: 26,
      // What the cause receives, as `raised_for_cause`.
      raised: 0,
      sales_open: true,
      goal: 250000,
      story: 'A dinner that fills a library.',
      menu: { name: 'Banquet', description: 'Five courses', price_per_head: 6000 },
      cause_share_per_ticket: 4000,
      // Without a ledger nothing was paid: the tickets' revenue (40,000 less 5 %) is short of the food (60.00 × 30).
      raised_for_cause: 0,
      // Sold out: 300,000 − 15,000 − 180,000.
      cause_share_when_sold_out: 105_000,
      image: `${PUBLIC_URL}/uploads/photos/cover.jpg`,
      url: `${PUBLIC_URL}/share/${booking.id}`,
    });
  });

  it('still shows an event that has started but is not marked complete, with sales closed: a checkout is refused and nothing is held', async () => {
    const { booking } = await event('CONFIRMED', { ticketsSold: 4, startsInMs: -2 * 3_600_000 });
    const response = await api.get(`/v1/events/${booking.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: booking.id, status: 'CONFIRMED', tickets_left: 26, sales_open: false });
    const checkout = await api.post(`/v1/events/${booking.id}/checkouts`, { body: { quantity: 2, email: uniqueEmail('late-buyer'), attendees: ['An', 'Bình'] } });
    expect(checkout.status).toBe(409);
    expect(checkout.body).toMatchObject({ code: 'tickets.salesClosed' });
    const [row] = await testApp.database.db.select({ held: bookings.ticketsHeld, sold: bookings.ticketsSold }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toEqual({ held: 0, sold: 4 });
  });

  it('answers ended events with their status (no sales, no calendar, no stream), 404 for drafts, requests, a request cancelled before it was confirmed and unknown events, 400 for a malformed id', async () => {
    for (const status of ['COMPLETED', 'INCOMPLETE'] as const) {
      const { booking } = await event(status, { ticketsSold: 4 });
      const response = await api.get(`/v1/events/${booking.id}`);
      expect(response.status, status).toBe(200);
      expect(response.body).toMatchObject({ id: booking.id, status, sales_open: false });
      expect((await api.get(`/v1/events/${booking.id}/calendar.ics`)).status, status).toBe(404);
      expect((await openSseStream(`${testApp.baseUrl}/v1/events/${booking.id}/stream`)).status, status).toBe(404);
    }
    for (const status of ['DRAFT', 'PENDING', 'ACCEPTED', 'CANCELED'] as const) {
      const { booking } = await event(status);
      const response = await api.get(`/v1/events/${booking.id}`);
      expect(response.status, status).toBe(404);
      expect(response.body.code).toBe('events.notFound');
      expect((await api.get(`/v1/events/${booking.id}/calendar.ics`)).status, status).toBe(404);
      const stream = await openSseStream(`${testApp.baseUrl}/v1/events/${booking.id}/stream`);
      expect(stream.status, status).toBe(404);
    }
    expect((await api.get('/v1/events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const malformed = await api.get('/v1/events/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.details[0].field).toBe('id');
  });

  it('streams the current progress first, then each change published with the sale’s transaction', async () => {
    const { booking } = await event('CONFIRMED', { ticketsSold: 2 });
    const stream = await openSseStream(`${testApp.baseUrl}/v1/events/${booking.id}/stream`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const first = await stream.waitFor((frame) => frame.kind === 'message');
      expect(first.kind === 'message' && first.message.event).toBe('event.progress');
      expect(first.kind === 'message' && JSON.parse(first.message.data)).toEqual({ tickets_left: 28, raised: 0 });

      const db = testApp.database.db;
      await db.transaction(async (tx) => {
        await tx.update(bookings).set({ ticketsSold: 30, donationsRaised: 500 }).where(eq(bookings.id, booking.id));
        await publishEventProgress({ db: tx, live: testApp.app.live, causeShare: causeShareReader(testApp.app.config.PLATFORM_FEE_PERCENT) }, booking.id);
      });
      const next = await stream.waitFor((frame) => frame.kind === 'message' && frame.message.id !== undefined);
      expect(next.kind === 'message' && JSON.parse(next.message.data)).toEqual({ tickets_left: 0, raised: 105_500 });
    } finally {
      stream.close();
    }
  });

  it('downloads the event as a calendar file at the restaurant with the share page’s address', async () => {
    const { booking } = await event('CONFIRMED');
    const response = await fetch(`${testApp.baseUrl}/v1/events/${booking.id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="event.ics"');
    const parsed = parseInvitation(await response.text());
    expect(parsed).toMatchObject({
      method: 'PUBLISH',
      uid: `booking-${booking.id}@goodtable.example`,
      summary: 'Books for every child',
      location: 'Bếp Nhà, 12 Bạch Đằng, Đà Nẵng',
      url: `${PUBLIC_URL}/share/${booking.id}`,
      status: 'CONFIRMED',
      attendee: '',
    });
    expect(parsed.start.toISOString()).toBe(booking.date!.toISOString());
    expect(parsed.end.getTime() - parsed.start.getTime()).toBe(3 * 3_600_000);
  });
});

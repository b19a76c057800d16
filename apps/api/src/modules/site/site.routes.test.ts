import { describe, expect, it } from 'vitest';
import { bookings, causes, menus, restaurantProfiles } from '../../db/schema/index.ts';
import { insertUser } from '../accounts/accounts.service.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { uniqueEmail } from '../../../test/support/http-client.ts';

const DAY_MS = 86_400_000;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

describe('public site API: home, cause activity, sitemap, robots, served heads', () => {
  const testApp = useTestApp({
    env: { PUBLIC_URL: 'https://goodtable.example' },
    webDist: {
      files: Object.fromEntries(
        [
          ['en', 'About us', 'Who runs GoodTable & why.'],
          ['vn', 'Về chúng tôi', 'Ai điều hành GoodTable và vì sao.'],
        ].map(([language, title, description]) => [`locales/${language}/public-site.json`, JSON.stringify({ meta: { about: { title, description } } })]),
      ),
    },
  });
  const { api } = testApp;

  /** A published restaurant with a menu, a published cause and a client, made directly in the database. */
  async function marketplace() {
    const db = testApp.database.db;
    const restaurant = await insertUser(db, { email: uniqueEmail('resto'), role: 'seller', firstName: 'Lan', lastName: 'Vo' });
    const slug = unique('bep-nha');
    await db.insert(restaurantProfiles).values({ restaurantId: restaurant.id, name: 'Bếp Nhà', slug, currency: 'AUD', timezone: 'Australia/Sydney', published: true });
    const [menu] = await db.insert(menus).values({ restaurantId: restaurant.id, name: 'Banquet', pricePerHead: 6000, currency: 'AUD', minGuests: 10, maxGuests: 40 }).returning();
    const owner = await insertUser(db, { email: uniqueEmail('cause'), role: 'cause', firstName: 'Hoa', lastName: 'Le' });
    const [cause] = await db.insert(causes).values({ ownerId: owner.id, name: 'Reading Tree', slug: unique('reading-tree'), category: 'education', published: true }).returning();
    const client = await insertUser(db, { email: uniqueEmail('client'), role: 'user', firstName: 'Minh', lastName: 'Tran' });
    return { restaurant, slug, menu: menu!, cause: cause!, client };
  }

  async function booking(world: Awaited<ReturnType<typeof marketplace>>, values: { status: 'CONFIRMED' | 'COMPLETED' | 'PENDING'; inDays: number; ticketsSold?: number; ticketsHeld?: number; ticketPrice?: number; currency?: string }) {
    const [row] = await testApp.database.db
      .insert(bookings)
      .values({
        clientId: world.client.id,
        restaurantId: world.restaurant.id,
        menuId: world.menu.id,
        causeId: world.cause.id,
        status: values.status,
        date: new Date(testApp.app.clock.now().getTime() + values.inDays * DAY_MS),
        guests: 30,
        title: `Dinner for ${world.cause.name}`,
        ticketPrice: values.ticketPrice ?? 10000,
        currency: values.currency ?? 'AUD',
        ticketsSold: values.ticketsSold ?? 0,
        ticketsHeld: values.ticketsHeld ?? 0,
      })
      .returning();
    return row!;
  }


  it('answers honestly on an empty marketplace: nothing raised, no upcoming events, the configured pricing', async () => {
    const home = await api.get('/v1/site/home');
    expect(home.status).toBe(200);
    expect(home.body).toEqual({ raised: [], completed_events: 0, upcoming_events: [], pricing: { platform_fee_percent: 5, deposit_percent: 20, client_refund_days: 14 } });
  });

  it('never counts gross ticket sales as raised, counts completed events and lists only confirmed events still ahead', async () => {
    const world = await marketplace();
    const upcoming = await booking(world, { status: 'CONFIRMED', inDays: 10, ticketsSold: 4, ticketsHeld: 3 });
    await booking(world, { status: 'CONFIRMED', inDays: -2 });
    await booking(world, { status: 'PENDING', inDays: 5 });
    await booking(world, { status: 'COMPLETED', inDays: -30, ticketsSold: 25, ticketPrice: 10000 });
    await booking(world, { status: 'COMPLETED', inDays: -20, ticketsSold: 10, ticketPrice: 500000, currency: 'VND' });

    const home = (await api.get('/v1/site/home')).body;
    // What causes received is the ledger's (donations and settled shares, events/raised-for-cause.routes.test.ts):
    // these rows sold tickets but no settlement paid anyone.
    expect(home.raised).toEqual([]);
    expect(home.completed_events).toBe(2);
    expect(home.upcoming_events).toEqual([
      {
        id: upcoming.id,
        title: 'Dinner for Reading Tree',
        date: upcoming.date!.toISOString(),
        time_zone: 'Australia/Sydney',
        restaurant: { name: 'Bếp Nhà', slug: world.slug },
        cause: { id: world.cause.id, name: 'Reading Tree', slug: world.cause.slug },
        ticket_price: 10000,
        currency: 'AUD',
        // 30 seats, 4 sold, 3 held by a checkout in progress: as the event's page counts them.
        tickets_left: 23,
      },
    ]);

    // The event passes when the business clock moves past it.
    await api.post('/dev/clock', { body: { advance_ms: 11 * DAY_MS } });
    expect((await api.get('/v1/site/home')).body.upcoming_events).toEqual([]);
  });

  it("gives a published cause's activity, and 404 for an unknown or unpublished cause", async () => {
    const world = await marketplace();
    const activity = await api.get(`/v1/causes/${world.cause.id}/activity`);
    expect(activity.status).toBe(200);
    expect(activity.body).toEqual({ raised: [], completed_events: 0, upcoming_events: [] });
    await booking(world, { status: 'COMPLETED', inDays: -40, ticketsSold: 3, ticketPrice: 2500 });
    // Ticket sales are not the cause's: only a settlement's share is (events/raised-for-cause.routes.test.ts).
    expect((await api.get(`/v1/causes/${world.cause.id}/activity`)).body).toMatchObject({ raised: [], completed_events: 1 });

    const owner = await insertUser(testApp.database.db, { email: uniqueEmail('hidden'), role: 'cause', firstName: 'A', lastName: 'B' });
    const [hidden] = await testApp.database.db.insert(causes).values({ ownerId: owner.id, name: 'Hidden', slug: unique('hidden'), category: 'health' }).returning();
    expect((await api.get(`/v1/causes/${hidden!.id}/activity`)).status).toBe(404);
    expect((await api.get('/v1/causes/00000000-0000-4000-8000-000000000000/activity')).status).toBe(404);
    expect((await api.get('/v1/causes/not-an-id/activity')).status).toBe(400);
  });

  it('lists public pages, published restaurants and causes, events and posts in sitemap.xml; robots.txt points at it', async () => {
    const world = await marketplace();
    const event = await booking(world, { status: 'CONFIRMED', inDays: 60 });
    const response = await fetch(new URL('/sitemap.xml', testApp.baseUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await response.text();
    for (const pathname of ['/', '/how-it-works', '/help', '/privacy', `/${world.slug}`, `/cause/${world.cause.slug}`, `/share/${event.id}`, '/blog/where-the-money-goes']) {
      expect(xml).toContain(`<loc>https://goodtable.example${pathname}</loc>`);
    }
    expect(xml).not.toContain('/account');

    const robots = await (await fetch(new URL('/robots.txt', testApp.baseUrl))).text();
    expect(robots).toContain('Sitemap: https://goodtable.example/sitemap.xml');
    expect(robots).toContain('Disallow: /v1/');
  });

  it('serves static pages in the visitor’s language: their choice, else their browser’s', async () => {
    const english = await (await fetch(new URL('/about', testApp.baseUrl))).text();
    expect(english).toContain('<html lang="en">');

    const byCookie = await (await fetch(new URL('/about/', testApp.baseUrl), { headers: { cookie: 'theme=x; lang=vn' } })).text();
    expect(byCookie).toContain('<html lang="vi">');
    const byHeader = await (await fetch(new URL('/about', testApp.baseUrl), { headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' } })).text();
    expect(byHeader).toContain('<html lang="vi">');
  });

  it('answers 404 with the 404 page for an address no route of the app has', async () => {
    const response = await fetch(new URL('/no/such/page', testApp.baseUrl));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<title>404 - Page Not Found</title>');
  });
});

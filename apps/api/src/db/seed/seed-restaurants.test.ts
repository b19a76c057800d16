import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { findUserByEmail } from '../../modules/accounts/users.repository.ts';
import { managerRestaurants } from '../schema/index.ts';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo-data.ts';
import { DEMO_RESTAURANTS, DEMO_SELLER_WITHOUT_MENUS } from './seed-restaurants.ts';

describe('demo restaurants', () => {
  const testApp = useTestApp();
  const { api } = testApp;
  beforeAll(async () => {
    await seedDemoDataIfEmpty(testApp.database.db, { storage: testApp.app.storage });
    // About 3 s alone (sharp renders ~40 images); the whole suite running in parallel can slow it a lot.
  }, 180_000);

  it('publishes at least 12 restaurants across Sydney, Melbourne, Brisbane and Da Nang, in AUD and VND, with photos and menus', async () => {
    const directory = await api.get('/v1/restaurants?limit=100');
    expect(directory.status).toBe(200);
    expect(directory.body.totalResults).toBeGreaterThanOrEqual(12);
    expect(directory.body.totalResults).toBe(DEMO_RESTAURANTS.length);
    const items = directory.body.data as { city: string; currency: string; photo: { url: string } | null; price_from: number | null }[];
    expect(new Set(items.map((item) => item.city))).toEqual(new Set(['Sydney', 'Melbourne', 'Brisbane', 'Da Nang']));
    expect(new Set(items.map((item) => item.currency))).toEqual(new Set(['AUD', 'VND']));
    for (const item of items) {
      expect(item.photo?.url).toMatch(/^\/uploads\/restaurants\/.+\.webp$/);
      expect(item.price_from).toBeGreaterThan(0);
    }
    const photo = await fetch(new URL(items[0]!.photo!.url, testApp.baseUrl));
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('gives the demo seller a published profile and the demo manager three restaurants', async () => {
    const page = await api.get('/v1/restaurants/by-slug/trattoria-rossi');
    expect(page.status).toBe(200);
    const seller = await findUserByEmail(testApp.database.db, 'restaurant@example.com');
    expect(page.body.id).toBe(seller!.id);
    expect(page.body.menus.length).toBeGreaterThanOrEqual(1);

    const manager = await findUserByEmail(testApp.database.db, 'manager@example.com');
    const links = await testApp.database.db
      .select()
      .from(managerRestaurants)
      .where(and(eq(managerRestaurants.managerId, manager!.id), eq(managerRestaurants.status, 'active')));
    const managedSlugs = DEMO_RESTAURANTS.filter((restaurant) => restaurant.managed).map((restaurant) => restaurant.slug);
    expect(managedSlugs).toHaveLength(3);
    for (const slug of managedSlugs) {
      const restaurant = await api.get(`/v1/restaurants/by-slug/${slug}`);
      expect(links.map((link) => link.restaurantId)).toContain(restaurant.body.id);
    }
  });

  it('has a seller without menus who can sign in', async () => {
    const signIn = await api.post('/v1/auth/sign-in', { body: { email: DEMO_SELLER_WITHOUT_MENUS.email, password: DEMO_PASSWORD } });
    expect(signIn.status).toBe(200);
    const token = signIn.body.token.access_token;
    const profile = await api.get(`/v1/restaurants/${signIn.body.user.id}/profile`, { token });
    expect(profile.body).toMatchObject({ name: DEMO_SELLER_WITHOUT_MENUS.name, menus: [], published: false });
  });
});

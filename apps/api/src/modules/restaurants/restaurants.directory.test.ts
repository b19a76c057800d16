import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { restaurantTestKit, testImage } from './test/restaurant-test-kit.ts';

describe('restaurants API: public directory, pages and link previews', () => {
  const testApp = useTestApp({ env: { PUBLIC_URL: 'https://goodtable.example' }, webDist: {} });
  const kit = restaurantTestKit(testApp);
  let pho: Awaited<ReturnType<typeof kit.publishedRestaurant>>;
  let hidden: { id: string; slug: string };

  beforeAll(async () => {
    // Seven published restaurants, created in this order (Latest sorts them backwards), and one unpublished.
    pho = await kit.publishedRestaurant({ name: 'Phở Sông Hàn', cuisine: 'vietnamese', city: 'Da Nang', region: 'Worldwide', country: 'VN' }, [
      { name: 'Phở set', price_per_head: 250_000, min_guests: 10, max_guests: 30 },
      { name: 'Banquet', price_per_head: 450_000, min_guests: 20, max_guests: 60 },
    ]);
    await kit.upload({ restaurantId: pho.id, token: pho.token, content: await testImage({ format: 'jpeg', width: 800, height: 600 }), filename: 'front.jpg', type: 'image/jpeg' });
    await kit.publishedRestaurant({ name: 'Harbour Grill', cuisine: 'seafood', city: 'Sydney', region: 'New South Wales' }, [{ min_guests: 50, max_guests: 120 }]);
    await kit.publishedRestaurant({ name: 'Osteria Lygon', cuisine: 'italian', city: 'Melbourne', region: 'Victoria' });
    await kit.publishedRestaurant({ name: 'alpine lodge', cuisine: 'french', city: 'Melbourne', region: 'Victoria' });
    await kit.publishedRestaurant({ name: 'River Thai', cuisine: 'thai', city: 'Brisbane', region: 'Queensland' });
    await kit.publishedRestaurant({ name: 'Bondi Pizza', cuisine: 'italian', city: 'Sydney', region: 'New South Wales' });
    await kit.publishedRestaurant({ name: 'Zest Kitchen', cuisine: 'fusion', city: 'Brisbane', region: 'Queensland' });
    const draft = await kit.account('seller');
    const slug = kit.uniqueSlug('hidden');
    await kit.expectOk(await kit.api.put(`/v1/restaurants/${draft.id}/profile`, { body: kit.completeProfile({ name: 'Hidden Osteria', slug, cuisine: 'italian' }), token: draft.token }));
    await kit.expectOk(await kit.api.post(`/v1/restaurants/${draft.id}/menus`, { body: kit.menu(), token: draft.token }), 201);
    hidden = { id: draft.id, slug };
  });

  const names = (body: { data: { name: string }[] }) => body.data.map((item) => item.name);

  it('lists only published restaurants, latest first, with the list fields', async () => {
    const response = await kit.expectOk(await kit.api.get('/v1/restaurants'));
    expect(response).toMatchObject({ page: 1, limit: 10, totalResults: 7, totalPages: 1 });
    expect(names(response)).toEqual(['Zest Kitchen', 'Bondi Pizza', 'River Thai', 'alpine lodge', 'Osteria Lygon', 'Harbour Grill', 'Phở Sông Hàn']);
    const item = response.data.find((entry: { id: string }) => entry.id === pho.id);
    expect(item).toMatchObject({ slug: pho.slug, region: 'Worldwide', city: 'Da Nang', cuisine: 'vietnamese', country: 'VN', currency: 'VND', price_from: 250_000, min_guests: 10, max_guests: 60 });
    expect(item.photo.thumbnail_url).toMatch(/^\/uploads\/restaurants\/.+-thumb\.webp$/);
    expect(response.data.find((entry: { name: string }) => entry.name === 'Harbour Grill').photo).toBeNull();
  });

  it('sorts A-Z ignoring case, and pages', async () => {
    const firstPage = await kit.expectOk(await kit.api.get('/v1/restaurants?sortBy=name:asc&limit=3'));
    expect(firstPage).toMatchObject({ totalResults: 7, totalPages: 3, page: 1 });
    expect(names(firstPage)).toEqual(['alpine lodge', 'Bondi Pizza', 'Harbour Grill']);
    const lastPage = await kit.expectOk(await kit.api.get('/v1/restaurants?sortBy=name:asc&limit=3&page=3'));
    expect(names(lastPage)).toEqual(['Zest Kitchen']);
    const beyond = await kit.expectOk(await kit.api.get('/v1/restaurants?sortBy=name:asc&limit=3&page=9'));
    expect(beyond.data).toEqual([]);
  });

  it('searches names, cities and cuisines by word prefix, accents ignored', async () => {
    expect(names(await kit.expectOk(await kit.api.get('/v1/restaurants?search=pho')))).toEqual(['Phở Sông Hàn']);
    expect(names(await kit.expectOk(await kit.api.get(`/v1/restaurants?search=${encodeURIComponent('sông HÀN')}`)))).toEqual(['Phở Sông Hàn']);
    expect(names(await kit.expectOk(await kit.api.get('/v1/restaurants?search=melb&sortBy=name:asc')))).toEqual(['alpine lodge', 'Osteria Lygon']);
    expect(names(await kit.expectOk(await kit.api.get('/v1/restaurants?search=ital&sortBy=name:asc')))).toEqual(['Bondi Pizza', 'Osteria Lygon']);
    // Query syntax is not passed through: punctuation alone searches for nothing and filters nothing.
    expect((await kit.expectOk(await kit.api.get(`/v1/restaurants?search=${encodeURIComponent("'):* | !&")}`))).totalResults).toBe(7);
    expect(names(await kit.expectOk(await kit.api.get(`/v1/restaurants?search=${encodeURIComponent("pho:* |")}`)))).toEqual(['Phở Sông Hàn']);
    expect((await kit.expectOk(await kit.api.get('/v1/restaurants?search=nowhere'))).data).toEqual([]);
  });

  it('filters by region, cuisine and party size', async () => {
    expect(names(await kit.expectOk(await kit.api.get('/v1/restaurants?region=Victoria&sortBy=name:asc')))).toEqual(['alpine lodge', 'Osteria Lygon']);
    expect(names(await kit.expectOk(await kit.api.get('/v1/restaurants?cuisine=italian&sortBy=name:asc')))).toEqual(['Bondi Pizza', 'Osteria Lygon']);
    expect(names(await kit.expectOk(await kit.api.get('/v1/restaurants?guests=100')))).toEqual(['Harbour Grill']);
    expect(names(await kit.expectOk(await kit.api.get('/v1/restaurants?guests=50&region=Worldwide')))).toEqual(['Phở Sông Hàn']);
    expect(names(await kit.expectOk(await kit.api.get('/v1/restaurants?region=New%20South%20Wales&cuisine=seafood')))).toEqual(['Harbour Grill']);
  });

  it('answers 400 naming the parameter for a bad query', async () => {
    for (const [query, field] of [['sortBy=price:asc', 'sortBy'], ['region=Mars', 'region'], ['guests=0', 'guests'], ['limit=1000', 'limit'], ['cuisine=martian', 'cuisine']]) {
      const response = await kit.api.get(`/v1/restaurants?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.details[0].field).toBe(field);
    }
  });

  it('serves a published restaurant’s public page by slug with active menus, photos and hosting days', async () => {
    await kit.expectOk(
      await kit.api.put(`/v1/restaurants/${pho.id}/hosting-preferences`, { body: { weekdays: ['saturday', 'friday'], service_start: '18:00', service_end: '22:30', min_guests: 10, max_guests: 60, notice_days: 7, regions: ['Worldwide'], cause_categories: [] }, token: pho.token }),
    );
    const page = await kit.expectOk(await kit.api.get(`/v1/restaurants/by-slug/${pho.slug.toUpperCase()}`));
    expect(page).toMatchObject({ id: pho.id, name: 'Phở Sông Hàn', country: 'VN', country_name: 'Vietnam', currency: 'VND', timezone: 'Asia/Ho_Chi_Minh', address: '12 George Street' });
    expect(page.menus.map((menu: { name: string; price_per_head: number }) => [menu.name, menu.price_per_head])).toEqual([['Phở set', 250_000], ['Banquet', 450_000]]);
    expect(page.photos).toHaveLength(1);
    expect(page.hosting).toMatchObject({ weekdays: ['friday', 'saturday'], service_start: '18:00', service_end: '22:30' });
    expect((await kit.api.get(`/v1/restaurants/by-slug/${hidden.slug}`)).status).toBe(404);
    expect((await kit.api.get('/v1/restaurants/by-slug/no-such-place')).status).toBe(404);
  });

  it('lists Da Nang as a region of its own: Vietnam’s Da Nang restaurants, not every Worldwide one', async () => {
    await kit.publishedRestaurant({ name: 'Hanoi Corner', cuisine: 'vietnamese', city: 'Hanoi', region: 'Worldwide', country: 'VN' });
    expect(names(await kit.expectOk(await kit.api.get('/v1/restaurants?region=Da%20Nang')))).toEqual(['Phở Sông Hàn']);
    expect(names(await kit.expectOk(await kit.api.get('/v1/restaurants?region=Worldwide&sortBy=name:asc')))).toEqual(['Hanoi Corner', 'Phở Sông Hàn']);
    expect(names(await kit.expectOk(await kit.api.get('/v1/restaurants?region=Da%20Nang&cuisine=italian')))).toEqual([]);
  });
});

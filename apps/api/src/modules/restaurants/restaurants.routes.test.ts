import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { restaurantTestKit, testImage } from './test/restaurant-test-kit.ts';

describe('restaurants API: profiles, menus, photos, preferences', () => {
  const testApp = useTestApp();
  const kit = restaurantTestKit(testApp);

  it('documents every restaurant route in the OpenAPI document', async () => {
    const document = await kit.api.get('/docs/json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/reference/countries',
        '/v1/restaurants',
        '/v1/restaurants/by-slug/{slug}',
        '/v1/restaurants/{id}/profile',
        '/v1/restaurants/{id}/published',
        '/v1/restaurants/{id}/menus',
        '/v1/restaurants/{id}/menus/order',
        '/v1/restaurants/{id}/menus/{menuId}',
        '/v1/restaurants/{id}/photos',
        '/v1/restaurants/{id}/photos/{photoId}',
        '/v1/restaurants/{id}/hosting-preferences',
        '/v1/me/client-preferences',
      ]),
    );
    expect(document.body.paths['/v1/restaurants/{id}/menus'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'price_per_head', 'min_guests', 'max_guests']),
    );
  });

  describe('reference countries', () => {
    it('lists countries publicly, sorted by name, with flag, currency and time zones', async () => {
      const response = await kit.api.get('/v1/reference/countries');
      expect(response.status).toBe(200);
      const countries = response.body.data as { id: string; name: string; flag: string; currency: string; timezones: { zoneName: string }[] }[];
      expect(countries.length).toBeGreaterThan(200);
      const names = countries.map((country) => country.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      expect(countries.find((country) => country.id === 'AU')).toMatchObject({ name: 'Australia', flag: '🇦🇺', currency: 'AUD' });
      const vietnam = countries.find((country) => country.id === 'VN')!;
      expect(vietnam).toMatchObject({ currency: 'VND', flag: '🇻🇳' });
      expect(vietnam.timezones.map((zone) => zone.zoneName)).toEqual(['Asia/Ho_Chi_Minh']);
    });
  });

  describe('profile', () => {
    it('starts empty for a new restaurant and lists everything publishing needs', async () => {
      const seller = await kit.account('seller', { name: 'Corner Table' });
      const profile = await kit.expectOk(await kit.api.get(`/v1/restaurants/${seller.id}/profile`, { token: seller.token }));
      expect(profile).toMatchObject({ id: seller.id, name: 'Corner Table', slug: null, published: false, menus: [], photos: [] });
      expect(profile.missing_for_publish).toEqual(['slug', 'description', 'cuisine', 'address', 'city', 'region', 'country', 'menus']);
    });

    it('saves the fields; currency and time zone follow the country and region; the account name follows', async () => {
      const seller = await kit.account('seller');
      const input = kit.completeProfile({ slug: `  ${kit.uniqueSlug('Mixed').toUpperCase()} `, region: 'Queensland', city: 'Brisbane' });
      const saved = await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: input, token: seller.token }));
      expect(saved).toMatchObject({ name: 'Bếp Nhà Lan', slug: input.slug.trim().toLowerCase(), currency: 'AUD', timezone: 'Australia/Brisbane', region: 'Queensland' });
      expect(saved.missing_for_publish).toEqual(['menus']);
      const me = await kit.api.get('/v1/me', { token: seller.token });
      expect(me.body.name).toBe('Bếp Nhà Lan');

      const vietnam = await kit.expectOk(
        await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: { ...input, country: 'vn', region: 'Worldwide', city: 'Da Nang' }, token: seller.token }),
      );
      expect(vietnam).toMatchObject({ country: 'VN', currency: 'VND', timezone: 'Asia/Ho_Chi_Minh' });
    });

    it('answers 400 naming the field and changes nothing for an invalid region, country, time zone or slug', async () => {
      const seller = await kit.account('seller');
      const good = kit.completeProfile();
      await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: good, token: seller.token }));
      const cases: [Record<string, unknown>, string, string][] = [
        [{ region: 'Atlantis' }, 'region', 'validation.invalidRegion'],
        [{ country: 'ZZ' }, 'country', 'validation.invalidCountry'],
        [{ timezone: 'Asia/Ho_Chi_Minh' }, 'timezone', 'validation.timeZoneNotInCountry'],
        [{ slug: 'restaurants' }, 'slug', 'validation.slugReserved'],
        [{ slug: 'no spaces!' }, 'slug', 'validation.invalidSlug'],
        [{ cuisine: 'martian' }, 'cuisine', 'validation.invalidCuisine'],
        [{ name: 'x'.repeat(121) }, 'name', 'validation.tooLong'],
      ];
      for (const [change, field, message] of cases) {
        const response = await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: { ...good, name: 'Changed', ...change }, token: seller.token });
        expect(response.status, JSON.stringify(change)).toBe(400);
        expect(response.body.details).toContainEqual({ field, message });
      }
      const after = await kit.api.get(`/v1/restaurants/${seller.id}/profile`, { token: seller.token });
      expect(after.body).toMatchObject({ name: good.name, region: good.region, country: 'AU', slug: good.slug });
    });

    it('keeps slugs unique: 409 naming the slug', async () => {
      const first = await kit.account('seller');
      const second = await kit.account('seller');
      const slug = kit.uniqueSlug();
      await kit.expectOk(await kit.api.put(`/v1/restaurants/${first.id}/profile`, { body: kit.completeProfile({ slug }), token: first.token }));
      const response = await kit.api.put(`/v1/restaurants/${second.id}/profile`, { body: kit.completeProfile({ slug }), token: second.token });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'restaurants.slugTaken', details: [{ field: 'slug', message: 'validation.slugTaken' }] });
    });
  });

  describe('ownership', () => {
    it('refuses another restaurant, clients, causes and anonymous callers, and changes nothing', async () => {
      const sellerA = await kit.account('seller');
      const sellerB = await kit.account('seller', { name: 'B' });
      const client = await kit.account('user');
      const cause = await kit.account('cause');
      await kit.expectOk(await kit.api.put(`/v1/restaurants/${sellerB.id}/profile`, { body: kit.completeProfile({ name: 'Original B' }), token: sellerB.token }));
      const bMenu = await kit.expectOk(await kit.api.post(`/v1/restaurants/${sellerB.id}/menus`, { body: kit.menu(), token: sellerB.token }), 201);

      for (const token of [sellerA.token, client.token, cause.token]) {
        expect((await kit.api.get(`/v1/restaurants/${sellerB.id}/profile`, { token })).status).toBe(403);
        expect((await kit.api.put(`/v1/restaurants/${sellerB.id}/profile`, { body: kit.completeProfile({ name: 'Hijacked' }), token })).status).toBe(403);
        expect((await kit.api.post(`/v1/restaurants/${sellerB.id}/menus`, { body: kit.menu(), token })).status).toBe(403);
        expect((await kit.api.put(`/v1/restaurants/${sellerB.id}/menus/${bMenu.id}`, { body: kit.menu({ name: 'Hijacked' }), token })).status).toBe(403);
        expect((await kit.api.put(`/v1/restaurants/${sellerB.id}/published`, { body: { published: true }, token })).status).toBe(403);
        expect((await kit.api.put(`/v1/restaurants/${sellerB.id}/hosting-preferences`, { body: { weekdays: [], service_start: '18:00', service_end: '22:00', min_guests: 1, max_guests: 2, notice_days: 1, regions: [], cause_categories: [] }, token })).status).toBe(403);
      }
      expect((await kit.api.get(`/v1/restaurants/${sellerB.id}/profile`)).status).toBe(401);
      // A seller cannot reach another restaurant's menu through its own id either.
      expect((await kit.api.put(`/v1/restaurants/${sellerA.id}/menus/${bMenu.id}`, { body: kit.menu({ name: 'Hijacked' }), token: sellerA.token })).status).toBe(404);

      const after = await kit.expectOk(await kit.api.get(`/v1/restaurants/${sellerB.id}/profile`, { token: sellerB.token }));
      expect(after.name).toBe('Original B');
      expect(after.menus).toHaveLength(1);
      expect(after.menus[0].name).toBe('Banquet');
      expect(after.published).toBe(false);
    });

    it('lets a manager (and its sub-manager) edit only the restaurants it runs through an active link', async () => {
      const manager = await kit.account('manager');
      const subManager = await kit.account('manager', { parentUserId: manager.id });
      const run = await kit.account('seller');
      const pending = await kit.account('seller');
      const other = await kit.account('seller');
      await kit.link({ managerId: manager.id, restaurantId: run.id, status: 'active' });
      await kit.link({ managerId: manager.id, restaurantId: pending.id, status: 'pending' });

      for (const token of [manager.token, subManager.token]) {
        const saved = await kit.api.put(`/v1/restaurants/${run.id}/profile`, { body: kit.completeProfile({ name: 'Run by manager' }), token });
        expect(saved.status).toBe(200);
        expect((await kit.api.post(`/v1/restaurants/${run.id}/menus`, { body: kit.menu(), token })).status).toBe(201);
        expect((await kit.api.get(`/v1/restaurants/${run.id}/hosting-preferences`, { token })).status).toBe(200);
        expect((await kit.api.put(`/v1/restaurants/${pending.id}/profile`, { body: kit.completeProfile(), token })).status).toBe(403);
        expect((await kit.api.put(`/v1/restaurants/${other.id}/profile`, { body: kit.completeProfile(), token })).status).toBe(403);
      }
      expect((await kit.api.get(`/v1/restaurants/${run.id}/profile`, { token: run.token })).body.name).toBe('Run by manager');
      expect((await kit.api.get(`/v1/restaurants/${other.id}/profile`, { token: other.token })).body.slug).toBeNull();
    });
  });

  describe('menus', () => {
    it('needs the country first, then prices menus in its currency', async () => {
      const seller = await kit.account('seller');
      const early = await kit.api.post(`/v1/restaurants/${seller.id}/menus`, { body: kit.menu(), token: seller.token });
      expect(early.status).toBe(400);
      expect(early.body.details).toContainEqual({ field: 'country', message: 'validation.countryBeforeMenus' });

      await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: kit.completeProfile({ country: 'VN', region: 'Worldwide', city: 'Da Nang' }), token: seller.token }));
      const menu = await kit.expectOk(await kit.api.post(`/v1/restaurants/${seller.id}/menus`, { body: kit.menu({ price_per_head: 850_000 }), token: seller.token }), 201);
      expect(menu).toMatchObject({ price_per_head: 850_000, currency: 'VND', active: true, position: 0 });

      // Changing to a country with another currency would reprice the menus: refused.
      const moved = await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: kit.completeProfile(), token: seller.token });
      expect(moved.status).toBe(400);
      expect(moved.body.details).toContainEqual({ field: 'country', message: 'validation.currencyLockedByMenus' });
    });

    it('validates menus naming the field', async () => {
      const seller = await kit.account('seller');
      await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: kit.completeProfile(), token: seller.token }));
      const cases: [Record<string, unknown>, string][] = [
        [{ max_guests: 5, min_guests: 10 }, 'max_guests'],
        [{ price_per_head: 12.5 }, 'price_per_head'],
        [{ price_per_head: -1 }, 'price_per_head'],
        [{ name: '  ' }, 'name'],
        [{ min_guests: 0 }, 'min_guests'],
      ];
      for (const [change, field] of cases) {
        const response = await kit.api.post(`/v1/restaurants/${seller.id}/menus`, { body: kit.menu(change), token: seller.token });
        expect(response.status, JSON.stringify(change)).toBe(400);
        expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
      }
      expect((await kit.api.get(`/v1/restaurants/${seller.id}/profile`, { token: seller.token })).body.menus).toEqual([]);
    });

    it('edits, deactivates and reorders menus', async () => {
      const seller = await kit.account('seller');
      await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: kit.completeProfile(), token: seller.token }));
      const ids: string[] = [];
      for (const name of ['Lunch', 'Dinner', 'Degustation']) {
        ids.push((await kit.expectOk(await kit.api.post(`/v1/restaurants/${seller.id}/menus`, { body: kit.menu({ name }), token: seller.token }), 201)).id);
      }
      const edited = await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/menus/${ids[1]}`, { body: kit.menu({ name: 'Dinner for groups', price_per_head: 9900, active: false }), token: seller.token }));
      expect(edited).toMatchObject({ name: 'Dinner for groups', price_per_head: 9900, active: false });

      const reordered = await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/menus/order`, { body: { menu_ids: [ids[2], ids[0], ids[1]] }, token: seller.token }));
      expect(reordered.data.map((menu: { name: string }) => menu.name)).toEqual(['Degustation', 'Lunch', 'Dinner for groups']);

      const partial = await kit.api.put(`/v1/restaurants/${seller.id}/menus/order`, { body: { menu_ids: [ids[0], ids[1]] }, token: seller.token });
      expect(partial.status).toBe(400);
      expect(partial.body.details).toContainEqual({ field: 'menu_ids', message: 'validation.menuSetMismatch' });
      const profile = await kit.expectOk(await kit.api.get(`/v1/restaurants/${seller.id}/profile`, { token: seller.token }));
      expect(profile.menus.map((menu: { name: string }) => menu.name)).toEqual(['Degustation', 'Lunch', 'Dinner for groups']);
    });
  });

  describe('publishing', () => {
    it('refuses an incomplete profile naming what is missing, then publishes a complete one', async () => {
      const seller = await kit.account('seller');
      await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: kit.completeProfile({ description: null, city: '' }), token: seller.token }));
      const refused = await kit.api.put(`/v1/restaurants/${seller.id}/published`, { body: { published: true }, token: seller.token });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('restaurants.incompleteProfile');
      expect(refused.body.details).toEqual([
        { field: 'description', message: 'validation.required' },
        { field: 'city', message: 'validation.required' },
        { field: 'menus', message: 'validation.atLeastOneActiveMenu' },
      ]);
      expect((await kit.api.get(`/v1/restaurants/${seller.id}/profile`, { token: seller.token })).body.published).toBe(false);

      const complete = kit.completeProfile();
      await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: complete, token: seller.token }));
      const menu = await kit.expectOk(await kit.api.post(`/v1/restaurants/${seller.id}/menus`, { body: kit.menu({ active: false }), token: seller.token }), 201);
      const inactiveOnly = await kit.api.put(`/v1/restaurants/${seller.id}/published`, { body: { published: true }, token: seller.token });
      expect(inactiveOnly.body.details).toEqual([{ field: 'menus', message: 'validation.atLeastOneActiveMenu' }]);

      await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/menus/${menu.id}`, { body: kit.menu({ active: true }), token: seller.token }));
      const published = await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/published`, { body: { published: true }, token: seller.token }));
      expect(published).toMatchObject({ published: true, missing_for_publish: [] });
      expect((await kit.api.get('/v1/me', { token: seller.token })).body.published).toBe(true);

      // A published profile stays complete: no clearing a required field, no deactivating the last menu.
      const cleared = await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: { ...complete, address: '' }, token: seller.token });
      expect(cleared.status).toBe(400);
      expect(cleared.body.details).toEqual([{ field: 'address', message: 'validation.required' }]);
      const lastMenu = await kit.api.put(`/v1/restaurants/${seller.id}/menus/${menu.id}`, { body: kit.menu({ active: false }), token: seller.token });
      expect(lastMenu.status).toBe(400);
      expect(lastMenu.body.code).toBe('restaurants.lastActiveMenu');

      expect((await kit.api.get(`/v1/restaurants/by-slug/${complete.slug}`)).status).toBe(200);
      const unpublished = await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/published`, { body: { published: false }, token: seller.token }));
      expect(unpublished.published).toBe(false);
      expect((await kit.api.get(`/v1/restaurants/by-slug/${complete.slug}`)).status).toBe(404);
    });
  });

  describe('photos', () => {
    it('accepts JPEG, PNG and WebP, stores a resized WebP and a thumbnail, and deletes them', async () => {
      const seller = await kit.account('seller');
      for (const format of ['jpeg', 'png', 'webp'] as const) {
        const response = await kit.upload({ restaurantId: seller.id, token: seller.token, content: await testImage({ format }), filename: `dining-room.${format}`, type: `image/${format}` });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        expect(response.body).toMatchObject({ width: 1600, height: 800 });
        const stored = await fetch(new URL(response.body.url, testApp.baseUrl));
        expect(stored.status).toBe(200);
        const metadata = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 });
        const thumbnail = await sharp(Buffer.from(await (await fetch(new URL(response.body.thumbnail_url, testApp.baseUrl))).arrayBuffer())).metadata();
        expect(thumbnail).toMatchObject({ format: 'webp', width: 480, height: 360 });
      }
      const profile = await kit.expectOk(await kit.api.get(`/v1/restaurants/${seller.id}/profile`, { token: seller.token }));
      expect(profile.photos).toHaveLength(3);

      const [first] = profile.photos;
      expect((await kit.api.delete(`/v1/restaurants/${seller.id}/photos/${first.id}`, { token: seller.token })).status).toBe(204);
      expect((await fetch(new URL(first.url, testApp.baseUrl))).status).toBe(404);
      expect((await kit.api.get(`/v1/restaurants/${seller.id}/profile`, { token: seller.token })).body.photos).toHaveLength(2);
    });

    it('refuses a GIF, a text file disguised as an image, and anything over 5 MB', async () => {
      const seller = await kit.account('seller');
      const gif = await kit.upload({ restaurantId: seller.id, token: seller.token, content: await testImage({ format: 'gif', width: 40, height: 40 }), filename: 'anim.gif', type: 'image/gif' });
      expect(gif.status).toBe(415);
      expect(gif.body).toMatchObject({ code: 'uploads.unsupportedType', details: [{ field: 'photo', message: 'validation.unsupportedImageType' }] });
      const text = await kit.upload({ restaurantId: seller.id, token: seller.token, content: Buffer.from('not really a picture'), filename: 'photo.jpg', type: 'image/jpeg' });
      expect(text.status).toBe(415);
      const huge = await kit.upload({ restaurantId: seller.id, token: seller.token, content: randomBytes(5 * 1024 * 1024 + 10), filename: 'huge.jpg', type: 'image/jpeg' });
      expect(huge.status).toBe(413);
      expect(huge.body.code).toBe('uploads.tooLarge');
      expect((await kit.api.get(`/v1/restaurants/${seller.id}/profile`, { token: seller.token })).body.photos).toEqual([]);
    });

    it('lets no one else add or remove photos', async () => {
      const owner = await kit.account('seller');
      const stranger = await kit.account('seller');
      const photo = await kit.upload({ restaurantId: owner.id, token: owner.token, content: await testImage({ format: 'png', width: 300, height: 200 }), filename: 'a.png', type: 'image/png' });
      expect(photo.status).toBe(201);
      expect((await kit.upload({ restaurantId: owner.id, token: stranger.token, content: await testImage({ format: 'png', width: 300, height: 200 }), filename: 'b.png', type: 'image/png' })).status).toBe(403);
      expect((await kit.api.delete(`/v1/restaurants/${owner.id}/photos/${photo.body.id}`, { token: stranger.token })).status).toBe(403);
      expect((await kit.api.delete(`/v1/restaurants/${stranger.id}/photos/${photo.body.id}`, { token: stranger.token })).status).toBe(404);
      expect((await kit.api.get(`/v1/restaurants/${owner.id}/profile`, { token: owner.token })).body.photos).toHaveLength(1);
    });
  });

  describe('hosting preferences', () => {
    const prefs = {
      weekdays: ['sunday', 'friday', 'saturday'],
      service_start: '17:30',
      service_end: '23:00',
      min_guests: 20,
      max_guests: 80,
      notice_days: 21,
      regions: ['Victoria', 'Worldwide'],
      cause_categories: ['hunger', 'education'],
    };

    it('shows defaults until saved, then the saved values (weekdays Monday to Sunday)', async () => {
      const seller = await kit.account('seller');
      await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/profile`, { body: kit.completeProfile({ region: 'Victoria' }), token: seller.token }));
      const defaults = await kit.expectOk(await kit.api.get(`/v1/restaurants/${seller.id}/hosting-preferences`, { token: seller.token }));
      expect(defaults).toMatchObject({ saved: false, regions: ['Victoria'], weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] });
      const saved = await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/hosting-preferences`, { body: prefs, token: seller.token }));
      expect(saved).toMatchObject({ ...prefs, weekdays: ['friday', 'saturday', 'sunday'], saved: true });
      expect(await kit.expectOk(await kit.api.get(`/v1/restaurants/${seller.id}/hosting-preferences`, { token: seller.token }))).toEqual(saved);
    });

    it('validates naming the field and changes nothing', async () => {
      const seller = await kit.account('seller');
      await kit.expectOk(await kit.api.put(`/v1/restaurants/${seller.id}/hosting-preferences`, { body: prefs, token: seller.token }));
      const cases: [Record<string, unknown>, string][] = [
        [{ weekdays: ['funday'] }, 'weekdays.0'],
        [{ service_start: '25:00' }, 'service_start'],
        [{ min_guests: 50, max_guests: 10 }, 'max_guests'],
        [{ regions: ['Mars'] }, 'regions.0'],
        [{ cause_categories: ['crypto'] }, 'cause_categories.0'],
        [{ notice_days: -1 }, 'notice_days'],
      ];
      for (const [change, field] of cases) {
        const response = await kit.api.put(`/v1/restaurants/${seller.id}/hosting-preferences`, { body: { ...prefs, ...change }, token: seller.token });
        expect(response.status, JSON.stringify(change)).toBe(400);
        expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
      }
      expect((await kit.api.get(`/v1/restaurants/${seller.id}/hosting-preferences`, { token: seller.token })).body.min_guests).toBe(20);
    });
  });

  describe('client preferences', () => {
    it('keeps a client’s defaults, and only for clients', async () => {
      const client = await kit.account('user');
      expect(await kit.expectOk(await kit.api.get('/v1/me/client-preferences', { token: client.token }))).toEqual({ region: null, party_size: null, dietary_needs: [], dietary_notes: null });
      const input = { region: 'Queensland', party_size: 24, dietary_needs: ['vegan', 'halal'], dietary_notes: 'Two children' };
      expect(await kit.expectOk(await kit.api.put('/v1/me/client-preferences', { body: input, token: client.token }))).toEqual(input);
      expect((await kit.api.get('/v1/me/client-preferences', { token: client.token })).body).toEqual(input);

      const bad = await kit.api.put('/v1/me/client-preferences', { body: { ...input, party_size: 0 }, token: client.token });
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].field).toBe('party_size');
      const seller = await kit.account('seller');
      expect((await kit.api.get('/v1/me/client-preferences', { token: seller.token })).status).toBe(403);
      expect((await kit.api.get('/v1/me/client-preferences')).status).toBe(401);
    });
  });
});

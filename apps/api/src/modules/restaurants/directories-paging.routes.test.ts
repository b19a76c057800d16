import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { causes, restaurantProfiles, users } from '../../db/schema/index.ts';

/**
 * Both public directories read a page in the back half of the list from the other end of the index (docs/decisions/0030-page-numbered-lists.md): paging through the whole list, in every sort, must still give every published row exactly once, in order,
 * with ties on the sort key (same time, same name in another case) broken by id across the turning point.
 */
const ROWS = 23;
const LIMIT = 5;
const SORTS = ['created_at:desc', 'created_at:asc', 'name:asc', 'name:desc'] as const;

describe('directories: paging through every page', () => {
  const publishedCauses = new Set<string>();
  const publishedRestaurants = new Set<string>();

  const testApp = useTestApp();
  const { api } = testApp;
  beforeAll(async () => {
    const db = testApp.database.db;
    const base = Date.UTC(2026, 0, 1);
    // Every third row shares its time with the next; names repeat in other letter cases; every seventh is a draft.
    const name = (n: number) => (n % 4 === 0 ? 'Same Name' : n % 4 === 1 ? 'same name' : `Name ${String(n).padStart(2, '0')}`);
    const createdAt = (n: number) => new Date(base + Math.floor(n / 2) * 60_000);
    const published = (n: number) => n % 7 !== 3;

    const [owner] = await db.insert(users).values({ email: 'paging-cause@example.com', role: 'cause', firstName: 'Paging', lastName: 'Owner' }).returning({ id: users.id });
    const causeRows = await db
      .insert(causes)
      .values(Array.from({ length: ROWS }, (_, n) => ({ ownerId: owner!.id, name: name(n), slug: `paging-cause-${n}`, category: 'health' as const, story: 'A story.', searchText: 'a story', published: published(n), createdAt: createdAt(n) })))
      .returning({ id: causes.id, published: causes.published });
    for (const row of causeRows) if (row.published) publishedCauses.add(row.id);

    const sellers = await db
      .insert(users)
      .values(Array.from({ length: ROWS }, (_, n) => ({ email: `paging-seller-${n}@example.com`, role: 'seller' as const, firstName: 'Paging', lastName: `Seller ${n}`, published: true })))
      .returning({ id: users.id });
    await db.insert(restaurantProfiles).values(
      sellers.map(({ id }, n) => ({
        restaurantId: id,
        name: name(n),
        slug: `paging-restaurant-${n}`,
        description: 'A restaurant.',
        cuisine: 'italian' as const,
        address: `${n} Paging Street`,
        city: 'Melbourne',
        region: 'Victoria' as const,
        country: 'AU',
        currency: 'AUD',
        timezone: 'Australia/Melbourne',
        published: published(n),
        searchText: 'paging',
        createdAt: createdAt(n),
      })),
    );
    sellers.forEach(({ id }, n) => published(n) && publishedRestaurants.add(id));
  });

  async function pageThrough(path: string, sortBy: string) {
    const first = await api.get(`${path}?limit=${LIMIT}&sortBy=${sortBy}`);
    expect(first.status).toBe(200);
    const { totalPages, totalResults } = first.body as { totalPages: number; totalResults: number };
    const ids: string[] = [];
    const keys: { name: string; created_at: string }[] = [];
    for (let page = 1; page <= totalPages + 1; page++) {
      const response = await api.get(`${path}?limit=${LIMIT}&sortBy=${sortBy}&page=${page}`);
      expect(response.status).toBe(200);
      const body = response.body as { data: { id: string; name: string; created_at: string }[]; page: number; limit: number; totalPages: number; totalResults: number };
      expect({ page: body.page, limit: body.limit, totalPages: body.totalPages, totalResults: body.totalResults }).toEqual({ page, limit: LIMIT, totalPages, totalResults });
      expect(body.data.length).toBe(page < totalPages ? LIMIT : page === totalPages ? totalResults - LIMIT * (totalPages - 1) : 0);
      ids.push(...body.data.map((row) => row.id));
      keys.push(...body.data.map((row) => ({ name: row.name, created_at: row.created_at })));
    }
    return { ids, keys, totalResults };
  }

  const inOrder = (keys: { name: string; created_at: string }[], sortBy: string) => {
    const [field, direction] = sortBy.split(':') as ['name' | 'created_at', 'asc' | 'desc'];
    const value = (key: { name: string; created_at: string }) => (field === 'name' ? key.name.toLowerCase() : key.created_at);
    return keys.every((key, i) => i === 0 || (direction === 'asc' ? value(keys[i - 1]!) <= value(key) : value(keys[i - 1]!) >= value(key)));
  };

  it.each(SORTS)('GET /v1/causes sorted %s gives every published cause once, in order', async (sortBy) => {
    const { ids, keys, totalResults } = await pageThrough('/v1/causes', sortBy);
    expect(totalResults).toBe(publishedCauses.size);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(publishedCauses);
    expect(inOrder(keys, sortBy)).toBe(true);
  });

  it.each(SORTS)('GET /v1/restaurants sorted %s gives every published restaurant once, in order', async (sortBy) => {
    const { ids, keys, totalResults } = await pageThrough('/v1/restaurants', sortBy);
    expect(totalResults).toBe(publishedRestaurants.size);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(publishedRestaurants);
    expect(inOrder(keys, sortBy)).toBe(true);
  });

  it('gives the same rows on a back-half page as OFFSET from the front would (ties broken by id both ways)', async () => {
    for (const sortBy of SORTS) {
      const all = await api.get(`/v1/causes?limit=100&sortBy=${sortBy}`);
      const expected = (all.body as { data: { id: string }[] }).data.map((row) => row.id);
      const { ids } = await pageThrough('/v1/causes', sortBy);
      expect(ids).toEqual(expected);
      const restaurantsAll = await api.get(`/v1/restaurants?limit=100&sortBy=${sortBy}`);
      const restaurantIds = (restaurantsAll.body as { data: { id: string }[] }).data.map((row) => row.id);
      expect((await pageThrough('/v1/restaurants', sortBy)).ids).toEqual(restaurantIds);
    }
  });
});

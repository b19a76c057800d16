import { and, asc, count, desc, eq, isNull, max, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { directoryOrder, pageWindow } from '../../db/directory-order.ts';
import { preparedQuery, preparedQueryByShape } from '../../db/prepared-query.ts';
import { prefixTsQuery } from '../../lib/search-words.ts';
import {
  clientPreferences,
  hostingPreferences,
  menus,
  restaurantPhotos,
  restaurantProfiles,
  users,
  type ClientPreferencesRow,
  type HostingPreferencesRow,
  type MenuRow,
  type NewMenuRow,
  type NewRestaurantProfileRow,
  type RestaurantPhotoRow,
  type RestaurantProfileRow,
} from '../../db/schema/index.ts';

// ---------------------------------------------------------------- profile

export async function findRestaurantUser(db: Executor, restaurantId: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(and(eq(users.id, restaurantId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findProfile(db: Executor, restaurantId: string): Promise<RestaurantProfileRow | undefined> {
  const [row] = await db.select().from(restaurantProfiles).where(eq(restaurantProfiles.restaurantId, restaurantId)).limit(1);
  return row;
}

export async function isSlugTaken(db: Executor, { slug, exceptRestaurantId }: { slug: string; exceptRestaurantId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: restaurantProfiles.restaurantId })
    .from(restaurantProfiles)
    .where(and(eq(restaurantProfiles.slug, slug), ne(restaurantProfiles.restaurantId, exceptRestaurantId)))
    .limit(1);
  return row !== undefined;
}

export async function upsertProfile(db: Executor, values: NewRestaurantProfileRow): Promise<RestaurantProfileRow> {
  const { restaurantId: _key, createdAt: _created, ...changes } = values;
  const [row] = await db
    .insert(restaurantProfiles)
    .values(values)
    .onConflictDoUpdate({ target: restaurantProfiles.restaurantId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Keeps the user's own `name` and `published` (docs/product.md, Entities: "Guest user") in step with the profile. */
export async function syncRestaurantUser(db: Executor, { restaurantId, values }: { restaurantId: string; values: { name?: string; published?: boolean } }) {
  if (values.name === undefined && values.published === undefined) return;
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, restaurantId));
}

// ---------------------------------------------------------------- menus

// A restaurant's public page reads its menus, photos and hosting days on every visit: built once, then only executed.
const menusQuery = (activeOnly: boolean, name: string) =>
  preparedQuery((db) =>
    db
      .select()
      .from(menus)
      .where(and(eq(menus.restaurantId, sql.placeholder('restaurantId')), activeOnly ? eq(menus.active, true) : undefined))
      .orderBy(asc(menus.position), asc(menus.createdAt))
      .prepare(name),
  );
const allMenusQuery = menusQuery(false, 'restaurants_menus');
const activeMenusQuery = menusQuery(true, 'restaurants_active_menus');

export async function listMenus(db: Executor, { restaurantId, activeOnly }: { restaurantId: string; activeOnly?: boolean }): Promise<MenuRow[]> {
  return (activeOnly ? activeMenusQuery : allMenusQuery)(db).execute({ restaurantId });
}

export async function findMenu(db: Executor, { restaurantId, menuId }: { restaurantId: string; menuId: string }): Promise<MenuRow | undefined> {
  const [row] = await db
    .select()
    .from(menus)
    .where(and(eq(menus.id, menuId), eq(menus.restaurantId, restaurantId)))
    .limit(1);
  return row;
}

export async function nextMenuPosition(db: Executor, restaurantId: string): Promise<number> {
  const [row] = await db.select({ last: max(menus.position) }).from(menus).where(eq(menus.restaurantId, restaurantId));
  return (row?.last ?? -1) + 1;
}

export async function insertMenu(db: Executor, values: NewMenuRow): Promise<MenuRow> {
  const [row] = await db.insert(menus).values(values).returning();
  return row!;
}

export async function updateMenu(db: Executor, { menuId, values }: { menuId: string; values: Partial<NewMenuRow> }): Promise<MenuRow> {
  const [row] = await db
    .update(menus)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(menus.id, menuId))
    .returning();
  return row!;
}

export async function setMenuPosition(db: Executor, { menuId, position }: { menuId: string; position: number }) {
  await db.update(menus).set({ position, updatedAt: new Date() }).where(eq(menus.id, menuId));
}

// ---------------------------------------------------------------- photos

const photosQuery = preparedQuery((db) =>
  db
    .select()
    .from(restaurantPhotos)
    .where(eq(restaurantPhotos.restaurantId, sql.placeholder('restaurantId')))
    .orderBy(asc(restaurantPhotos.position), asc(restaurantPhotos.createdAt))
    .prepare('restaurants_photos'),
);

export async function listPhotos(db: Executor, restaurantId: string): Promise<RestaurantPhotoRow[]> {
  return photosQuery(db).execute({ restaurantId });
}

export async function countPhotos(db: Executor, restaurantId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(restaurantPhotos).where(eq(restaurantPhotos.restaurantId, restaurantId));
  return row?.total ?? 0;
}

export async function nextPhotoPosition(db: Executor, restaurantId: string): Promise<number> {
  const [row] = await db.select({ last: max(restaurantPhotos.position) }).from(restaurantPhotos).where(eq(restaurantPhotos.restaurantId, restaurantId));
  return (row?.last ?? -1) + 1;
}

export async function insertPhoto(db: Executor, values: typeof restaurantPhotos.$inferInsert): Promise<RestaurantPhotoRow> {
  const [row] = await db.insert(restaurantPhotos).values(values).returning();
  return row!;
}

export async function deletePhoto(db: Executor, { restaurantId, photoId }: { restaurantId: string; photoId: string }): Promise<RestaurantPhotoRow | undefined> {
  const [row] = await db
    .delete(restaurantPhotos)
    .where(and(eq(restaurantPhotos.id, photoId), eq(restaurantPhotos.restaurantId, restaurantId)))
    .returning();
  return row;
}

// ---------------------------------------------------------------- preferences

const hostingPreferencesQuery = preparedQuery((db) =>
  db.select().from(hostingPreferences).where(eq(hostingPreferences.restaurantId, sql.placeholder('restaurantId'))).limit(1).prepare('restaurants_hosting_preferences'),
);

export async function findHostingPreferences(db: Executor, restaurantId: string): Promise<HostingPreferencesRow | undefined> {
  const [row] = await hostingPreferencesQuery(db).execute({ restaurantId });
  return row;
}

export async function upsertHostingPreferences(db: Executor, values: typeof hostingPreferences.$inferInsert): Promise<HostingPreferencesRow> {
  const { restaurantId: _key, ...changes } = values;
  const [row] = await db
    .insert(hostingPreferences)
    .values(values)
    .onConflictDoUpdate({ target: hostingPreferences.restaurantId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function findClientPreferences(db: Executor, userId: string): Promise<ClientPreferencesRow | undefined> {
  const [row] = await db.select().from(clientPreferences).where(eq(clientPreferences.userId, userId)).limit(1);
  return row;
}

export async function upsertClientPreferences(db: Executor, values: typeof clientPreferences.$inferInsert): Promise<ClientPreferencesRow> {
  const { userId: _key, ...changes } = values;
  const [row] = await db
    .insert(clientPreferences)
    .values(values)
    .onConflictDoUpdate({ target: clientPreferences.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

// ---------------------------------------------------------------- public directory and page

export type DirectoryFilters = {
  /** Lower-cased, accent-free words, each matched as a word prefix. */
  searchWords: string[];
  region?: string;
  /** A city of one country (Da Nang, whose restaurants' region is Worldwide), its name matched case-insensitively. */
  place?: { country: string; city: string };
  cuisine?: string;
  guests?: number;
};

/** What the directory's SQL text depends on; the filters' values go in as placeholders. */
type DirectoryFilterShape = { region: boolean; place: boolean; cuisine: boolean; search: boolean; guests: boolean };
const filterShapeName = (shape: DirectoryFilterShape) =>
  `${Number(shape.region)}${Number(shape.place)}${Number(shape.cuisine)}${Number(shape.search)}${Number(shape.guests)}`;

function directoryWhere(shape: DirectoryFilterShape): SQL | undefined {
  const conditions: SQL[] = [eq(restaurantProfiles.published, true), isNull(users.deletedAt)];
  if (shape.region) conditions.push(sql`${restaurantProfiles.region} = ${sql.placeholder('region')}`);
  if (shape.place) {
    conditions.push(sql`${restaurantProfiles.country} = ${sql.placeholder('country')} and lower(${restaurantProfiles.city}) = lower(${sql.placeholder('city')})`);
  }
  if (shape.cuisine) conditions.push(sql`${restaurantProfiles.cuisine} = ${sql.placeholder('cuisine')}`);
  if (shape.search) conditions.push(sql`to_tsvector('simple', ${restaurantProfiles.searchText}) @@ to_tsquery('simple', ${sql.placeholder('tsQuery')})`);
  if (shape.guests) {
    const guests = sql`${sql.placeholder('guests')}::int`;
    conditions.push(
      sql`exists (select 1 from ${menus} where ${menus.restaurantId} = ${restaurantProfiles.restaurantId} and ${menus.active} and ${menus.minGuests} <= ${guests} and ${menus.maxGuests} >= ${guests})`,
    );
  }
  return and(...conditions);
}

/** A directory row: the profile, its active menus' lowest price and guest range, and its cover (first) photo. */
export type DirectoryEntry = {
  profile: RestaurantProfileRow;
  priceFrom: number | null;
  minGuests: number | null;
  maxGuests: number | null;
  cover: { storageKey: string; thumbnailKey: string } | null;
};

/**
 * One page of the public directory and the number of all matches, in one query: the page's ids are picked first
 * (the directory index gives them in order, so the last page costs no more than the others beyond the skipped ids),
 * then only those rows get their menus' summary and cover photo; the count is an uncorrelated subquery PostgreSQL
 * runs once. A page past the end has no row to carry the count, so only then is it asked separately.
 */
type DirectoryPageShape = DirectoryFilterShape & { sort: DirectorySort; backward: boolean; counted: boolean };
type DirectorySort = { field: 'created_at' | 'name'; direction: 'asc' | 'desc' };

const directoryCountQuery = preparedQueryByShape(
  (shape: DirectoryFilterShape) => `restaurants_count_${filterShapeName(shape)}`,
  (db, shape, name) => db.select({ total: count() }).from(restaurantProfiles).innerJoin(users, eq(users.id, restaurantProfiles.restaurantId)).where(directoryWhere(shape)).prepare(name),
);

/**
 * The page: its ids are picked first (the directory index gives them in order, so the last page costs no more than
 * the others beyond the skipped ids), then only those rows get their menus' summary and cover photo. `counted`: the
 * number of all matches rides along as an uncorrelated subquery PostgreSQL runs once; otherwise it is the `total`
 * placeholder (known from a count before).
 */
const directoryPageQuery = preparedQueryByShape(
  (shape: DirectoryPageShape) =>
    `restaurants_page_${filterShapeName(shape)}_${shape.sort.field}_${shape.sort.direction}${shape.backward ? '_back' : ''}${shape.counted ? '_counted' : ''}`,
  (db, shape, name) => {
    const where = directoryWhere(shape);
    const order = directoryOrder({ key: shape.sort.field === 'name' ? sql`lower(${restaurantProfiles.name})` : restaurantProfiles.createdAt, id: restaurantProfiles.restaurantId, direction: shape.sort.direction, backward: shape.backward }
    );
    const page = db
      .select({ id: sql<string>`${restaurantProfiles.restaurantId}`.as('page_id'), position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position') })
      .from(restaurantProfiles)
      .innerJoin(users, eq(users.id, restaurantProfiles.restaurantId))
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    const matching = db.select({ total: count() }).from(restaurantProfiles).innerJoin(users, eq(users.id, restaurantProfiles.restaurantId)).where(where);
    const activeMenus = sql`${menus} where ${menus.restaurantId} = ${restaurantProfiles.restaurantId} and ${menus.active}`;
    const coverPhoto = (column: typeof restaurantPhotos.storageKey | typeof restaurantPhotos.thumbnailKey) =>
      sql<string | null>`(select ${column} from ${restaurantPhotos} where ${restaurantPhotos.restaurantId} = ${restaurantProfiles.restaurantId} order by ${restaurantPhotos.position}, ${restaurantPhotos.createdAt} limit 1)`;
    return db
      .select({
        profile: restaurantProfiles,
        total: shape.counted ? sql<number>`(${matching})`.mapWith(Number) : sql<number>`${sql.placeholder('total')}::int`.mapWith(Number),
        priceFrom: sql<number | null>`(select min(${menus.pricePerHead}) from ${activeMenus})`,
        minGuests: sql<number | null>`(select min(${menus.minGuests}) from ${activeMenus})`,
        maxGuests: sql<number | null>`(select max(${menus.maxGuests}) from ${activeMenus})`,
        coverStorageKey: coverPhoto(restaurantPhotos.storageKey),
        coverThumbnailKey: coverPhoto(restaurantPhotos.thumbnailKey),
      })
      .from(page)
      .innerJoin(restaurantProfiles, eq(restaurantProfiles.restaurantId, page.id))
      .orderBy(shape.backward ? desc(page.position) : page.position)
      .prepare(name);
  },
);

/**
 * One page of the public directory and the number of all matches. The first page carries its count in the same
 * query; a later page counts first, so that a page in the back half is read from the other end of the index
 * (`pageWindow`) instead of an OFFSET past every row before it. Prepared statements per shape
 * (`preparedQueryByShape`): the directory is among the most requested reads.
 */
export async function listPublishedProfiles(
  db: Executor,
  options: { filters: DirectoryFilters; sort: DirectorySort; limit: number; offset: number },
): Promise<{ rows: DirectoryEntry[]; total: number }> {
  const { filters } = options;
  const tsQuery = prefixTsQuery(filters.searchWords);
  const shape = { region: Boolean(filters.region), place: Boolean(filters.place), cuisine: Boolean(filters.cuisine), search: tsQuery !== undefined, guests: filters.guests !== undefined };
  const values = { region: filters.region, country: filters.place?.country, city: filters.place?.city, cuisine: filters.cuisine, tsQuery, guests: filters.guests };
  let known: number | undefined;
  let window = { offset: options.offset, limit: options.limit, backward: false };
  if (options.offset > 0) {
    known = (await directoryCountQuery(db, shape).execute(values))[0]?.total ?? 0;
    const readable = pageWindow({ offset: options.offset, limit: options.limit, total: known });
    if (!readable) return { rows: [], total: known };
    window = readable;
  }
  const rows = await directoryPageQuery(db, { ...shape, sort: options.sort, backward: window.backward, counted: known === undefined }).execute({
    ...values,
    limit: window.limit,
    offset: window.offset,
    total: known,
  });
  const total = known ?? rows[0]?.total ?? 0;
  return {
    rows: rows.map((row) => ({
      profile: row.profile,
      priceFrom: row.priceFrom,
      minGuests: row.minGuests,
      maxGuests: row.maxGuests,
      cover: row.coverStorageKey !== null && row.coverThumbnailKey !== null ? { storageKey: row.coverStorageKey, thumbnailKey: row.coverThumbnailKey } : null,
    })),
    total,
  };
}

const publishedProfileBySlugQuery = preparedQuery((db) =>
  db
    .select({ profile: restaurantProfiles })
    .from(restaurantProfiles)
    .innerJoin(users, eq(users.id, restaurantProfiles.restaurantId))
    .where(and(eq(restaurantProfiles.slug, sql.placeholder('slug')), eq(restaurantProfiles.published, true), isNull(users.deletedAt)))
    .limit(1)
    .prepare('restaurants_published_by_slug'),
);

export async function findPublishedProfileBySlug(db: Executor, slug: string): Promise<RestaurantProfileRow | undefined> {
  const [row] = await publishedProfileBySlugQuery(db).execute({ slug });
  return row?.profile;
}

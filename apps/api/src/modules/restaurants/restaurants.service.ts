import {
  missingForPublish,
  defaultRestaurantTimeZone,
  MAX_RESTAURANT_PHOTOS,
  SPECIAL_CITY_DA_NANG,
  WEEKDAYS,
  type ClientPreferences,
  type HostingPreferences,
  type Menu,
  type PagedList,
  type PublicRestaurant,
  type RestaurantListItem,
  type RestaurantPhoto,
  type RestaurantProfile,
} from '@goodtable/shared';
import type { z } from 'zod';
import type {
  clientPreferencesInputSchema,
  hostingPreferencesInputSchema,
  menuInputSchema,
  menuOrderInputSchema,
  restaurantDirectoryQuerySchema,
  restaurantProfileInputSchema,
} from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { HostingPreferencesRow, MenuRow, RestaurantPhotoRow, RestaurantProfileRow } from '../../db/schema/index.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { DomainError, notAllowed, notFound } from '../../lib/domain-errors.ts';
import { searchWords } from '../../lib/search-words.ts';
import type { ServiceContext, SignedInContext, Viewer } from '../../lib/service-context.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { assertCanActForRestaurant } from '../managers/managers.service.ts';
import { findCountry } from '../../lib/countries.ts';
import { newPhotoKeys, processPhoto } from './restaurant-photo-files.ts';
import * as repository from './restaurants.repository.ts';

/** Photo sizes, for the demo data's pictures. */
export { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from './restaurant-photo-files.ts';

/** What restaurants' calls need besides the service context: where photos are stored. */
export type RestaurantsDeps = { storage: FileStorage };
export type RestaurantsContext = ServiceContext & RestaurantsDeps;
/** A signed-in call: the restaurant itself or a manager that runs it (assertRestaurantAccess), or a client's own defaults. */
type SignedInRestaurantsContext = SignedInContext & RestaurantsDeps;

type ProfileValues = z.output<typeof restaurantProfileInputSchema>;
type MenuValues = z.output<typeof menuInputSchema>;
type HostingValues = z.output<typeof hostingPreferencesInputSchema>;
type ClientValues = z.output<typeof clientPreferencesInputSchema>;
type DirectoryQuery = z.output<typeof restaurantDirectoryQuerySchema>;

function searchTextOf(values: Pick<ProfileValues, 'name' | 'city' | 'cuisine' | 'region'>): string {
  return searchWords([values.name, values.city, values.cuisine, values.region].filter(Boolean).join(' ')).join(' ');
}

// ---------------------------------------------------------------- presenting

const presentPhoto = (storage: FileStorage, row: RestaurantPhotoRow): RestaurantPhoto => ({
  id: row.id,
  url: storage.publicUrl(row.storageKey),
  thumbnail_url: storage.publicUrl(row.thumbnailKey),
  width: row.width,
  height: row.height,
});

const presentMenu = (row: MenuRow): Menu => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price_per_head: row.pricePerHead,
  currency: row.currency,
  min_guests: row.minGuests,
  max_guests: row.maxGuests,
  position: row.position,
  active: row.active,
});

function presentProfile(
  storage: FileStorage,
  { restaurantId, profile, fallbackName, menuRows, photoRows }: { restaurantId: string; profile: RestaurantProfileRow | undefined; fallbackName: string | null; menuRows: MenuRow[]; photoRows: RestaurantPhotoRow[] },
): RestaurantProfile {
  const fields = {
    name: profile ? profile.name : fallbackName,
    slug: profile?.slug ?? null,
    description: profile?.description ?? null,
    cuisine: profile?.cuisine ?? null,
    address: profile?.address ?? null,
    city: profile?.city ?? null,
    region: profile?.region ?? null,
    country: profile?.country ?? null,
  };
  return {
    id: restaurantId,
    ...fields,
    currency: profile?.currency ?? null,
    timezone: profile?.timezone ?? null,
    published: profile?.published ?? false,
    photos: photoRows.map((row) => presentPhoto(storage, row)),
    menus: menuRows.map(presentMenu),
    missing_for_publish: missingForPublish({ ...fields, menus: menuRows }),
    updated_at: profile?.updatedAt.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------- access

/** The restaurant the viewer acts for: it must be a live seller the viewer is, or runs as manager. */
async function assertRestaurantAccess(db: Executor, { viewer, restaurantId }: { viewer: Viewer; restaurantId: string }) {
  if (viewer.role !== 'seller' && viewer.role !== 'manager') throw notAllowed('Only restaurants and their managers can do this', 'restaurants.notManaged');
  await assertCanActForRestaurant({ db, viewer }, restaurantId);
  const user = await repository.findRestaurantUser(db, restaurantId);
  if (!user || user.role !== 'seller') throw notFound('No such restaurant', 'restaurants.notFound');
  return user;
}

// ---------------------------------------------------------------- profile

export async function getRestaurantProfile({ db, storage, viewer }: SignedInRestaurantsContext, restaurantId: string): Promise<RestaurantProfile> {
  const user = await assertRestaurantAccess(db, { viewer, restaurantId });
  const [profile, menuRows, photoRows] = await Promise.all([
    repository.findProfile(db, restaurantId),
    repository.listMenus(db, { restaurantId }),
    repository.listPhotos(db, restaurantId),
  ]);
  return presentProfile(storage, { restaurantId, profile, fallbackName: user.name, menuRows, photoRows });
}

const slugTaken = () => new DomainError('conflict', { message: 'Another restaurant already uses this address', code: 'restaurants.slugTaken', details: [{ field: 'slug', message: 'validation.slugTaken' }] });

function missingDetails(missing: string[]) {
  return missing.map((field) => ({ field, message: field === 'menus' ? 'validation.atLeastOneActiveMenu' : 'validation.required' }));
}

/** Saves the profile's fields. Currency and time zone follow the country; a published profile must stay complete. */
export async function updateRestaurantProfile({ db, storage, viewer }: SignedInRestaurantsContext, { restaurantId, input }: { restaurantId: string; input: ProfileValues }): Promise<RestaurantProfile> {
  await assertRestaurantAccess(db, { viewer, restaurantId });
  let currency: string | null = null;
  let timezone: string | null = input.timezone;
  if (input.country) {
    const country = findCountry(input.country);
    if (!country) throw new DomainError('invalid', { message: 'Unknown country', code: 'validation.failed', details: [{ field: 'country', message: 'validation.invalidCountry' }] });
    currency = country.currency;
    const zones = country.timezones.map((zone) => zone.zoneName);
    if (timezone && !zones.includes(timezone)) {
      throw new DomainError('invalid', { message: `The time zone is not one of ${country.name}'s`, code: 'validation.failed', details: [{ field: 'timezone', message: 'validation.timeZoneNotInCountry' }] });
    }
    timezone ??= defaultRestaurantTimeZone(input.region, zones) ?? null;
  }
  if (input.slug && (await repository.isSlugTaken(db, { slug: input.slug, exceptRestaurantId: restaurantId }))) throw slugTaken();

  try {
    return await db.transaction(async (tx) => {
      // One connection per transaction: its queries run one after another (node-postgres does not pipeline them).
      const current = await repository.findProfile(tx, restaurantId);
      const menuRows = await repository.listMenus(tx, { restaurantId });
      if (menuRows.length > 0 && currency !== null && menuRows.some((menu) => menu.currency !== currency)) {
        throw new DomainError('invalid', { message: 'Menus are priced in another currency: this country would change it', code: 'restaurants.currencyLockedByMenus', details: [
          { field: 'country', message: 'validation.currencyLockedByMenus' },
        ] });
      }
      if (menuRows.length > 0 && currency === null) {
        throw new DomainError('invalid', { message: 'A restaurant with menus needs its country (the menus’ currency)', code: 'restaurants.currencyLockedByMenus', details: [
          { field: 'country', message: 'validation.required' },
        ] });
      }
      if (current?.published) {
        const missing = missingForPublish({ ...input, menus: menuRows });
        if (missing.length > 0) {
          throw new DomainError('invalid', { message: `A published profile must stay complete: ${missing.join(', ')} missing`, code: 'restaurants.incompleteProfile', details: missingDetails(missing) });
        }
      }
      const profile = await repository.upsertProfile(tx, {
        restaurantId,
        name: input.name,
        slug: input.slug,
        description: input.description,
        cuisine: input.cuisine,
        address: input.address,
        city: input.city,
        region: input.region,
        country: input.country,
        currency,
        timezone,
        searchText: searchTextOf(input),
      });
      if (input.name) await repository.syncRestaurantUser(tx, { restaurantId, values: { name: input.name } });
      const photoRows = await repository.listPhotos(tx, restaurantId);
      return presentProfile(storage, { restaurantId, profile, fallbackName: null, menuRows, photoRows });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Publishes (needs every required field and an active menu; 400 naming what is missing) or unpublishes. */
export async function setRestaurantPublished(ctx: SignedInRestaurantsContext, { restaurantId, published }: { restaurantId: string; published: boolean }): Promise<RestaurantProfile> {
  const { db, viewer } = ctx;
  const user = await assertRestaurantAccess(db, { viewer, restaurantId });
  await db.transaction(async (tx) => {
    // One connection per transaction: its queries run one after another (node-postgres does not pipeline them).
    const current = await repository.findProfile(tx, restaurantId);
    const menuRows = await repository.listMenus(tx, { restaurantId });
    if (published) {
      const missing = missingForPublish({ ...(current ?? { name: user.name }), menus: menuRows });
      if (missing.length > 0) {
        throw new DomainError('invalid', { message: `Complete the profile before publishing: ${missing.join(', ')} missing`, code: 'restaurants.incompleteProfile', details: missingDetails(missing) });
      }
    }
    await repository.upsertProfile(tx, { restaurantId, ...(current ? {} : { name: user.name }), published });
    await repository.syncRestaurantUser(tx, { restaurantId, values: { published } });
  });
  return getRestaurantProfile(ctx, restaurantId);
}

// ---------------------------------------------------------------- menus

async function restaurantCurrency(db: Executor, restaurantId: string): Promise<string> {
  const profile = await repository.findProfile(db, restaurantId);
  if (!profile?.currency) {
    throw new DomainError('invalid', { message: 'Choose the restaurant’s country first: menu prices are in its currency', code: 'restaurants.countryFirst', details: [
      { field: 'country', message: 'validation.countryBeforeMenus' },
    ] });
  }
  return profile.currency;
}

export async function createMenu({ db, viewer }: SignedInRestaurantsContext, { restaurantId, input }: { restaurantId: string; input: MenuValues }): Promise<Menu> {
  await assertRestaurantAccess(db, { viewer, restaurantId });
  return db.transaction(async (tx) => {
    const currency = await restaurantCurrency(tx, restaurantId);
    const row = await repository.insertMenu(tx, {
      restaurantId,
      name: input.name,
      description: input.description,
      pricePerHead: input.price_per_head,
      currency,
      minGuests: input.min_guests,
      maxGuests: input.max_guests,
      active: input.active,
      position: await repository.nextMenuPosition(tx, restaurantId),
    });
    return presentMenu(row);
  });
}

export async function updateMenu({ db, viewer }: SignedInRestaurantsContext, { restaurantId, menuId, input }: { restaurantId: string; menuId: string; input: MenuValues }): Promise<Menu> {
  await assertRestaurantAccess(db, { viewer, restaurantId });
  return db.transaction(async (tx) => {
    const menu = await repository.findMenu(tx, { restaurantId, menuId });
    if (!menu) throw notFound('No such menu', 'restaurants.menuNotFound');
    if (menu.active && !input.active) {
      const profile = await repository.findProfile(tx, restaurantId);
      const othersActive = (await repository.listMenus(tx, { restaurantId, activeOnly: true })).some((other) => other.id !== menuId);
      if (profile?.published && !othersActive) {
        throw new DomainError('invalid', { message: 'A published restaurant needs at least one active menu', code: 'restaurants.lastActiveMenu', details: [
          { field: 'active', message: 'validation.lastActiveMenu' },
        ] });
      }
    }
    const row = await repository.updateMenu(tx, { menuId, values: {
      name: input.name,
      description: input.description,
      pricePerHead: input.price_per_head,
      minGuests: input.min_guests,
      maxGuests: input.max_guests,
      active: input.active,
    } });
    return presentMenu(row);
  });
}

/** Puts the menus in the order given; the list must name every menu of the restaurant exactly once. */
export async function reorderMenus({ db, viewer }: SignedInRestaurantsContext, { restaurantId, input }: { restaurantId: string; input: z.output<typeof menuOrderInputSchema> }): Promise<Menu[]> {
  await assertRestaurantAccess(db, { viewer, restaurantId });
  return db.transaction(async (tx) => {
    const current = await repository.listMenus(tx, { restaurantId });
    const known = new Set(current.map((menu) => menu.id));
    if (input.menu_ids.length !== known.size || input.menu_ids.some((id) => !known.has(id))) {
      throw new DomainError('invalid', { message: 'The order must list every menu of the restaurant once', code: 'validation.failed', details: [{ field: 'menu_ids', message: 'validation.menuSetMismatch' }] });
    }
    for (const [position, id] of input.menu_ids.entries()) await repository.setMenuPosition(tx, { menuId: id, position });
    return (await repository.listMenus(tx, { restaurantId })).map(presentMenu);
  });
}

// ---------------------------------------------------------------- photos

export async function addPhoto({ db, storage, viewer }: SignedInRestaurantsContext, { restaurantId, upload }: { restaurantId: string; upload: Buffer }): Promise<RestaurantPhoto> {
  await assertRestaurantAccess(db, { viewer, restaurantId });
  if ((await repository.countPhotos(db, restaurantId)) >= MAX_RESTAURANT_PHOTOS) {
    throw new DomainError('invalid', { message: `A restaurant keeps at most ${MAX_RESTAURANT_PHOTOS} photos`, code: 'restaurants.tooManyPhotos', details: [{ field: 'photo', message: 'validation.tooManyPhotos' }] });
  }
  const processed = await processPhoto(upload);
  const { photoKey, thumbnailKey } = newPhotoKeys(restaurantId);
  await storage.put(photoKey, { content: processed.photo, contentType: 'image/webp' });
  await storage.put(thumbnailKey, { content: processed.thumbnail, contentType: 'image/webp' });
  try {
    const row = await repository.insertPhoto(db, {
      restaurantId,
      storageKey: photoKey,
      thumbnailKey,
      width: processed.width,
      height: processed.height,
      position: await repository.nextPhotoPosition(db, restaurantId),
    });
    return presentPhoto(storage, row);
  } catch (error) {
    await Promise.all([storage.delete(photoKey), storage.delete(thumbnailKey)]);
    throw error;
  }
}

export async function removePhoto({ db, storage, viewer }: SignedInRestaurantsContext, { restaurantId, photoId }: { restaurantId: string; photoId: string }): Promise<void> {
  await assertRestaurantAccess(db, { viewer, restaurantId });
  const row = await repository.deletePhoto(db, { restaurantId, photoId });
  if (!row) throw notFound('No such photo', 'restaurants.photoNotFound');
  await Promise.all([storage.delete(row.storageKey), storage.delete(row.thumbnailKey)]);
}

// ---------------------------------------------------------------- hosting preferences

export const DEFAULT_HOSTING = {
  weekdays: [...WEEKDAYS],
  service_start: '18:00',
  service_end: '22:00',
  min_guests: 10,
  max_guests: 60,
  notice_days: 14,
} as const;

function presentHosting({ restaurantId, row, profileRegion }: { restaurantId: string; row: HostingPreferencesRow | undefined; profileRegion: string | null | undefined }): HostingPreferences {
  if (!row) {
    return {
      restaurant_id: restaurantId,
      ...DEFAULT_HOSTING,
      weekdays: [...DEFAULT_HOSTING.weekdays],
      regions: profileRegion ? [profileRegion as HostingPreferences['regions'][number]] : [],
      cause_categories: [],
      saved: false,
    };
  }
  return {
    restaurant_id: restaurantId,
    // Stored in any order; shown Monday to Sunday.
    weekdays: WEEKDAYS.filter((day) => row.weekdays.includes(day)),
    service_start: row.serviceStart,
    service_end: row.serviceEnd,
    min_guests: row.minGuests,
    max_guests: row.maxGuests,
    notice_days: row.noticeDays,
    regions: row.regions,
    cause_categories: row.causeCategories,
    saved: true,
  };
}

export async function getHostingPreferences({ db, viewer }: SignedInRestaurantsContext, restaurantId: string): Promise<HostingPreferences> {
  await assertRestaurantAccess(db, { viewer, restaurantId });
  const [row, profile] = await Promise.all([repository.findHostingPreferences(db, restaurantId), repository.findProfile(db, restaurantId)]);
  return presentHosting({ restaurantId, row, profileRegion: profile?.region });
}

export async function updateHostingPreferences({ db, viewer }: SignedInRestaurantsContext, { restaurantId, input }: { restaurantId: string; input: HostingValues }): Promise<HostingPreferences> {
  await assertRestaurantAccess(db, { viewer, restaurantId });
  const row = await repository.upsertHostingPreferences(db, {
    restaurantId,
    weekdays: input.weekdays,
    serviceStart: input.service_start,
    serviceEnd: input.service_end,
    minGuests: input.min_guests,
    maxGuests: input.max_guests,
    noticeDays: input.notice_days,
    regions: input.regions,
    causeCategories: input.cause_categories,
  });
  return presentHosting({ restaurantId, row, profileRegion: null });
}

/**
 * What a booking at a restaurant is checked against (bookings module): the live seller, its profile (published,
 * currency, time zone), every menu (active or not: a booking may name one deactivated since) and the hosting
 * preferences (the defaults while the restaurant saved none). Undefined when no live restaurant has this id.
 */
export async function restaurantBookingTerms(db: Executor, restaurantId: string) {
  const user = await repository.findRestaurantUser(db, restaurantId);
  if (!user || user.role !== 'seller') return undefined;
  const [profile, menuRows, hostingRow] = await Promise.all([
    repository.findProfile(db, restaurantId),
    repository.listMenus(db, { restaurantId }),
    repository.findHostingPreferences(db, restaurantId),
  ]);
  return { id: restaurantId, name: profile?.name ?? user.name, profile, menus: menuRows.map(presentMenu), hosting: presentHosting({ restaurantId, row: hostingRow, profileRegion: profile?.region }) };
}
export type RestaurantBookingTerms = NonNullable<Awaited<ReturnType<typeof restaurantBookingTerms>>>;

// ---------------------------------------------------------------- client preferences

export async function getClientPreferences({ db, viewer }: SignedInRestaurantsContext): Promise<ClientPreferences> {
  const row = await repository.findClientPreferences(db, viewer.id);
  return {
    region: row?.region ?? null,
    party_size: row?.partySize ?? null,
    dietary_needs: row?.dietaryNeeds ?? [],
    dietary_notes: row?.dietaryNotes ?? null,
  };
}

export async function updateClientPreferences({ db, viewer }: SignedInRestaurantsContext, input: ClientValues): Promise<ClientPreferences> {
  const row = await repository.upsertClientPreferences(db, {
    userId: viewer.id,
    region: input.region,
    partySize: input.party_size,
    dietaryNeeds: input.dietary_needs,
    dietaryNotes: input.dietary_notes,
  });
  return { region: row.region, party_size: row.partySize, dietary_needs: row.dietaryNeeds, dietary_notes: row.dietaryNotes };
}

// ---------------------------------------------------------------- public directory and page

/** Da Nang is listed as a region of its own: its restaurants are those in Vietnam's Da Nang (their region is Worldwide). */
function directoryRegionFilter(region: DirectoryQuery['region']): Pick<repository.DirectoryFilters, 'region' | 'place'> {
  if (region === SPECIAL_CITY_DA_NANG) return { place: { country: 'VN', city: SPECIAL_CITY_DA_NANG } };
  return { region };
}

export async function getRestaurantDirectory({ db, storage }: RestaurantsContext, query: DirectoryQuery): Promise<PagedList<RestaurantListItem>> {
  const { rows, total } = await repository.listPublishedProfiles(db, {
    filters: { searchWords: searchWords(query.search ?? ''), ...directoryRegionFilter(query.region), cuisine: query.cuisine, guests: query.guests },
    sort: query.sortBy,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map(({ profile: row, cover, priceFrom, minGuests, maxGuests }) => {
      return {
        id: row.restaurantId,
        // Published profiles always hold these (publishing checks them).
        slug: row.slug ?? '',
        name: row.name ?? '',
        region: row.region!,
        city: row.city ?? '',
        cuisine: row.cuisine!,
        country: row.country ?? '',
        currency: row.currency ?? '',
        photo: cover ? { url: storage.publicUrl(cover.storageKey), thumbnail_url: storage.publicUrl(cover.thumbnailKey) } : null,
        price_from: priceFrom,
        min_guests: minGuests,
        max_guests: maxGuests,
        created_at: row.createdAt.toISOString(),
      };
    }),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
    totalResults: total,
  };
}

export async function findPublishedRestaurantBySlug({ db }: ServiceContext, slug: string) {
  return repository.findPublishedProfileBySlug(db, slug.toLowerCase());
}

export async function getPublicRestaurant(ctx: RestaurantsContext, slug: string): Promise<PublicRestaurant> {
  const { db, storage } = ctx;
  const profile = await findPublishedRestaurantBySlug(ctx, slug);
  if (!profile) throw notFound('No such restaurant', 'restaurants.notFound');
  const id = profile.restaurantId;
  const [menuRows, photoRows, hosting] = await Promise.all([
    repository.listMenus(db, { restaurantId: id, activeOnly: true }),
    repository.listPhotos(db, id),
    repository.findHostingPreferences(db, id),
  ]);
  const shownHosting = presentHosting({ restaurantId: id, row: hosting, profileRegion: profile.region });
  return {
    id,
    slug: profile.slug ?? slug,
    name: profile.name ?? '',
    description: profile.description ?? '',
    cuisine: profile.cuisine!,
    address: profile.address ?? '',
    city: profile.city ?? '',
    region: profile.region!,
    country: profile.country ?? '',
    country_name: findCountry(profile.country)?.name ?? profile.country ?? '',
    currency: profile.currency ?? '',
    timezone: profile.timezone,
    photos: photoRows.map((row) => presentPhoto(storage, row)),
    menus: menuRows.map(presentMenu),
    hosting: hosting
      ? {
          weekdays: shownHosting.weekdays,
          service_start: shownHosting.service_start,
          service_end: shownHosting.service_end,
          min_guests: shownHosting.min_guests,
          max_guests: shownHosting.max_guests,
          notice_days: shownHosting.notice_days,
        }
      : null,
  };
}

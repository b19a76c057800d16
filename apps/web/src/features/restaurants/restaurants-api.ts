import {
  clientPreferencesSchema,
  hostingPreferencesSchema,
  menuSchema,
  publicRestaurantSchema,
  restaurantDirectorySchema,
  restaurantPhotoSchema,
  restaurantProfileSchema,
  type ClientPreferences,
  type ClientPreferencesInput,
  type HostingPreferences,
  type HostingPreferencesInput,
  type Menu,
  type MenuInput,
  type PagedList,
  type PublicRestaurant,
  type RestaurantListItem,
  type RestaurantPhoto,
  type RestaurantProfile,
  type RestaurantProfileInput,
} from '@goodtable/shared';
import { z } from 'zod';
import { authenticatedApi, publicApi } from '../../lib/api.ts';
import { buildUrl } from '../../lib/api-client.ts';
import { apiErrorFromResponse, networkError } from '../../lib/api-error.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { readStoredToken } from '../../lib/stored-token.ts';
import type { RestaurantDirectoryState } from './directory-query.ts';

export const restaurantKeys = {
  all: ['restaurants'] as const,
  profile: (id: string) => ['restaurants', 'profile', id] as const,
  hosting: (id: string) => ['restaurants', 'hosting', id] as const,
  directory: (query: RestaurantDirectoryState) => ['restaurants', 'directory', query] as const,
  bySlug: (slug: string) => ['restaurants', 'slug', slug] as const,
  clientPreferences: ['restaurants', 'client-preferences'] as const,
};

const base = (restaurantId: string) => `restaurants/${encodeURIComponent(restaurantId)}`;

export async function fetchRestaurantProfile(restaurantId: string): Promise<RestaurantProfile> {
  return restaurantProfileSchema.parse(await authenticatedApi.get(`${base(restaurantId)}/profile`));
}

export async function saveRestaurantProfile(restaurantId: string, input: RestaurantProfileInput): Promise<RestaurantProfile> {
  return restaurantProfileSchema.parse(await authenticatedApi.put(`${base(restaurantId)}/profile`, { body: input }));
}

export async function setRestaurantPublished(restaurantId: string, published: boolean): Promise<RestaurantProfile> {
  return restaurantProfileSchema.parse(await authenticatedApi.put(`${base(restaurantId)}/published`, { body: { published } }));
}

export async function createMenu(restaurantId: string, input: MenuInput): Promise<Menu> {
  return menuSchema.parse(await authenticatedApi.post(`${base(restaurantId)}/menus`, { body: input }));
}

export async function updateMenu(restaurantId: string, menuId: string, input: MenuInput): Promise<Menu> {
  return menuSchema.parse(await authenticatedApi.put(`${base(restaurantId)}/menus/${encodeURIComponent(menuId)}`, { body: input }));
}

export async function reorderMenus(restaurantId: string, menuIds: string[]): Promise<Menu[]> {
  return z.object({ data: z.array(menuSchema) }).parse(await authenticatedApi.put(`${base(restaurantId)}/menus/order`, { body: { menu_ids: menuIds } })).data;
}

/** Multipart upload (field `photo`); the JSON client cannot send files, so this one call uses fetch itself. */
export async function uploadRestaurantPhoto(restaurantId: string, file: File): Promise<RestaurantPhoto> {
  const form = new FormData();
  form.append('photo', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token.access_token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(`${base(restaurantId)}/photos`), { method: 'POST', headers, body: form });
  } catch {
    throw networkError();
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, response.statusText, body);
  return restaurantPhotoSchema.parse(body);
}

export async function deleteRestaurantPhoto(restaurantId: string, photoId: string): Promise<void> {
  await authenticatedApi.delete(`${base(restaurantId)}/photos/${encodeURIComponent(photoId)}`);
}

export async function fetchHostingPreferences(restaurantId: string): Promise<HostingPreferences> {
  return hostingPreferencesSchema.parse(await authenticatedApi.get(`${base(restaurantId)}/hosting-preferences`));
}

export async function saveHostingPreferences(restaurantId: string, input: HostingPreferencesInput): Promise<HostingPreferences> {
  return hostingPreferencesSchema.parse(await authenticatedApi.put(`${base(restaurantId)}/hosting-preferences`, { body: input }));
}

export async function fetchClientPreferences(): Promise<ClientPreferences> {
  return clientPreferencesSchema.parse(await authenticatedApi.get('me/client-preferences'));
}

export async function saveClientPreferences(input: ClientPreferencesInput): Promise<ClientPreferences> {
  return clientPreferencesSchema.parse(await authenticatedApi.put('me/client-preferences', { body: input }));
}

/** Public directory (public client, no token). */
export async function fetchRestaurantDirectory(query: RestaurantDirectoryState, signal?: AbortSignal): Promise<PagedList<RestaurantListItem>> {
  return restaurantDirectorySchema.parse(await publicApi.get('restaurants', { params: { ...query }, signal }));
}

export async function fetchRestaurantBySlug(slug: string): Promise<PublicRestaurant> {
  return publicRestaurantSchema.parse(await publicApi.get(`restaurants/by-slug/${encodeURIComponent(slug)}`));
}

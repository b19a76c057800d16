import {
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
import { authenticatedApi, publicApi } from '../../lib/api.ts';
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
  return authenticatedApi.get<RestaurantProfile>(`${base(restaurantId)}/profile`);
}

export async function saveRestaurantProfile(restaurantId: string, input: RestaurantProfileInput): Promise<RestaurantProfile> {
  return authenticatedApi.put<RestaurantProfile>(`${base(restaurantId)}/profile`, { body: input });
}

export async function setRestaurantPublished(restaurantId: string, published: boolean): Promise<RestaurantProfile> {
  return authenticatedApi.put<RestaurantProfile>(`${base(restaurantId)}/published`, { body: { published } });
}

export async function createMenu(restaurantId: string, input: MenuInput): Promise<Menu> {
  return authenticatedApi.post<Menu>(`${base(restaurantId)}/menus`, { body: input });
}

export async function updateMenu(restaurantId: string, menuId: string, input: MenuInput): Promise<Menu> {
  return authenticatedApi.put<Menu>(`${base(restaurantId)}/menus/${encodeURIComponent(menuId)}`, { body: input });
}

export async function reorderMenus(restaurantId: string, menuIds: string[]): Promise<Menu[]> {
  return (await authenticatedApi.put<{ data: Menu[] }>(`${base(restaurantId)}/menus/order`, { body: { menu_ids: menuIds } })).data;
}

/** Multipart upload (field `photo`). */
export async function uploadRestaurantPhoto(restaurantId: string, file: File): Promise<RestaurantPhoto> {
  // Loaded when a file is sent: the public pages that use this module never upload.
  const { uploadFile } = await import('../../lib/upload-file.ts');
  return uploadFile<RestaurantPhoto>({ method: 'POST', path: `${base(restaurantId)}/photos`, field: 'photo', file });
}

export async function deleteRestaurantPhoto(restaurantId: string, photoId: string): Promise<void> {
  await authenticatedApi.delete(`${base(restaurantId)}/photos/${encodeURIComponent(photoId)}`);
}

export async function fetchHostingPreferences(restaurantId: string): Promise<HostingPreferences> {
  return authenticatedApi.get<HostingPreferences>(`${base(restaurantId)}/hosting-preferences`);
}

export async function saveHostingPreferences(restaurantId: string, input: HostingPreferencesInput): Promise<HostingPreferences> {
  return authenticatedApi.put<HostingPreferences>(`${base(restaurantId)}/hosting-preferences`, { body: input });
}

export async function fetchClientPreferences(): Promise<ClientPreferences> {
  return authenticatedApi.get<ClientPreferences>('me/client-preferences');
}

export async function saveClientPreferences(input: ClientPreferencesInput): Promise<ClientPreferences> {
  return authenticatedApi.put<ClientPreferences>('me/client-preferences', { body: input });
}

/** Public directory (public client, no token). */
export async function fetchRestaurantDirectory(query: RestaurantDirectoryState, signal?: AbortSignal): Promise<PagedList<RestaurantListItem>> {
  return publicApi.get<PagedList<RestaurantListItem>>('restaurants', { params: { ...query }, signal });
}

export async function fetchRestaurantBySlug(slug: string): Promise<PublicRestaurant> {
  return publicApi.get<PublicRestaurant>(`restaurants/by-slug/${encodeURIComponent(slug)}`);
}

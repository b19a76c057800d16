import { queryOptions } from '@tanstack/react-query';
import type {
  HostingPreferences,
  HostingPreferencesInput,
  Menu,
  MenuInput,
  RestaurantPhoto,
  RestaurantProfile,
  RestaurantProfileInput,
} from '@goodtable/shared';
import { authenticatedApi } from '../../lib/api.ts';
import { restaurantKeys } from './restaurants-api.ts';

// A restaurant's own profile, menus, photos and hosting preferences, for its sellers and managers (the query keys are
// restaurantKeys in restaurants-api.ts). Apart from that module: the public pages' first visit does not carry these.

const base = (restaurantId: string) => `restaurants/${encodeURIComponent(restaurantId)}`;

export async function fetchRestaurantProfile(restaurantId: string): Promise<RestaurantProfile> {
  return authenticatedApi.get<RestaurantProfile>(`${base(restaurantId)}/profile`);
}

export const restaurantProfileQuery = (restaurantId: string) =>
  queryOptions({ queryKey: restaurantKeys.profile(restaurantId), queryFn: () => fetchRestaurantProfile(restaurantId) });

export async function saveRestaurantProfile(restaurantId: string, input: RestaurantProfileInput): Promise<RestaurantProfile> {
  return authenticatedApi.put<RestaurantProfile>(`${base(restaurantId)}/profile`, { body: input });
}

export async function setRestaurantPublished(restaurantId: string, published: boolean): Promise<RestaurantProfile> {
  return authenticatedApi.put<RestaurantProfile>(`${base(restaurantId)}/published`, { body: { published } });
}

export async function createMenu(restaurantId: string, input: MenuInput): Promise<Menu> {
  return authenticatedApi.post<Menu>(`${base(restaurantId)}/menus`, { body: input });
}

export async function updateMenu({ restaurantId, menuId, input }: { restaurantId: string; menuId: string; input: MenuInput }): Promise<Menu> {
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

export const hostingPreferencesQuery = (restaurantId: string) =>
  queryOptions({ queryKey: restaurantKeys.hosting(restaurantId), queryFn: () => fetchHostingPreferences(restaurantId) });

export async function saveHostingPreferences(restaurantId: string, input: HostingPreferencesInput): Promise<HostingPreferences> {
  return authenticatedApi.put<HostingPreferences>(`${base(restaurantId)}/hosting-preferences`, { body: input });
}

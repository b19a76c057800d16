import { queryOptions } from '@tanstack/react-query';
import type { ClientPreferences, ClientPreferencesInput, PagedList, PublicRestaurant, RestaurantListItem } from '@goodtable/shared';
import { authenticatedApi, publicApi } from '../../lib/api.ts';
import type { RestaurantDirectoryState } from './directory-query.ts';

/**
 * The restaurants' public calls (directory, public page) and a client's own preferences, with the query keys of the
 * whole feature. A restaurant's own profile, menus, photos and hosting preferences: restaurant-profile-api.ts (not
 * part of the public pages' first visit).
 */
export const restaurantKeys = {
  all: ['restaurants'] as const,
  profile: (id: string) => ['restaurants', 'profile', id] as const,
  hosting: (id: string) => ['restaurants', 'hosting', id] as const,
  directories: ['restaurants', 'directory'] as const,
  directory: (query: RestaurantDirectoryState) => ['restaurants', 'directory', query] as const,
  bySlug: (slug: string) => ['restaurants', 'slug', slug] as const,
  clientPreferences: ['restaurants', 'client-preferences'] as const,
};

export async function fetchClientPreferences(): Promise<ClientPreferences> {
  return authenticatedApi.get<ClientPreferences>('me/client-preferences');
}

export const clientPreferencesQuery = () => queryOptions({ queryKey: restaurantKeys.clientPreferences, queryFn: fetchClientPreferences });

export async function saveClientPreferences(input: ClientPreferencesInput): Promise<ClientPreferences> {
  return authenticatedApi.put<ClientPreferences>('me/client-preferences', { body: input });
}

/** Public directory (public client, no token). */
export async function fetchRestaurantDirectory(query: RestaurantDirectoryState, signal?: AbortSignal): Promise<PagedList<RestaurantListItem>> {
  return publicApi.get<PagedList<RestaurantListItem>>('restaurants', { params: { ...query }, signal });
}

export const restaurantDirectoryQuery = (query: RestaurantDirectoryState) =>
  queryOptions({ queryKey: restaurantKeys.directory(query), queryFn: ({ signal }) => fetchRestaurantDirectory(query, signal) });

export async function fetchRestaurantBySlug(slug: string): Promise<PublicRestaurant> {
  return publicApi.get<PublicRestaurant>(`restaurants/by-slug/${encodeURIComponent(slug)}`);
}

/** A restaurant's public page: slugs are case-insensitive, so one cache entry per lower-cased slug; a 404 is not asked again. */
export const restaurantBySlugQuery = (slug: string) =>
  queryOptions({ queryKey: restaurantKeys.bySlug(slug.toLowerCase()), queryFn: () => fetchRestaurantBySlug(slug), retry: false });

import { CUISINES, DIRECTORY_REGIONS, MAX_PARTY_SIZE, type ClientPreferences, type Cuisine, type DirectoryRegion, PUBLIC_DIRECTORY_PAGE_SIZE } from '@goodtable/shared';
import { oneOf, searchFromParams, sortFromParams } from '../../lib/directory-params.ts';

export const RESTAURANT_DIRECTORY_PAGE_SIZE = PUBLIC_DIRECTORY_PAGE_SIZE;

/** Sort options of the directory (docs/product.md, Screens and routes: Latest, A-Z). */
export const RESTAURANT_SORT_OPTIONS = [
  { value: 'created_at:desc', labelKey: 'latest' },
  { value: 'name:asc', labelKey: 'az' },
] as const;
export type RestaurantSortValue = (typeof RESTAURANT_SORT_OPTIONS)[number]['value'];

export type RestaurantDirectoryState = {
  page: number;
  limit: number;
  sortBy: RestaurantSortValue;
  search?: string;
  region?: DirectoryRegion;
  cuisine?: Cuisine;
  guests?: number;
};

function positiveInteger(value: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const number = Number.parseInt(value, 10);
  return number >= 1 && number <= max ? number : undefined;
}

/** The directory's state lives in the address (shareable, back button); anything invalid is ignored. */
export function directoryStateFromParams(params: URLSearchParams): RestaurantDirectoryState {
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    limit: RESTAURANT_DIRECTORY_PAGE_SIZE,
    sortBy: sortFromParams({ params, options: RESTAURANT_SORT_OPTIONS, fallback: 'created_at:desc' }),
    search: searchFromParams(params),
    region: oneOf(params.get('region'), DIRECTORY_REGIONS),
    cuisine: oneOf(params.get('cuisine'), CUISINES),
    guests: positiveInteger(params.get('guests'), MAX_PARTY_SIZE),
  };
}

/** Query keys the directory reads from the address. */
const FILTER_KEYS = ['search', 'region', 'cuisine', 'guests', 'sortBy', 'page'] as const;

/**
 * A client's saved defaults pre-fill the region and party-size filters, but only when the address names no
 * filter at all (a shared or bookmarked link keeps its own). Returns the new parameters, or null to keep them.
 */
export function prefilledParams(params: URLSearchParams, preferences: Pick<ClientPreferences, 'region' | 'party_size'> | null | undefined): URLSearchParams | null {
  if (!preferences || FILTER_KEYS.some((key) => params.has(key))) return null;
  if (!preferences.region && !preferences.party_size) return null;
  const next = new URLSearchParams(params);
  if (preferences.region) next.set('region', preferences.region);
  if (preferences.party_size) next.set('guests', String(preferences.party_size));
  return next;
}

import { queryOptions } from '@tanstack/react-query';
import { MANAGER_RESTAURANTS_LIMIT, type ManagedRestaurant, type PagedList } from '@goodtable/shared';
import { authenticatedApi } from './api.ts';

export type ManagedRestaurantStatus = 'active' | 'pending' | 'refused' | 'all';

/** The manager's restaurants of every status: the active list's key, which the others' keys extend. */
const managedRestaurantsQueryKey = (managerId: string) => ['managers', managerId, 'restaurants'] as const;

/** GET managers/{id}/restaurants (docs/product.md, API calls) with the manager limit (100, Business constants). */
export async function fetchManagedRestaurants(managerId: string, status: ManagedRestaurantStatus = 'active'): Promise<PagedList<ManagedRestaurant>> {
  return authenticatedApi.get<PagedList<ManagedRestaurant>>(`managers/${managerId}/restaurants`, { params: { limit: MANAGER_RESTAURANTS_LIMIT, status } });
}

export const managedRestaurantsQuery = (managerId: string, status: ManagedRestaurantStatus = 'active') =>
  queryOptions({
    queryKey: status === 'active' ? managedRestaurantsQueryKey(managerId) : [...managedRestaurantsQueryKey(managerId), status],
    queryFn: () => fetchManagedRestaurants(managerId, status),
  });

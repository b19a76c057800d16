import { MANAGER_RESTAURANTS_LIMIT, type ManagedRestaurant, type PagedList } from '@goodtable/shared';
import { authenticatedApi } from './api.ts';

/** GET managers/{id}/restaurants (docs/product.md, API calls) with the manager limit (100, Business constants). */
export async function fetchManagedRestaurants(managerId: string, status: 'active' | 'pending' | 'refused' | 'all' = 'active'): Promise<PagedList<ManagedRestaurant>> {
  return authenticatedApi.get<PagedList<ManagedRestaurant>>(`managers/${managerId}/restaurants`, { params: { limit: MANAGER_RESTAURANTS_LIMIT, status } });
}

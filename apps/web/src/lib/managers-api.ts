import { MANAGER_RESTAURANTS_LIMIT, type ManagedRestaurant, type PagedList } from '@goodtable/shared';
import { authenticatedApi } from './api.ts';

/** SPEC.md §7 GET managers/{id}/restaurants with the manager limit (100, §9). */
export async function fetchManagedRestaurants(managerId: string, status: 'active' | 'pending' | 'refused' | 'all' = 'active'): Promise<PagedList<ManagedRestaurant>> {
  return authenticatedApi.get<PagedList<ManagedRestaurant>>(`managers/${managerId}/restaurants`, { params: { limit: MANAGER_RESTAURANTS_LIMIT, status } });
}

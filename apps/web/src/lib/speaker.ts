import { useCallback, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Me } from '@goodtable/shared';
import { managedRestaurantsQuery } from './managers-api.ts';

/** localStorage key of the manager's selected speaker: a restaurant id, or absent for the manager's own view. */
export const LOCAL_STORAGE_SPEAKER_KEY = 'speaker';

const listeners = new Set<() => void>();

function readSpeaker(): string | null {
  return localStorage.getItem(LOCAL_STORAGE_SPEAKER_KEY);
}

export function setSelectedSpeaker(restaurantId: string | null): void {
  if (restaurantId) localStorage.setItem(LOCAL_STORAGE_SPEAKER_KEY, restaurantId);
  else localStorage.removeItem(LOCAL_STORAGE_SPEAKER_KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_STORAGE_SPEAKER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The team whose restaurants a manager sees: its parent's for a sub-manager (fkUser), else its own. */
export function teamManagerIdOf(user: Pick<Me, 'id' | 'fkUser'>): string {
  return user.fkUser ?? user.id;
}

/** The manager's restaurants (docs/product.md, Roles and permissions: up to 100) and which one the manager acts for (remembered across reloads). */
export function useSpeaker(user: Me | null) {
  const stored = useSyncExternalStore(subscribe, readSpeaker, () => null);
  const isManager = user?.role === 'manager';
  const managerId = user ? teamManagerIdOf(user) : '';
  const restaurants = useQuery({ ...managedRestaurantsQuery(managerId), enabled: isManager });
  const list = restaurants.data?.data ?? [];
  const selected = isManager && stored ? (list.find((restaurant) => restaurant.id === stored) ?? null) : null;
  const select = useCallback((restaurantId: string | null) => setSelectedSpeaker(restaurantId), []);
  return { restaurants: list, query: restaurants, selected, select };
}

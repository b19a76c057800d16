import { useCallback, useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me, Role } from '@goodtable/shared';
import { authenticatedApi, setUnauthorizedHandler } from './api.ts';
import { readStoredToken, removeStoredToken } from './stored-token.ts';

export const meQueryKey = ['me'] as const;

// A page being left cancels its requests: that is not a failure of the session, and must not sign the user out of
// the page they are going to (leaving a page while GET /v1/me was in flight used to remove the token).
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leavingPage = true;
  });
  // Back on a page restored from the back/forward cache.
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

/**
 * Session (docs/product.md, Booking lifecycle): with a stored token, GET /v1/me; on any failure the token is removed and the user cleared,
 * without a toast. No token: signed out without a call.
 */
export async function fetchSessionUser(): Promise<Me | null> {
  if (!readStoredToken()) return null;
  try {
    return await authenticatedApi.get<Me>('me');
  } catch {
    if (!leavingPage) removeStoredToken();
    return null;
  }
}

/** The session is asked once per page load; sign-in, sign-out and PUT me replace it in the cache. */
export const meQuery = () => queryOptions({ queryKey: meQueryKey, queryFn: fetchSessionUser, staleTime: Infinity });

export type Session =
  | { status: 'loading'; user: null; role: null }
  | { status: 'signed-out'; user: null; role: null }
  | { status: 'signed-in'; user: Me; role: Role };

export function useSession(): Session {
  const query = useQuery(meQuery());
  if (query.isPending) return { status: 'loading', user: null, role: null };
  if (!query.data) return { status: 'signed-out', user: null, role: null };
  return { status: 'signed-in', user: query.data, role: query.data.role };
}

/** Clears the session locally: token removed, user cleared (no toast). */
export function clearSession(queryClient: QueryClient): void {
  removeStoredToken();
  queryClient.setQueryData(meQuery().queryKey, null);
}

/** Replaces the cached user after the server returned a new version of it (PUT me). */
export function useSetSessionUser(): (user: Me) => void {
  const queryClient = useQueryClient();
  return useCallback((user: Me) => queryClient.setQueryData(meQuery().queryKey, user), [queryClient]);
}

/** A 401 on any authenticated call ends the session the same silent way. */
export function useClearSessionOnUnauthorized(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => clearSession(queryClient));
    return () => setUnauthorizedHandler(undefined);
  }, [queryClient]);
}

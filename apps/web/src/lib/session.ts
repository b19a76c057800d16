import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthResponse, Me, Role } from '@goodtable/shared';
import { authenticatedApi, setUnauthorizedHandler } from './api.ts';
import { readStoredToken, removeStoredToken, storeToken } from './stored-token.ts';

export const meQueryKey = ['me'] as const;

/**
 * SPEC.md §4 session: with a stored token, GET /v1/me; on any failure the token is removed and the user cleared,
 * without a toast. No token: signed out without a call.
 */
export async function fetchSessionUser(): Promise<Me | null> {
  if (!readStoredToken()) return null;
  try {
    return await authenticatedApi.get<Me>('me');
  } catch {
    removeStoredToken();
    return null;
  }
}

export type Session =
  | { status: 'loading'; user: null; role: null }
  | { status: 'signed-out'; user: null; role: null }
  | { status: 'signed-in'; user: Me; role: Role };

export function useSession(): Session {
  const query = useQuery({ queryKey: meQueryKey, queryFn: fetchSessionUser, staleTime: Infinity });
  if (query.isPending) return { status: 'loading', user: null, role: null };
  if (!query.data) return { status: 'signed-out', user: null, role: null };
  return { status: 'signed-in', user: query.data, role: query.data.role };
}

/** Clears the session locally: token removed, user cleared (no toast). */
export function clearSession(queryClient: QueryClient): void {
  removeStoredToken();
  queryClient.setQueryData<Me | null>(meQueryKey, null);
}

/** After sign-in or sign-up: keep the token and put the user in the `me` cache. */
export function useStartSession(): (response: AuthResponse) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (response: AuthResponse) => {
      storeToken(response.token);
      queryClient.setQueryData<Me | null>(meQueryKey, response.user);
    },
    [queryClient],
  );
}

/** Replaces the cached user after the server returned a new version of it (PUT me). */
export function useSetSessionUser(): (user: Me) => void {
  const queryClient = useQueryClient();
  return useCallback((user: Me) => queryClient.setQueryData<Me | null>(meQueryKey, user), [queryClient]);
}

/**
 * Signs out on the server (revoking the token), runs `leave` (e.g. navigate to a public page, so no guard reacts to
 * the ending session first), then clears the session whatever the server answered.
 */
export function useSignOut(): (leave: () => Promise<void> | void) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (leave) => {
      try {
        await authenticatedApi.post('auth/sign-out');
      } catch {
        // The token is dropped locally either way; an already-invalid token needs no message.
      }
      await leave();
      clearSession(queryClient);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    },
    [queryClient],
  );
}

/** A 401 on any authenticated call ends the session the same silent way. */
export function useClearSessionOnUnauthorized(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => clearSession(queryClient));
    return () => setUnauthorizedHandler(undefined);
  }, [queryClient]);
}

import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@goodtable/shared';
import { authenticatedApi } from './api.ts';
import { clearSession, meQuery, meQueryKey } from './session.ts';
import { storeToken } from './stored-token.ts';

// Starting and ending a session, apart from session.ts: every public page reads the session, few start or end one.

/** After sign-in or sign-up: keep the token and put the user in the `me` cache. */
export function useStartSession(): (response: AuthResponse) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (response: AuthResponse) => {
      storeToken(response.token);
      queryClient.setQueryData(meQuery().queryKey, response.user);
    },
    [queryClient],
  );
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

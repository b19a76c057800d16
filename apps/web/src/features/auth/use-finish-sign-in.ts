import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { safeRedirectPath, type AuthResponse } from '@goodtable/shared';
import { useStartSession } from '../../lib/session.ts';

/**
 * After a successful sign-in or sign-up: go to the (same-site) redirect, then start the session. Navigating first
 * keeps the signed-out-only guard of the form's own route from sending the new user home instead.
 */
export function useFinishSignIn(redirect: string | null): (response: AuthResponse) => void {
  const navigate = useNavigate();
  const startSession = useStartSession();
  return useCallback(
    (response: AuthResponse) => {
      void navigate(safeRedirectPath(redirect), { replace: true });
      startSession(response);
    },
    [navigate, startSession, redirect],
  );
}

import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { safeRedirectPath, SIGNED_IN_HOME, type AuthResponse } from '@goodtable/shared';
import { useStartSession } from '../../lib/session-changes.ts';
import { setSessionLanding } from '../../lib/sign-in-landing.ts';

/**
 * After a successful sign-in or sign-up: go to the (same-site) redirect, else the dashboard (`/bookings`), then start
 * the session. The landing is noted first, so the signed-out-only guard of the form's own route (still on show
 * while the next screen loads) sends the new user there too rather than home.
 */
export function useFinishSignIn(redirect: string | null): (response: AuthResponse) => void {
  const navigate = useNavigate();
  const startSession = useStartSession();
  return useCallback(
    (response: AuthResponse) => {
      const landing = safeRedirectPath(redirect, SIGNED_IN_HOME);
      void navigate(landing, { replace: true });
      setSessionLanding(landing);
      startSession(response);
    },
    [navigate, startSession, redirect],
  );
}

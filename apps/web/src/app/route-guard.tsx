import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideRouteAccess, ROLES, signingInPath } from '@goodtable/shared';
import { PageLoading } from '../components/feedback/page-loading.tsx';
import { useSession } from '../lib/session.ts';
import { sessionLanding, setSessionLanding } from '../lib/sign-in-landing.ts';
import type { RefusedPathState } from '../lib/refused-path.ts';

/** True when the route admits every visitor, so it can render before the session is known. */
function admitsEveryone(pathWithQuery: string): boolean {
  return [null, ...ROLES].every((role) => decideRouteAccess(pathWithQuery, role).kind === 'allow');
}

/**
 * Guards a screen with the shared route-access table (docs/product.md, Access rules): signed-out on a signed-in route →
 * /signing-in?redirect=<path and query>; signed-in on a signed-out-only route → / (the path refused in the history state); role not admitted → /404. Right
 * after signing in or out, the screen left goes where the session change is going instead (`sessionLanding`).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const pathWithQuery = `${location.pathname}${location.search}`;
  // Cleared once the landing is on screen, never while rendering: a navigation is a transition, and its render at
  // the landing may wait for a chunk while the screen left re-renders (signed out) and must still redirect there.
  useEffect(() => {
    if (pathWithQuery === sessionLanding) setSessionLanding();
  }, [pathWithQuery]);

  if (session.status === 'loading') return admitsEveryone(pathWithQuery) ? children : <PageLoading />;

  const decision = decideRouteAccess(pathWithQuery, session.role);
  switch (decision.kind) {
    case 'allow':
      return children;
    case 'sign-in':
      return <Navigate to={sessionLanding ?? signingInPath(decision.redirect)} replace />;
    case 'home':
      // The address refused travels along, so home can say why (the Warning of /register-as-a-restaurant).
      return <Navigate to={sessionLanding ?? '/'} replace state={sessionLanding ? undefined : ({ refusedPath: location.pathname } satisfies RefusedPathState)} />;
    case 'not-found':
      return <Navigate to="/404" replace />;
  }
}

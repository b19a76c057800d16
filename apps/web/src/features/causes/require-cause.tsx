import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { findRouteAccess } from '@goodtable/shared';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { COMPLETE_PROFILE_STATE } from './complete-profile-state.ts';
import { useMyCauses } from './use-my-causes.ts';

/** Routes a cause user may only use once they have a cause (docs/product.md, Validation rules, as for sellers: bookings and profile). */
export const ROUTES_NEEDING_A_CAUSE: readonly string[] = ['/bookings', '/bookings/:id', '/cause-profile'];

export function needsCause(pathname: string): boolean {
  const row = findRouteAccess(pathname);
  return row !== undefined && ROUTES_NEEDING_A_CAUSE.includes(row.path);
}

/**
 * docs/product.md, Validation rules: a cause user without a cause who opens the bookings or cause profile screens (by a link or by
 * typing the address) is sent to /add-cause with the "Please complete your profile first" dialog. Everyone
 * else, and every other route, passes straight through. If the causes cannot be loaded, the screen shows.
 */
export function CauseProfileGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data, isCauseUser, isPending } = useMyCauses();
  if (!isCauseUser || !needsCause(location.pathname)) return children;
  if (isPending) return <PageLoading />;
  if (data && data.length === 0) return <Navigate to="/add-cause" replace state={COMPLETE_PROFILE_STATE} />;
  return children;
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { findRouteAccess } from '@goodtable/shared';
import { useSession } from '../../lib/session.ts';
import { restaurantProfileQuery } from './restaurant-profile-api.ts';

/** Routes a seller without an active menu may not use yet (docs/product.md, Validation rules: the bookings and profile links). */
export const ROUTES_NEEDING_MENUS: readonly string[] = [
  '/bookings',
  '/bookings/:id',
  '/restaurants/:id/bookings',
  '/profile',
  '/restaurant-profile',
];

/** True when `pathname` is one of the routes a seller needs a menu for. */
export function needsMenus(pathname: string): boolean {
  const row = findRouteAccess(pathname);
  return row !== undefined && ROUTES_NEEDING_MENUS.includes(row.path);
}

/**
 * docs/product.md, Validation rules: a seller without menus who opens the bookings or profile screens (by a link or by typing the
 * address) is sent to /profile, which shows the "Please complete your profile first" dialog while the restaurant
 * has no active menu. Everyone else, and every other route, passes straight through.
 */
export function CompleteProfileGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const gated = session.status === 'signed-in' && session.role === 'seller' && needsMenus(location.pathname);
  const profile = useQuery({ ...restaurantProfileQuery(session.user?.id ?? ''), enabled: gated });
  if (!gated) return children;
  // While the profile loads (or if it cannot), the screen shows; the API refuses what the seller may not do.
  if (!profile.data || profile.data.menus.some((menu) => menu.active)) return children;
  if (location.pathname === '/profile') return children;
  return <Navigate to="/profile" replace />;
}

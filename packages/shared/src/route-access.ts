import type { Role } from './roles.ts';

/**
 * The route-access table of docs/product.md, Screens and routes, as data. docs/product.md, Access rules: the bracketed roles are the roles *admitted*;
 * any other signed-in role is sent to /404. Paths use `:param` segments.
 */
export type RouteAccess =
  | { path: string; access: 'public' }
  | { path: string; access: 'signed-out' }
  | { path: string; access: 'signed-in'; roles: readonly Role[] };

const ALL_ROLES: readonly Role[] = ['user', 'seller', 'manager', 'cause'];

export const ROUTE_ACCESS: readonly RouteAccess[] = [
  // Public.
  { path: '/', access: 'public' },
  { path: '/blog', access: 'public' },
  { path: '/blog/:id', access: 'public' },
  { path: '/help', access: 'public' },
  { path: '/causes', access: 'public' },
  { path: '/cause/:id', access: 'public' },
  { path: '/share/:id', access: 'public' },
  { path: '/donate/:id', access: 'public' },
  { path: '/intermediary/:id', access: 'public' },
  // A ticket buyer's tickets: whoever holds the emailed link (the checkout's unguessable id), no account.
  { path: '/tickets/:id', access: 'public' },
  { path: '/404', access: 'public' },
  { path: '/about', access: 'public' },
  { path: '/contact', access: 'public' },
  { path: '/restaurants', access: 'public' },
  { path: '/how-it-works', access: 'public' },
  { path: '/privacy', access: 'public' },
  { path: '/terms', access: 'public' },
  { path: '/signing-in', access: 'public' },
  // The old address's owner may be signed in (on the hijacked session) or not: anyone with the link may use it.
  { path: '/undo-email-change', access: 'public' },
  // The one-click unsubscribe link of mailing-list emails: whoever holds the link, signed in or not.
  { path: '/unsubscribe', access: 'public' },
  { path: '/:id', access: 'public' },
  // Signed-out only.
  { path: '/share/:id/payment', access: 'signed-out' },
  { path: '/management-access', access: 'signed-out' },
  { path: '/register-as-a-restaurant', access: 'signed-out' },
  { path: '/sign-in', access: 'signed-out' },
  { path: '/sign-up', access: 'signed-out' },
  { path: '/forgot-password', access: 'signed-out' },
  { path: '/reset-password', access: 'signed-out' },
  // Signed-in only, with the roles admitted.
  { path: '/profile', access: 'signed-in', roles: ['seller', 'manager'] },
  { path: '/cause-profile', access: 'signed-in', roles: ['cause'] },
  { path: '/add-event', access: 'signed-in', roles: ['user', 'manager'] },
  { path: '/cause/:id/edit', access: 'signed-in', roles: ['seller', 'manager', 'cause'] },
  { path: '/account', access: 'signed-in', roles: ALL_ROLES },
  { path: '/guest-preferences', access: 'signed-in', roles: ['user', 'seller', 'manager'] },
  { path: '/verify-email', access: 'signed-in', roles: ALL_ROLES },
  { path: '/bookings', access: 'signed-in', roles: ALL_ROLES },
  { path: '/bookings/:id', access: 'signed-in', roles: ALL_ROLES },
  { path: '/bookings/:id/edit', access: 'signed-in', roles: ['user', 'seller', 'manager'] },
  { path: '/bookings/:id/change-time', access: 'signed-in', roles: ['user', 'seller', 'manager'] },
  { path: '/bookings/:id/suggest-a-time', access: 'signed-in', roles: ['user', 'seller', 'manager'] },
  { path: '/bookings/:id/guest-preferences', access: 'signed-in', roles: ['user', 'seller', 'manager'] },
  { path: '/bookings/:id/payment', access: 'signed-in', roles: ['user', 'manager', 'cause'] },
  { path: '/bookings/payments', access: 'signed-in', roles: ALL_ROLES },
  { path: '/notifications', access: 'signed-in', roles: ['user', 'seller', 'manager'] },
  { path: '/sub-manager/add', access: 'signed-in', roles: ['manager'] },
  { path: '/payments', access: 'signed-in', roles: ['seller', 'manager', 'cause'] },
  { path: '/payment-management', access: 'signed-in', roles: ['seller', 'cause'] },
  // A payment's printable receipt: the API shows it to the payer and the booking's parties only.
  { path: '/payments/:id/receipt', access: 'signed-in', roles: ALL_ROLES },
  // Header and footer links whose guards the product does not give (docs/decisions/0003-one-route-access-table.md).
  { path: '/restaurant-profile', access: 'signed-in', roles: ['seller', 'manager'] },
  { path: '/guests/:id/guest-preferences', access: 'signed-in', roles: ['manager'] },
  { path: '/guests/:id/restaurant-profile', access: 'signed-in', roles: ['manager'] },
  { path: '/restaurants/:id/bookings', access: 'signed-in', roles: ['seller', 'manager'] },
  { path: '/add-cause', access: 'signed-in', roles: ['cause'] },
];

function splitPath(path: string): string[] {
  return path.split('?')[0]!.split('/').filter(Boolean);
}

/** How well a pattern matches a path: undefined if not at all, else a score where static segments beat params. */
function matchScore(pattern: string, pathname: string): number | undefined {
  const patternParts = splitPath(pattern);
  const pathParts = splitPath(pathname);
  if (patternParts.length !== pathParts.length) return undefined;
  let score = 0;
  for (let i = 0; i < patternParts.length; i++) {
    const expected = patternParts[i]!;
    if (expected.startsWith(':')) continue;
    if (expected !== pathParts[i]) return undefined;
    score += 1;
  }
  return score;
}

/** The table row governing `pathname`, or undefined when the route is not in the table (no guard). */
export function findRouteAccess(pathname: string): RouteAccess | undefined {
  let best: RouteAccess | undefined;
  let bestScore = -1;
  for (const row of ROUTE_ACCESS) {
    const score = matchScore(row.path, pathname);
    if (score !== undefined && score > bestScore) {
      best = row;
      bestScore = score;
    }
  }
  return best;
}

export type RouteDecision =
  | { kind: 'allow' }
  | { kind: 'sign-in'; redirect: string }
  | { kind: 'home' }
  | { kind: 'not-found' };

/**
 * What the guard does for a visitor on `pathWithQuery`: `viewerRole` is null for a signed-out visitor.
 * Signed-out on a signed-in route → /signing-in?redirect=…; signed-in on a signed-out route → /;
 * signed-in with a role not admitted → /404.
 */
export function decideRouteAccess(pathWithQuery: string, viewerRole: Role | null): RouteDecision {
  const row = findRouteAccess(pathWithQuery);
  if (!row || row.access === 'public') return { kind: 'allow' };
  if (row.access === 'signed-out') return viewerRole ? { kind: 'home' } : { kind: 'allow' };
  if (!viewerRole) return { kind: 'sign-in', redirect: pathWithQuery };
  return row.roles.includes(viewerRole) ? { kind: 'allow' } : { kind: 'not-found' };
}

export function signingInPath(redirect: string): string {
  return `/signing-in?redirect=${encodeURIComponent(redirect)}`;
}

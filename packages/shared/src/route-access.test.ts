import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles.ts';
import { ROUTE_ACCESS, decideRouteAccess, findRouteAccess, signingInPath } from './route-access.ts';

/** A concrete path for a table pattern: every `:param` becomes a sample id. */
function samplePath(pattern: string): string {
  return pattern.replace(/:[a-z]+/g, '6f1c2f0e-4f0b-4a5e-9d55-0c8a3f1d2b7e');
}

/** The route table of docs/product.md, Screens and routes, as written there (admitted roles per Access rules), checked row by row against the data. */
const LISTED_SIGNED_IN_ROWS: Record<string, Role[]> = {
  '/profile': ['seller', 'manager'],
  '/cause-profile': ['cause'],
  '/add-event': ['user', 'manager'],
  '/cause/:id/edit': ['seller', 'manager', 'cause'],
  '/account': ['user', 'seller', 'manager', 'cause'],
  '/guest-preferences': ['user', 'seller', 'manager'],
  '/verify-email': ['user', 'seller', 'manager', 'cause'],
  '/bookings': ['user', 'seller', 'manager', 'cause'],
  '/bookings/:id': ['user', 'seller', 'manager', 'cause'],
  '/bookings/:id/edit': ['user', 'seller', 'manager'],
  '/bookings/:id/change-time': ['user', 'seller', 'manager'],
  '/bookings/:id/suggest-a-time': ['user', 'seller', 'manager'],
  '/bookings/:id/guest-preferences': ['user', 'seller', 'manager'],
  '/bookings/:id/payment': ['user', 'manager', 'cause'],
  '/bookings/payments': ['user', 'seller', 'manager', 'cause'],
  '/notifications': ['user', 'seller', 'manager'],
  '/sub-manager/add': ['manager'],
  '/payments': ['seller', 'manager', 'cause'],
  '/payment-management': ['seller', 'cause'],
};
const LISTED_PUBLIC = ['/blog', '/blog/:id', '/help', '/causes', '/cause/:id', '/share/:id', '/donate/:id', '/intermediary/:id', '/404', '/about', '/contact', '/restaurants', '/how-it-works', '/privacy', '/terms', '/', '/:id', '/signing-in'];
const LISTED_SIGNED_OUT = ['/share/:id/payment', '/management-access', '/register-as-a-restaurant', '/sign-in', '/sign-up', '/forgot-password', '/reset-password'];

describe('route-access table', () => {
  it('holds every listed route exactly once', () => {
    const paths = ROUTE_ACCESS.map((row) => row.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [...LISTED_PUBLIC, ...LISTED_SIGNED_OUT, ...Object.keys(LISTED_SIGNED_IN_ROWS)]) {
      expect(paths).toContain(path);
    }
  });

  for (const path of LISTED_PUBLIC) {
    it(`lets everyone open public ${path}`, () => {
      expect(findRouteAccess(samplePath(path))?.access).toBe('public');
      expect(decideRouteAccess(samplePath(path), null)).toEqual({ kind: 'allow' });
      for (const role of ROLES) expect(decideRouteAccess(samplePath(path), role)).toEqual({ kind: 'allow' });
    });
  }

  for (const path of LISTED_SIGNED_OUT) {
    it(`sends signed-in users from ${path} home and lets visitors in`, () => {
      expect(decideRouteAccess(samplePath(path), null)).toEqual({ kind: 'allow' });
      for (const role of ROLES) expect(decideRouteAccess(samplePath(path), role)).toEqual({ kind: 'home' });
    });
  }

  for (const row of ROUTE_ACCESS) {
    if (row.access !== 'signed-in') continue;
    it(`guards ${row.path}: visitors sign in, admitted roles pass, others get 404`, () => {
      const path = `${samplePath(row.path)}?tab=1`;
      expect(decideRouteAccess(path, null)).toEqual({ kind: 'sign-in', redirect: path });
      const expected = LISTED_SIGNED_IN_ROWS[row.path] ?? row.roles;
      for (const role of ROLES) {
        expect(decideRouteAccess(path, role)).toEqual(expected.includes(role) ? { kind: 'allow' } : { kind: 'not-found' });
      }
    });
  }

  it('prefers a static segment over a parameter', () => {
    expect(findRouteAccess('/bookings/payments')?.path).toBe('/bookings/payments');
    expect(findRouteAccess('/cause/abc/edit')?.path).toBe('/cause/:id/edit');
    expect(findRouteAccess('/sign-in')?.path).toBe('/sign-in');
    expect(findRouteAccess('/the-local-bistro')?.path).toBe('/:id');
  });

  it('leaves routes outside the table unguarded', () => {
    expect(findRouteAccess('/some/deep/unknown/path')).toBeUndefined();
    expect(decideRouteAccess('/some/deep/unknown/path', null)).toEqual({ kind: 'allow' });
  });

  it('builds the signing-in address with the original path and query', () => {
    expect(signingInPath('/bookings?status=DRAFT')).toBe('/signing-in?redirect=%2Fbookings%3Fstatus%3DDRAFT');
  });
});

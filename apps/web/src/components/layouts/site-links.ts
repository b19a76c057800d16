import { PUBLIC_NAVIGATION } from '@goodtable/shared';
import type { Session } from '../../lib/session.ts';

export { PUBLIC_NAVIGATION };

/** docs/product.md, Roles and permissions: of the signed-in roles only clients see the Restaurants item (visitors see it too). */
export function navigationFor(session: Session) {
  return PUBLIC_NAVIGATION.filter((link) => link.to !== '/restaurants' || session.status !== 'signed-in' || session.role === 'user');
}

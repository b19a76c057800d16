import { PUBLIC_NAVIGATION } from '@goodtable/shared';
import type { Session } from '../../lib/session.ts';

export { PUBLIC_NAVIGATION };

/** docs/product.md, Roles and permissions: of the signed-in roles only clients see the Restaurants item (visitors see it too). */
export function navigationFor(session: Session) {
  return PUBLIC_NAVIGATION.filter((link) => link.to !== '/restaurants' || session.status !== 'signed-in' || session.role === 'user');
}

/** The footer's element id: the served page's footer is hydrated when it comes near the viewport (site-layout.tsx). */
export const SITE_FOOTER_ID = 'site-footer';

/** The phone menu's button (hidden from lg up): a served page hydrates it when it shows (site-header.tsx). */
export const PHONE_MENU_BUTTON_ID = 'phone-menu-button';

import type { Session } from '../../lib/session.ts';

/** The public pages the header, the phone menu and the footer lead to (issue 12 item 7). */
export const PUBLIC_NAVIGATION = [
  { to: '/restaurants', labelKey: 'header.restaurants' },
  { to: '/causes', labelKey: 'header.causes' },
  { to: '/how-it-works', labelKey: 'header.howItWorks' },
  { to: '/blog', labelKey: 'header.blog' },
  { to: '/help', labelKey: 'header.help' },
] as const;

/** SPEC.md §6: of the signed-in roles only clients see the Restaurants item (visitors see it too). */
export function navigationFor(session: Session) {
  return PUBLIC_NAVIGATION.filter((link) => link.to !== '/restaurants' || session.status !== 'signed-in' || session.role === 'user');
}

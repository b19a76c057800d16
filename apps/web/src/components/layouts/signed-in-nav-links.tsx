import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Me } from '@goodtable/shared';
import { useSignedInLinks } from './signed-in-links.ts';

const navLinkClassName = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? 'text-brand-800' : 'text-slate-600 hover:text-slate-900'}`;

/**
 * Bookings, the acting restaurant's bookings and Payments in the header: every signed-in role's own links (bookings
 * issue item 10). Its own chunk: public pages, mostly visited signed out, do not load it.
 */
export function SignedInNavLinks({ user }: { user: Me }) {
  const { t } = useTranslation();
  return useSignedInLinks(user).map((link) => (
    <NavLink key={link.to} to={link.to} end className={navLinkClassName}>
      {t(link.labelKey, link.values)}
    </NavLink>
  ));
}

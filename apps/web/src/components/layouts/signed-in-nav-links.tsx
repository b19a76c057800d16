import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Me } from '@goodtable/shared';
import { useSignedInLinks } from './signed-in-links.ts';

const navLinkClassName = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? 'text-brand-800' : 'text-slate-600 hover:text-slate-900'}`;

/**
 * Bookings and Payments in the header, for every signed-in role but managers. A manager's links name restaurants
 * (all of them, or the one it acts for) and, beside its switcher, would push the bell and the profile menu off the
 * screen: they live in its sidebar and profile menu. Its own chunk: public pages, mostly visited signed out, do not load it.
 */
export function SignedInNavLinks({ user }: { user: Me }) {
  const { t } = useTranslation();
  const links = useSignedInLinks(user);
  if (user.role === 'manager') return null;
  return links.map((link) => (
    <NavLink key={link.to} to={link.to} end className={navLinkClassName}>
      {t(link.labelKey, link.values)}
    </NavLink>
  ));
}

import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import type { Me } from '@goodtable/shared';
import { useSignOut } from '../../lib/session-changes.ts';
import { setSessionLanding } from '../../lib/sign-in-landing.ts';
import { useSignedInLinks } from './signed-in-links.ts';

/** docs/product.md, Screens and routes: Additional Members is for managers who are not themselves sub-managers (no parent user). */
export function canAddTeamMembers(user: Pick<Me, 'role' | 'fkUser'>): boolean {
  return user.role === 'manager' && user.fkUser === null;
}

function initials(user: Pick<Me, 'first_name' | 'last_name'>): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

const menuItemClassName = 'block w-full px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-brand-50 data-focus:text-brand-900';

/** Profile menu of a signed-in user: Bookings and Payments, Settings, Additional Members (managers) and Sign out; keyboard usable. */
export function ProfileMenu({ user }: { user: Me }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const links = useSignedInLinks(user);

  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex items-center gap-2 rounded-full p-0.5 pr-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
        <span className="sr-only">{t('header.profileMenu')}</span>
        {user.avatar ? (
          <img src={user.avatar} alt="" className="size-8 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800">
            {initials(user)}
          </span>
        )}
        <span className="hidden max-w-32 truncate sm:inline" aria-hidden="true">
          {user.first_name}
        </span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg [--anchor-gap:6px] focus:outline-none"
      >
        <div className="px-4 py-2 text-xs text-slate-500">
          <p className="truncate font-medium text-slate-800">
            {user.first_name} {user.last_name}
          </p>
          <p className="truncate">{user.email}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        {links.map((link) => (
          <MenuItem key={link.to}>
            <Link to={link.to} className={menuItemClassName}>
              {t(link.labelKey, link.values)}
            </Link>
          </MenuItem>
        ))}
        {links.length > 0 ? <MenuSeparator className="my-1 h-px bg-slate-100" /> : null}
        <MenuItem>
          <Link to="/account" className={menuItemClassName}>
            {t('header.settings')}
          </Link>
        </MenuItem>
        {canAddTeamMembers(user) ? (
          <MenuItem>
            <Link to="/sub-manager/add" className={menuItemClassName}>
              {t('header.additionalMembers')}
            </Link>
          </MenuItem>
        ) : null}
        <MenuItem>
          <button
            type="button"
            className={menuItemClassName}
            onClick={() =>
              void signOut(() => {
                setSessionLanding('/');
                return navigate('/', { replace: true });
              })
            }
          >
            {t('header.signOut')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

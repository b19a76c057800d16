import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Me, Role } from '@goodtable/shared';
import { useAvailableScreens } from '../../lib/available-screens.ts';
import { useSession } from '../../lib/session.ts';
import { Logo } from './logo.tsx';
import { useSignedInLinks } from './signed-in-links.ts';

type SidebarItem = { path: string; labelKey: string; values?: Record<string, string>; roles: readonly Role[] };

const ALL_ROLES: readonly Role[] = ['user', 'seller', 'manager', 'cause'];

/** The role's other sections, after the links every signed-in role has (bookings, payments). */
const sectionItems: readonly SidebarItem[] = [
  { path: '/add-event', labelKey: 'sidebar.addEvent', roles: ['user', 'manager'] },
  { path: '/restaurants', labelKey: 'sidebar.restaurants', roles: ['user'] },
  { path: '/notifications', labelKey: 'sidebar.notifications', roles: ['user', 'seller', 'manager'] },
  { path: '/profile', labelKey: 'sidebar.restaurantProfile', roles: ['seller', 'manager'] },
  { path: '/cause-profile', labelKey: 'sidebar.causeProfile', roles: ['cause'] },
  { path: '/guest-preferences', labelKey: 'sidebar.guestPreferences', roles: ['user', 'seller', 'manager'] },
  { path: '/account', labelKey: 'sidebar.account', roles: ALL_ROLES },
];

function SidebarLinks({ user }: { user: Me }) {
  const { t } = useTranslation();
  const availableScreens = useAvailableScreens();
  const items: SidebarItem[] = [
    ...useSignedInLinks(user).map((link) => ({ path: link.to, labelKey: link.labelKey, values: link.values, roles: ALL_ROLES })),
    ...sectionItems.filter((item) => item.roles.includes(user.role) && availableScreens.has(item.path)),
  ];
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.path}>
          <NavLink
            to={item.path}
            end
            className={({ isActive }) =>
              `block rounded-md px-3 py-2 text-sm font-medium ${
                isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
              }`
            }
          >
            {t(item.labelKey, item.values)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Dashboard sidebar: the signed-in user's sections that have a screen, by role. */
export function SidebarNavigation() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center border-b border-slate-200 px-5">
        <Logo />
      </div>
      <nav aria-label={t('sidebar.navigation')} className="flex-1 px-3 py-4">
        {session.status === 'signed-in' ? <SidebarLinks user={session.user} /> : null}
      </nav>
    </div>
  );
}

import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Me, Role } from '@goodtable/shared';
import { useAvailableScreens } from '../../lib/available-screens.ts';
import { useSession } from '../../lib/session.ts';
import { Logo } from './logo.tsx';

type SidebarItem = { path: string; labelKey: string; roles: readonly Role[] };

/** SPEC.md §6: clients see their payments; others their payouts, or the payout set-up until they have an account. */
export function paymentsPath(user: Pick<Me, 'role' | 'connected_account_id'>): string {
  if (user.role === 'user') return '/bookings/payments';
  return user.connected_account_id ? '/payments' : '/payment-management';
}

function sidebarItems(user: Me): SidebarItem[] {
  return [
    { path: '/bookings', labelKey: 'sidebar.bookings', roles: ['user', 'seller', 'manager', 'cause'] },
    { path: '/add-event', labelKey: 'sidebar.addEvent', roles: ['user', 'manager'] },
    { path: '/restaurants', labelKey: 'sidebar.restaurants', roles: ['user'] },
    { path: '/notifications', labelKey: 'sidebar.notifications', roles: ['user', 'seller', 'manager'] },
    { path: paymentsPath(user), labelKey: 'sidebar.payments', roles: ['user', 'seller', 'manager', 'cause'] },
    { path: '/profile', labelKey: 'sidebar.restaurantProfile', roles: ['seller', 'manager'] },
    { path: '/cause-profile', labelKey: 'sidebar.causeProfile', roles: ['cause'] },
    { path: '/guest-preferences', labelKey: 'sidebar.guestPreferences', roles: ['user', 'seller', 'manager'] },
    { path: '/account', labelKey: 'sidebar.account', roles: ['user', 'seller', 'manager', 'cause'] },
  ];
}

/** Dashboard sidebar: the signed-in user's sections that have a screen, by role. */
export function SidebarNavigation() {
  const { t } = useTranslation();
  const session = useSession();
  const availableScreens = useAvailableScreens();
  const items =
    session.status === 'signed-in'
      ? sidebarItems(session.user).filter((item) => item.roles.includes(session.role) && availableScreens.has(item.path))
      : [];

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center border-b border-slate-200 px-5">
        <Logo />
      </div>
      <nav aria-label={t('sidebar.navigation')} className="flex-1 px-3 py-4">
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.path}>
              <NavLink
                to={item.path}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm font-medium ${
                    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                  }`
                }
              >
                {t(item.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

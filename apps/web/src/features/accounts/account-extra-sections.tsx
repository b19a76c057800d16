import { decideRouteAccess, type Me } from '@goodtable/shared';
import { AccountSecuritySections } from './account-security.tsx';
import { ManagedRestaurantsSection } from './managed-restaurants-section.tsx';
import { ManagerRequestsSection } from './manager-requests-section.tsx';
import { NotificationSettingsSection } from './notification-settings-section.tsx';

/**
 * What /account adds below the personal details: the role's team sections, the notification settings for
 * the roles that have notifications, then security.
 */
export function AccountExtraSections({ user }: { user: Me }) {
  return (
    <div className="mt-8 space-y-8">
      {user.role === 'manager' ? <ManagedRestaurantsSection user={user} /> : null}
      {user.role === 'seller' ? <ManagerRequestsSection /> : null}
      {decideRouteAccess('/notifications', user.role).kind === 'allow' ? <NotificationSettingsSection role={user.role} /> : null}
      <AccountSecuritySections />
    </div>
  );
}

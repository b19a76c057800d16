import type { Me } from '@goodtable/shared';
import { AccountSecuritySections } from './account-security.tsx';
import { ManagedRestaurantsSection } from './managed-restaurants-section.tsx';
import { ManagerRequestsSection } from './manager-requests-section.tsx';

/** What /account adds below the personal details (issue 3): the role's team sections, then security. */
export function AccountExtraSections({ user }: { user: Me }) {
  return (
    <div className="mt-8 space-y-8">
      {user.role === 'manager' ? <ManagedRestaurantsSection user={user} /> : null}
      {user.role === 'seller' ? <ManagerRequestsSection /> : null}
      <AccountSecuritySections />
    </div>
  );
}

import type { Me } from '@goodtable/shared';
import { SignedInNavLinks } from '../components/layouts/signed-in-nav-links.tsx';
import { CausesDropdown } from '../features/causes/causes-dropdown.tsx';

/**
 * Header navigation of a signed-in user: Bookings and Payments, and the causes
 * dropdown for cause users. One chunk, loaded only once someone is signed in.
 */
export function HeaderNavigationExtras({ user }: { user: Me }) {
  return (
    <>
      <SignedInNavLinks user={user} />
      {user.role === 'cause' ? <CausesDropdown /> : null}
    </>
  );
}

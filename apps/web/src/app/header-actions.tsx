import { decideRouteAccess, type Me } from '@goodtable/shared';
import { SpeakerSwitcher } from '../features/accounts/speaker-switcher.tsx';
import { NotificationsBell } from '../features/notifications/notifications-bell.tsx';

/**
 * Header actions of a signed-in user (docs/product.md, Screens and routes): the manager's speaker switcher and the notifications popover (for
 * the roles `/notifications` admits). One chunk, loaded only once someone is signed in.
 */
export function HeaderActions({ user }: { user: Me }) {
  return (
    <>
      {user.role === 'manager' ? <SpeakerSwitcher user={user} /> : null}
      {decideRouteAccess('/notifications', user.role).kind === 'allow' ? <NotificationsBell /> : null}
    </>
  );
}

import { useSession } from '../../lib/session.ts';
import { AccountBanners } from './account-banners.tsx';
import { TimezonePrompt } from './timezone-prompt.tsx';

/** Signed-in screens' account notices: the banners of docs/product.md, Roles and permissions above the
 * content and the timezone prompt of docs/product.md, Screens and routes. */
export function AccountNotices() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <>
      <AccountBanners user={session.user} />
      <TimezonePrompt key={session.user.timezone} user={session.user} />
    </>
  );
}

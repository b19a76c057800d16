import { useSession } from '../../lib/session.ts';
import { AccountBanners } from './account-banners.tsx';
import { TimezonePrompt } from './timezone-prompt.tsx';

/** Signed-in screens' account notices: SPEC.md §6 banners above the content and the §2 timezone prompt. */
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

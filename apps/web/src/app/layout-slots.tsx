import { lazy, Suspense, use, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@goodtable/shared';
import type { LayoutSlots } from '../components/layouts/layout-slots.tsx';
import { RegisterRestaurantLink } from '../features/accounts/register-restaurant-link.tsx';
import { connectedAccountQueryKey, fetchConnectedAccount, seesPayoutBanners } from '../lib/connected-account.ts';
import { i18n } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';

// Signed-in parts of the layouts load in their own chunks: public pages (most first visits) never need them.
const LazyHeaderNavigationExtras = lazy(async () => ({ default: (await import('./header-navigation-extras.tsx')).HeaderNavigationExtras }));
const LazyHeaderActions = lazy(async () => ({ default: (await import('./header-actions.tsx')).HeaderActions }));
// Rendered inside the footer's and the page's own Suspense boundaries.
const SubscribeForm = lazy(async () => ({ default: (await import('../features/site/subscribe-form.tsx')).SubscribeForm }));

type AccountNoticesModule = typeof import('../features/accounts/account-notices.tsx');
let accountNoticesLoad: { userId: string; ready: Promise<AccountNoticesModule> } | undefined;

/**
 * Everything the account notices need before they render, loaded once per signed-in user: their code, their texts
 * and, for the payout banners, the connected account.
 */
function accountNoticesReady(queryClient: QueryClient, user: Me): Promise<AccountNoticesModule> {
  if (accountNoticesLoad?.userId !== user.id) {
    const ready = Promise.all([
      import('../features/accounts/account-notices.tsx'),
      i18n.loadNamespaces('accounts'),
      seesPayoutBanners(user) ? queryClient.prefetchQuery({ queryKey: connectedAccountQueryKey, queryFn: fetchConnectedAccount }) : undefined,
    ]).then(([notices]) => notices);
    accountNoticesLoad = { userId: user.id, ready };
  }
  return accountNoticesLoad.ready;
}

function HeaderNavigationExtras({ user }: { user: Me }): ReactNode {
  return (
    <Suspense fallback={null}>
      <LazyHeaderNavigationExtras user={user} />
    </Suspense>
  );
}

/** Header (docs/product.md, Screens and routes): the manager's speaker switcher (own view or a restaurant's) and the notifications popover. */
function HeaderActions({ user }: { user: Me }): ReactNode {
  return (
    <Suspense fallback={null}>
      <LazyHeaderActions user={user} />
    </Suspense>
  );
}

/**
 * The banners and the time-zone prompt above a signed-in screen's content. No Suspense boundary of their own: they
 * wait with the screen and appear with it. Arriving after it, they pushed the content down under the pointer (a
 * click as they came landed on whatever moved there; the browser suite lost a click to it).
 */
function AccountNotices(): ReactNode {
  const session = useSession();
  const queryClient = useQueryClient();
  if (session.status !== 'signed-in') return null;
  const { AccountNotices: Notices } = use(accountNoticesReady(queryClient, session.user));
  return <Notices />;
}

/** What the features put into the shared layouts; the app layer is the only place that composes features. */
export const layoutSlots: LayoutSlots = { HeaderNavigationExtras, HeaderActions, AccountNotices, RegisterRestaurantLink, SubscribeForm };

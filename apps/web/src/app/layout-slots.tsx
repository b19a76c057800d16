import { lazy, Suspense, type ReactNode } from 'react';
import type { Me } from '@goodtable/shared';
import type { LayoutSlots } from '../components/layouts/layout-slots.tsx';
import { RegisterRestaurantLink } from '../features/accounts/register-restaurant-link.tsx';
import { useSession } from '../lib/session.ts';
import { lazyNearViewport } from '../lib/lazy-near-viewport.ts';
import { HOME_SUBSCRIBE_HEADING_ID } from '../features/home/home-page-ids.ts';

// Signed-in parts of the layouts load in their own chunks: public pages (most first visits) never need them.
const LazyHeaderNavigationExtras = lazy(async () => ({ default: (await import('./header-navigation-extras.tsx')).HeaderNavigationExtras }));
const LazyHeaderActions = lazy(async () => ({ default: (await import('./header-actions.tsx')).HeaderActions }));
// Rendered inside the footer's and the home page's own Suspense boundaries. The footer hydrates near the viewport
// already; the home page's form (at its foot) too (docs/decisions/0262-below-the-fold-parts-hydrate-when-near.md).
const SubscribeForm = lazyNearViewport(HOME_SUBSCRIBE_HEADING_ID, async () => (await import('../features/site/subscribe-form.tsx')).SubscribeForm);
const AccountNoticesSlot = lazy(async () => ({ default: (await import('./account-notices-slot.tsx')).AccountNoticesSlot }));

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
  if (session.status !== 'signed-in') return null;
  return <AccountNoticesSlot user={session.user} />;
}

/** What the features put into the shared layouts; the app layer is the only place that composes features. */
export const layoutSlots: LayoutSlots = { HeaderNavigationExtras, HeaderActions, AccountNotices, RegisterRestaurantLink, SubscribeForm };

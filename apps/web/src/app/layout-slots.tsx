import { lazy, Suspense, type ReactNode } from 'react';
import type { Me } from '@goodtable/shared';
import type { LayoutSlots } from '../components/layouts/layout-slots.tsx';
import { RegisterRestaurantLink } from '../features/accounts/register-restaurant-link.tsx';

// Signed-in parts of the layouts load in their own chunks: public pages (most first visits) never need them.
const LazyHeaderNavigationExtras = lazy(async () => ({ default: (await import('./header-navigation-extras.tsx')).HeaderNavigationExtras }));
const LazyHeaderActions = lazy(async () => ({ default: (await import('./header-actions.tsx')).HeaderActions }));
// Rendered inside the footer's and the page's own Suspense boundaries.
const SubscribeForm = lazy(async () => ({ default: (await import('../features/site/subscribe-form.tsx')).SubscribeForm }));
const LazyAccountNotices = lazy(async () => ({ default: (await import('../features/accounts/account-notices.tsx')).AccountNotices }));

function HeaderNavigationExtras({ user }: { user: Me }): ReactNode {
  return (
    <Suspense fallback={null}>
      <LazyHeaderNavigationExtras user={user} />
    </Suspense>
  );
}

/** SPEC.md §2 header: the manager's speaker switcher (own view or a restaurant's) and the notifications popover. */
function HeaderActions({ user }: { user: Me }): ReactNode {
  return (
    <Suspense fallback={null}>
      <LazyHeaderActions user={user} />
    </Suspense>
  );
}

function AccountNotices(): ReactNode {
  return (
    <Suspense fallback={null}>
      <LazyAccountNotices />
    </Suspense>
  );
}

/** What the features put into the shared layouts; the app layer is the only place that composes features. */
export const layoutSlots: LayoutSlots = { HeaderNavigationExtras, HeaderActions, AccountNotices, RegisterRestaurantLink, SubscribeForm };

import { lazy, Suspense, type ReactNode } from 'react';
import type { Me } from '@goodtable/shared';
import type { LayoutSlots } from '../components/layouts/layout-slots.tsx';
import { RegisterRestaurantLink } from '../features/accounts/register-restaurant-link.tsx';

// Signed-in parts of the layouts load in their own chunks: public pages (most first visits) never need them.
const CausesDropdown = lazy(async () => ({ default: (await import('../features/causes/causes-dropdown.tsx')).CausesDropdown }));
const SpeakerSwitcher = lazy(async () => ({ default: (await import('../features/accounts/speaker-switcher.tsx')).SpeakerSwitcher }));
const LazyAccountNotices = lazy(async () => ({ default: (await import('../features/accounts/account-notices.tsx')).AccountNotices }));

/** SPEC.md §2 header: the causes dropdown for cause users. */
function HeaderNavigationExtras({ user }: { user: Me }): ReactNode {
  return user.role === 'cause' ? (
    <Suspense fallback={null}>
      <CausesDropdown />
    </Suspense>
  ) : null;
}

/** SPEC.md §2 header: the manager's speaker switcher (own view or a restaurant's); notifications will join it. */
function HeaderActions({ user }: { user: Me }): ReactNode {
  return user.role === 'manager' ? (
    <Suspense fallback={null}>
      <SpeakerSwitcher user={user} />
    </Suspense>
  ) : null;
}

function AccountNotices(): ReactNode {
  return (
    <Suspense fallback={null}>
      <LazyAccountNotices />
    </Suspense>
  );
}

/** What the features put into the shared layouts; the app layer is the only place that composes features. */
export const layoutSlots: LayoutSlots = { HeaderNavigationExtras, HeaderActions, AccountNotices, RegisterRestaurantLink };

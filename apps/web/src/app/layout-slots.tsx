import type { ReactNode } from 'react';
import type { Me } from '@goodtable/shared';
import type { LayoutSlots } from '../components/layouts/layout-slots.tsx';
import { AccountNotices } from '../features/accounts/account-notices.tsx';
import { RegisterRestaurantLink } from '../features/accounts/register-restaurant-link.tsx';
import { SpeakerSwitcher } from '../features/accounts/speaker-switcher.tsx';
import { CausesDropdown } from '../features/causes/causes-dropdown.tsx';

/** SPEC.md §2 header: the causes dropdown for cause users. */
function HeaderNavigationExtras({ user }: { user: Me }): ReactNode {
  return user.role === 'cause' ? <CausesDropdown /> : null;
}

/** SPEC.md §2 header: the manager's speaker switcher (own view or a restaurant's); notifications will join it. */
function HeaderActions({ user }: { user: Me }): ReactNode {
  return user.role === 'manager' ? <SpeakerSwitcher user={user} /> : null;
}

/** What the features put into the shared layouts; the app layer is the only place that composes features. */
export const layoutSlots: LayoutSlots = { HeaderNavigationExtras, HeaderActions, AccountNotices, RegisterRestaurantLink };

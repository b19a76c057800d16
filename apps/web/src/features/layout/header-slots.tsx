import type { ReactNode } from 'react';
import type { Session } from '../../lib/session.ts';
import { SpeakerSwitcher } from '../accounts/speaker-switcher.tsx';
import { CausesDropdown } from '../causes/causes-dropdown.tsx';

/**
 * Header areas that later features fill (SPEC.md §2 header): the causes dropdown, the manager's speaker switcher
 * (own view or a restaurant's view) and the notifications popover. Each returns null until its feature exists.
 */
export type HeaderSlots = {
  causesDropdown: ReactNode;
  speakerSwitcher: ReactNode;
  notificationsPopover: ReactNode;
};

export function useHeaderSlots(session: Session): HeaderSlots {
  return { causesDropdown: session.role === 'cause' ? <CausesDropdown /> : null, speakerSwitcher: session.status === 'signed-in' && session.role === 'manager' ? <SpeakerSwitcher user={session.user} /> : null, notificationsPopover: null };
}

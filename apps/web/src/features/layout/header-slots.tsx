import type { ReactNode } from 'react';
import type { Session } from '../../lib/session.ts';

/**
 * Header areas that later features fill (SPEC.md §2 header): the causes dropdown, the manager's speaker switcher
 * (own view or a restaurant's view) and the notifications popover. Each returns null until its feature exists.
 */
export type HeaderSlots = {
  causesDropdown: ReactNode;
  speakerSwitcher: ReactNode;
  notificationsPopover: ReactNode;
};

export function useHeaderSlots(_session: Session): HeaderSlots {
  return { causesDropdown: null, speakerSwitcher: null, notificationsPopover: null };
}

import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Me } from '@goodtable/shared';

/**
 * The parts of the shared layouts that features fill: the causes dropdown (header navigation), the manager's speaker
 * switcher and notifications (header actions), the account banners and time-zone prompt, and the "Register as a
 * restaurant" link. Layouts are shared UI and must not import features, so the app layer provides them here.
 */
export type LayoutSlots = {
  HeaderNavigationExtras: ComponentType<{ user: Me }>;
  HeaderActions: ComponentType<{ user: Me }>;
  AccountNotices: ComponentType;
  RegisterRestaurantLink: ComponentType<{ className?: string; children: ReactNode }>;
  /** The mailing-list form (footer and home page). */
  SubscribeForm: ComponentType<SubscribeFormProps>;
};

export type SubscribeFormProps = { idPrefix: string; tone: 'light' | 'dark' };

const renderNothing = () => null;

/** Without a provider (unit tests of a layout) the slots are empty. */
export const LayoutSlotsContext = createContext<LayoutSlots>({
  HeaderNavigationExtras: renderNothing,
  HeaderActions: renderNothing,
  AccountNotices: renderNothing,
  RegisterRestaurantLink: renderNothing,
  SubscribeForm: renderNothing,
});

export function useLayoutSlots(): LayoutSlots {
  return useContext(LayoutSlotsContext);
}

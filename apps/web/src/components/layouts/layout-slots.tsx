import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
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
};

const renderNothing = () => null;

function PlainRegisterRestaurantLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Link to="/register-as-a-restaurant" className={className}>
      {children}
    </Link>
  );
}

/** Without a provider (unit tests of a layout) the slots are empty and the register link is a plain link. */
export const LayoutSlotsContext = createContext<LayoutSlots>({
  HeaderNavigationExtras: renderNothing,
  HeaderActions: renderNothing,
  AccountNotices: renderNothing,
  RegisterRestaurantLink: PlainRegisterRestaurantLink,
});

export function useLayoutSlots(): LayoutSlots {
  return useContext(LayoutSlotsContext);
}

import { useQuery } from '@tanstack/react-query';
import type { Me, Role } from '@goodtable/shared';
import { useAvailableScreens } from '../../lib/available-screens.ts';
import { connectedAccountQuery } from '../../lib/connected-account.ts';
import { useSpeaker } from '../../lib/speaker.ts';

/**
 * Payments link (docs/product.md, Roles and permissions): a client's payments are `/bookings/payments`; a seller or cause goes to `/payments` with a
 * connected payout account, else to `/payment-management` to set one up. A manager is never paid out itself (its
 * restaurants are) and `/payment-management` turns managers away (docs/product.md, Screens and routes): its link is All Payments, `/payments`.
 */
export function paymentsPath({ role, hasConnectedAccount }: { role: Role; hasConnectedAccount: boolean }): string {
  if (role === 'user') return '/bookings/payments';
  if (role === 'manager') return '/payments';
  return hasConnectedAccount ? '/payments' : '/payment-management';
}

export type SignedInLink = {
  to: string;
  /** `common` key of the label; `values` fill it in. */
  labelKey: string;
  values?: Record<string, string>;
};

/** The route-access path a link leads to, to check that its screen exists. */
const routeOf = (to: string) => to.replace(/\?.*$/, '').replace(/^\/restaurants\/[^/]+\/bookings$/, '/restaurants/:id/bookings');

/**
 * The links every signed-in role has in the header, the profile menu and the sidebar:
 * Bookings, the acting restaurant's bookings and payments for a manager acting for one, and Payments. Only links whose screen
 * exists; the payments link of a non-client waits for the connected-account answer (no link rather than a wrong one).
 */
export function useSignedInLinks(user: Me): SignedInLink[] {
  const availableScreens = useAvailableScreens();
  const { selected } = useSpeaker(user);
  const needsAccount = (user.role === 'seller' || user.role === 'cause') && (availableScreens.has('/payments') || availableScreens.has('/payment-management'));
  const connectedAccount = useQuery({ ...connectedAccountQuery(), enabled: needsAccount });

  // A manager's Bookings and Payments span every restaurant it runs: their labels say so beside one restaurant's.
  const everyRestaurant = user.role === 'manager';
  const paymentsLabelKey = everyRestaurant ? 'nav.allPayments' : 'nav.payments';
  const links: SignedInLink[] = [{ to: '/bookings', labelKey: everyRestaurant ? 'nav.allBookings' : 'nav.bookings' }];
  if (selected) {
    const values = { restaurant: selected.name ?? selected.email };
    links.push({ to: `/restaurants/${selected.id}/bookings`, labelKey: 'nav.restaurantBookings', values });
    links.push({ to: `/payments?restaurant_id=${selected.id}`, labelKey: 'nav.restaurantPayments', values });
  }
  if (!needsAccount) links.push({ to: paymentsPath({ role: user.role, hasConnectedAccount: false }), labelKey: paymentsLabelKey });
  else if (connectedAccount.isSuccess) links.push({ to: paymentsPath({ role: user.role, hasConnectedAccount: connectedAccount.data !== null }), labelKey: paymentsLabelKey });
  return links.filter((link) => availableScreens.has(routeOf(link.to)));
}

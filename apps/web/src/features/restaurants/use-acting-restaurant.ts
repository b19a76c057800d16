import { useParams } from 'react-router';
import { useSession } from '../../lib/session.ts';

export type ActingRestaurant =
  | { kind: 'loading' }
  /** A restaurant screen: the seller's own, or `/guests/{id}/…` of a manager acting for restaurant `id`. */
  | { kind: 'restaurant'; restaurantId: string; actingAsManager: boolean }
  /** A manager in its own view: it first picks one of its restaurants. */
  | { kind: 'choose-restaurant' }
  /** A client (its own defaults on /guest-preferences). */
  | { kind: 'client' }
  | { kind: 'other' };

/**
 * Whose restaurant screens show: `/guests/{id}/…` names the restaurant a manager acts for (the API checks that it
 * runs it); otherwise a seller works on its own restaurant (its user id).
 */
export function useActingRestaurant(): ActingRestaurant {
  const session = useSession();
  const { id } = useParams();
  if (session.status !== 'signed-in') return { kind: 'loading' };
  if (session.role === 'manager') {
    return id ? { kind: 'restaurant', restaurantId: id, actingAsManager: true } : { kind: 'choose-restaurant' };
  }
  if (session.role === 'seller') return { kind: 'restaurant', restaurantId: session.user.id, actingAsManager: false };
  if (session.role === 'user') return { kind: 'client' };
  return { kind: 'other' };
}

import { and, eq } from 'drizzle-orm';
import { managerRestaurants } from '../../db/schema/index.ts';
import { notAllowed } from '../../lib/domain-errors.ts';
import type { SignedInContext, Viewer } from '../../lib/service-context.ts';

/**
 * The manager whose restaurant links a viewer uses: a sub-manager acts through its parent's team. Every manager
 * permission check goes through here, so a sub-manager whose manager's account is deleted acts for no one.
 */
export function teamManagerId(viewer: Pick<Viewer, 'id' | 'role' | 'parentUserId' | 'teamClosed'>): string | undefined {
  if (viewer.role !== 'manager' || viewer.teamClosed) return undefined;
  return viewer.parentUserId ?? viewer.id;
}

/** True when the viewer may act for restaurant (seller user) `restaurantId`: it is that seller, or runs it. */
export async function canActForRestaurant({ db, viewer }: Pick<SignedInContext, 'db' | 'viewer'>, restaurantId: string): Promise<boolean> {
  if (viewer.role === 'seller') return viewer.id === restaurantId;
  const managerId = teamManagerId(viewer);
  if (!managerId) return false;
  const [link] = await db
    .select({ status: managerRestaurants.status })
    .from(managerRestaurants)
    .where(and(eq(managerRestaurants.managerId, managerId), eq(managerRestaurants.restaurantId, restaurantId), eq(managerRestaurants.status, 'active')))
    .limit(1);
  return link !== undefined;
}

/** Throws 403 unless the viewer may act for the restaurant. */
export async function assertCanActForRestaurant(ctx: Pick<SignedInContext, 'db' | 'viewer'>, restaurantId: string): Promise<void> {
  if (!(await canActForRestaurant(ctx, restaurantId))) throw notAllowed('You do not manage this restaurant', 'restaurants.notManaged');
}

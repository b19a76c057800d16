import type { Executor } from '../client.ts';
import { managerRestaurants } from '../schema/index.ts';
import { insertUser } from '../../modules/accounts/accounts.service.ts';

/** The demo manager's team member (README lists it): a sub-manager whose parent is manager@example.com. */
export const DEMO_SUB_MANAGER = { email: 'sub-manager@example.com', firstName: 'Tuan', lastName: 'Pham' } as const;

/**
 * Accounts demo data: the demo manager runs the demo restaurant (an active link) and has one
 * sub-manager who sees the same restaurants.
 */
export async function seedDemoAccounts(db: Executor, options: { managerId: string; restaurantId: string; passwordHash: string }): Promise<{ subManagerId: string }> {
  await db
    .insert(managerRestaurants)
    .values({ managerId: options.managerId, restaurantId: options.restaurantId, status: 'active' })
    .onConflictDoUpdate({ target: [managerRestaurants.managerId, managerRestaurants.restaurantId], set: { status: 'active' } });
  const subManager = await insertUser(db, {
    email: DEMO_SUB_MANAGER.email,
    role: 'manager',
    passwordHash: options.passwordHash,
    firstName: DEMO_SUB_MANAGER.firstName,
    lastName: DEMO_SUB_MANAGER.lastName,
    name: 'Harbour Hospitality Group',
    location: 'Brisbane QLD',
    timezone: 'Australia/Brisbane',
    isVerified: true,
    published: true,
    parentUserId: options.managerId,
  });
  return { subManagerId: subManager.id };
}

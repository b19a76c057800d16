import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { managerRestaurants, users, type ManagerRestaurantRow } from '../../db/schema/index.ts';

type LinkStatus = ManagerRestaurantRow['status'];

/** Restaurants linked to a manager (optionally of one status), by restaurant name, one page. */
export async function listManagerRestaurants(db: Executor, options: { managerId: string; status?: LinkStatus; page: number; limit: number }) {
  const where = and(
    eq(managerRestaurants.managerId, options.managerId),
    isNull(users.deletedAt),
    options.status ? eq(managerRestaurants.status, options.status) : undefined,
  );
  const { rows, total } = await paged(
    db
      .select({ link: managerRestaurants, restaurant: users })
      .from(managerRestaurants)
      .innerJoin(users, eq(users.id, managerRestaurants.restaurantId))
      .where(where)
      .orderBy(sql`lower(coalesce(${users.name}, ''))`, asc(users.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ total: count() }).from(managerRestaurants).innerJoin(users, eq(users.id, managerRestaurants.restaurantId)).where(where),
  );
  return { rows, totalResults: total };
}

export async function findLink(db: Executor, { managerId, restaurantId }: { managerId: string; restaurantId: string }) {
  const [row] = await db
    .select()
    .from(managerRestaurants)
    .where(and(eq(managerRestaurants.managerId, managerId), eq(managerRestaurants.restaurantId, restaurantId)))
    .limit(1);
  return row;
}

/** Creates the link, or (for an access request after a refusal) sets it back to `status`. */
export async function upsertLink(db: Executor, values: { managerId: string; restaurantId: string; status: LinkStatus }) {
  const now = new Date();
  await db
    .insert(managerRestaurants)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [managerRestaurants.managerId, managerRestaurants.restaurantId], set: { status: values.status, updatedAt: now } });
}

export async function setLinkStatus(db: Executor, { managerId, restaurantId, status }: { managerId: string; restaurantId: string; status: LinkStatus }) {
  const [row] = await db
    .update(managerRestaurants)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(managerRestaurants.managerId, managerId), eq(managerRestaurants.restaurantId, restaurantId)))
    .returning();
  return row;
}

export async function deleteLink(db: Executor, { managerId, restaurantId }: { managerId: string; restaurantId: string }) {
  const rows = await db
    .delete(managerRestaurants)
    .where(and(eq(managerRestaurants.managerId, managerId), eq(managerRestaurants.restaurantId, restaurantId)))
    .returning();
  return rows.length > 0;
}

/** Managers linked to a restaurant (its access requests and grants), newest first. */
export async function listLinksOfRestaurant(db: Executor, restaurantId: string) {
  return db
    .select({ link: managerRestaurants, manager: users })
    .from(managerRestaurants)
    .innerJoin(users, eq(users.id, managerRestaurants.managerId))
    .where(and(eq(managerRestaurants.restaurantId, restaurantId), isNull(users.deletedAt)))
    .orderBy(desc(managerRestaurants.createdAt));
}

/** Sub-managers ("Additional Members") of a manager. */
export async function listTeamMembers(db: Executor, managerId: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.parentUserId, managerId), eq(users.role, 'manager'), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt));
}

/** Restaurants a team's manager has an active link to (what the team runs). */
export async function listRunRestaurantIds(db: Executor, managerId: string): Promise<string[]> {
  const rows = await db
    .select({ restaurantId: managerRestaurants.restaurantId })
    .from(managerRestaurants)
    .where(and(eq(managerRestaurants.managerId, managerId), eq(managerRestaurants.status, 'active')));
  return rows.map((row) => row.restaurantId);
}

/** Every live manager account running a restaurant: managers with an active link and their sub-managers. */
export async function listRestaurantManagerIds(db: Executor, restaurantId: string): Promise<string[]> {
  const running = db
    .select({ id: managerRestaurants.managerId })
    .from(managerRestaurants)
    .where(and(eq(managerRestaurants.restaurantId, restaurantId), eq(managerRestaurants.status, 'active')));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'manager'), isNull(users.deletedAt), sql`(${users.id} in ${running} or ${users.parentUserId} in ${running})`));
  return rows.map((row) => row.id);
}

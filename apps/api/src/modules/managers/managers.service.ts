import type {
  AnswerAccessRequestInput,
  CreateManagedRestaurantInput,
  InviteTeamMemberInput,
  ManagedRestaurant,
  ManagerAccessRequest,
  PagedList,
  RestaurantAccessRequestInput,
  TeamMember,
} from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { ManagerRestaurantRow, UserRow } from '../../db/schema/index.ts';
import { DomainError, notAllowed, notFound, notSignedIn } from '../../lib/domain-errors.ts';
import type { SignedInContext, Viewer } from '../../lib/service-context.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import {
  anonymiseAccount,
  displayName,
  findUserByEmail,
  findUserById,
  insertUser,
  invitationLink,
  isEmailTaken,
  languageOf,
  queueEmail,
  type MailContext,
} from '../accounts/accounts.service.ts';
import { notifyManagerAccess, wantsNotificationEmail } from '../notifications/notifications.service.ts';
import { teamManagerId } from './manager-access.ts';
import {
  deleteLink,
  findLink,
  listLinksOfRestaurant,
  listManagerRestaurants,
  listRestaurantManagerIds,
  listRunRestaurantIds,
  listTeamMembers,
  setLinkStatus,
  upsertLink,
} from './managers.repository.ts';

// What other modules (bookings) use to decide who acts for a restaurant.
export { listRestaurantManagerIds };

/** Restaurants the viewer acts for: a seller its own; a manager (or sub-manager) those its team runs; others none. */
export async function restaurantsActedFor(db: Executor, viewer: Viewer): Promise<string[]> {
  if (viewer.role === 'seller') return [viewer.id];
  const team = teamManagerId(viewer);
  return team ? listRunRestaurantIds(db, team) : [];
}

/** Who may act for which restaurant: restaurants (and bookings) check access through these. */
export { assertCanActForRestaurant, canActForRestaurant, teamManagerId } from './manager-access.ts';

/** What managers' calls need besides the service context: mail for invitations and access requests, live for notifications. */
export type ManagersDeps = Pick<MailContext, 'mailer' | 'publicUrl'> & { live: LiveHub };
export type ManagersContext = SignedInContext & ManagersDeps;

function presentRestaurant(row: { link: ManagerRestaurantRow; restaurant: UserRow }): ManagedRestaurant {
  return {
    id: row.restaurant.id,
    name: row.restaurant.name,
    email: row.restaurant.email,
    first_name: row.restaurant.firstName,
    last_name: row.restaurant.lastName,
    avatar: row.restaurant.avatar,
    published: row.restaurant.published,
    status: row.link.status,
    timezone: row.restaurant.timezone,
  };
}

/**
 * The team a viewer may act for through `managers/{id}/…`: `id` must be the viewer (a manager) or, for a
 * sub-manager, its parent; the links always belong to the team's top manager. Anything else is 403.
 */
function teamOf(viewer: Viewer, managerId: string): string {
  const team = teamManagerId(viewer);
  if (!team || (managerId !== viewer.id && managerId !== viewer.parentUserId)) {
    throw notAllowed('You can only see your own team’s restaurants', 'managers.notYourTeam');
  }
  return team;
}

async function viewerUser({ db, viewer }: SignedInContext): Promise<UserRow> {
  const user = await findUserById(db, viewer.id);
  if (!user) throw notSignedIn();
  return user;
}

/** GET /v1/managers/{id}/restaurants (docs/product.md, API calls; limit at most 100). */
export async function listRestaurants(ctx: ManagersContext, { managerId, query }: { managerId: string; query: { page: number; limit: number; status: ManagerRestaurantRow['status'] | 'all' } }): Promise<PagedList<ManagedRestaurant>> {
  const team = teamOf(ctx.viewer, managerId);
  const { rows, totalResults } = await listManagerRestaurants(ctx.db, {
    managerId: team,
    status: query.status === 'all' ? undefined : query.status,
    page: query.page,
    limit: query.limit,
  });
  return { data: rows.map(presentRestaurant), page: query.page, limit: query.limit, totalPages: Math.ceil(totalResults / query.limit), totalResults };
}

const emailTaken = () =>
  new DomainError('conflict', { message: 'An account with this email already exists; ask it for access instead', code: 'managers.restaurantEmailTaken', details: [{ field: 'email', message: 'validation.emailTaken' }] });

/**
 * A manager registers a restaurant it runs: a new seller account (the owner chooses a password from the
 * emailed link) with an active link. Like sign-up, a taken email gets 409.
 */
export async function createRestaurant(ctx: ManagersContext, { managerId, input }: { managerId: string; input: CreateManagedRestaurantInput & { email: string } }): Promise<ManagedRestaurant> {
  const team = teamOf(ctx.viewer, managerId);
  const manager = await viewerUser(ctx);
  if (await isEmailTaken(ctx.db, { email: input.email })) throw emailTaken();
  let restaurant: UserRow;
  try {
    restaurant = await ctx.db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        role: 'seller',
        email: input.email,
        passwordHash: null,
        firstName: input.first_name,
        lastName: input.last_name,
        name: input.name,
        language: manager.language,
        timezone: manager.timezone,
      });
      await upsertLink(tx, { managerId: team, restaurantId: created.id, status: 'active' });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const link = await invitationLink(ctx, restaurant);
  await queueEmail(ctx, { to: restaurant.email, language: languageOf(restaurant), kind: 'restaurantCreatedByManager', params: {
    firstName: restaurant.firstName,
    managerName: displayName(manager),
    restaurantName: restaurant.name ?? '',
    link,
  } });
  const stored = await findLink(ctx.db, { managerId: team, restaurantId: restaurant.id });
  return presentRestaurant({ link: stored!, restaurant });
}

/**
 * A manager asks an existing restaurant account for access: a pending link, a notification to the restaurant and
 * (unless it chose in-app only for team requests) an email, in one transaction.
 * The answer is the same whatever the address (no account, not a restaurant, already linked).
 */
export async function requestRestaurantAccess(ctx: ManagersContext, { managerId, input }: { managerId: string; input: RestaurantAccessRequestInput & { email: string } }): Promise<void> {
  const team = teamOf(ctx.viewer, managerId);
  const manager = await viewerUser(ctx);
  const restaurant = await findUserByEmail(ctx.db, input.email);
  if (!restaurant || restaurant.role !== 'seller') return;
  const existing = await findLink(ctx.db, { managerId: team, restaurantId: restaurant.id });
  if (existing?.status === 'active' || existing?.status === 'pending') return;
  await ctx.db.transaction(async (tx) => {
    await upsertLink(tx, { managerId: team, restaurantId: restaurant.id, status: 'pending' });
    const notice = { event: 'requested', recipients: [restaurant.id], senderId: manager.id, objectId: team, restaurantId: restaurant.id } as const;
    await notifyManagerAccess(ctx, { ...notice, tx });
    if (!(await wantsNotificationEmail(tx, { userId: restaurant.id, category: 'team' }))) return;
    await queueEmail({ ...ctx, db: tx }, { to: restaurant.email, language: languageOf(restaurant), kind: 'restaurantAccessRequest', params: {
      firstName: restaurant.firstName,
      managerName: displayName(manager),
      link: `${ctx.publicUrl}/account`,
    } });
  });
}

/** The manager stops running a restaurant (or withdraws its request). */
export async function removeRestaurant(ctx: ManagersContext, { managerId, restaurantId }: { managerId: string; restaurantId: string }): Promise<void> {
  const team = teamOf(ctx.viewer, managerId);
  if (!(await deleteLink(ctx.db, { managerId: team, restaurantId }))) throw notFound('This restaurant is not linked to your team', 'managers.restaurantNotLinked');
}

function presentAccessRequest(row: { link: ManagerRestaurantRow; manager: UserRow }): ManagerAccessRequest {
  return {
    manager_id: row.manager.id,
    name: row.manager.name,
    first_name: row.manager.firstName,
    last_name: row.manager.lastName,
    email: row.manager.email,
    status: row.link.status,
    created_at: row.link.createdAt.toISOString(),
  };
}

/** A restaurant's managers: pending requests, granted and refused ones. */
export async function listAccessRequests(ctx: ManagersContext): Promise<ManagerAccessRequest[]> {
  if (ctx.viewer.role !== 'seller') throw notAllowed();
  return (await listLinksOfRestaurant(ctx.db, ctx.viewer.id)).map(presentAccessRequest);
}

/**
 * The restaurant grants (`active`) or refuses (`refused`, also withdraws a grant) a manager's access. When the
 * status changes, the team (its manager and sub-managers) hears of the answer in-app and, unless they chose in-app
 * only for team requests, by email, in the same transaction.
 */
export async function answerAccessRequest(ctx: ManagersContext, { managerId, input }: { managerId: string; input: AnswerAccessRequestInput }): Promise<ManagerAccessRequest> {
  if (ctx.viewer.role !== 'seller') throw notAllowed();
  const requestNotFound = () => notFound('No request from this manager', 'managers.requestNotFound');
  return ctx.db.transaction(async (tx) => {
    const before = await findLink(tx, { managerId, restaurantId: ctx.viewer.id });
    const updated = await setLinkStatus(tx, { managerId, restaurantId: ctx.viewer.id, status: input.status });
    if (!before || !updated) throw requestNotFound();
    const manager = await findUserById(tx, managerId);
    if (!manager) throw requestNotFound();
    if (before.status !== updated.status) {
      const team = [manager, ...(await listTeamMembers(tx, manager.id))];
      const granted = updated.status === 'active';
      const notice = { event: granted ? 'granted' : 'refused', recipients: team.map((member) => member.id), senderId: ctx.viewer.id, objectId: ctx.viewer.id, restaurantId: ctx.viewer.id } as const;
      await notifyManagerAccess(ctx, { ...notice, tx });
      const restaurant = await viewerUser({ ...ctx, db: tx });
      for (const member of team) {
        if (member.deletedAt || !(await wantsNotificationEmail(tx, { userId: member.id, category: 'team' }))) continue;
        await queueEmail({ ...ctx, db: tx }, { to: member.email, language: languageOf(member), kind: 'restaurantAccessAnswered', params: {
          firstName: member.firstName,
          restaurantName: restaurant.name ?? displayName(restaurant),
          granted,
          link: `${ctx.publicUrl}/account`,
        } });
      }
    }
    return presentAccessRequest({ link: updated, manager });
  });
}

/** Only a top manager (without a parent) has Additional Members (docs/product.md, Screens and routes). */
function assertTopManager(viewer: Viewer, managerId: string) {
  if (viewer.role !== 'manager' || viewer.parentUserId !== null || viewer.id !== managerId) {
    throw notAllowed('Only the team’s manager handles its members', 'managers.notTeamOwner');
  }
}

function presentMember(row: UserRow): TeamMember {
  return { id: row.id, email: row.email, first_name: row.firstName, last_name: row.lastName, joined: row.passwordHash !== null, created_at: row.createdAt.toISOString() };
}

export async function listMembers(ctx: ManagersContext, managerId: string): Promise<TeamMember[]> {
  assertTopManager(ctx.viewer, managerId);
  return (await listTeamMembers(ctx.db, managerId)).map(presentMember);
}

/**
 * /sub-manager/add: a new manager account whose parent is the inviter; the invitee chooses a password from the
 * emailed link. An address that already has an account gets a notice instead, and the answer is the same.
 */
export async function inviteMember(ctx: ManagersContext, { managerId, input }: { managerId: string; input: InviteTeamMemberInput & { email: string } }): Promise<void> {
  assertTopManager(ctx.viewer, managerId);
  const manager = await viewerUser(ctx);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing || (await isEmailTaken(ctx.db, { email: input.email }))) {
    if (existing && existing.parentUserId !== manager.id) {
      await queueEmail(ctx, { to: existing.email, language: languageOf(existing), kind: 'teamInvitationExistingAccount', params: { inviterName: displayName(manager) } });
    }
    return;
  }
  let member: UserRow;
  try {
    member = await insertUser(ctx.db, {
      role: 'manager',
      email: input.email,
      passwordHash: null,
      firstName: input.first_name,
      lastName: input.last_name,
      name: manager.name,
      parentUserId: manager.id,
      language: manager.language,
      timezone: manager.timezone,
      published: manager.published,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return;
    throw error;
  }
  const link = await invitationLink(ctx, member);
  await queueEmail(ctx, { to: member.email, language: languageOf(member), kind: 'teamInvitation', params: { firstName: member.firstName, inviterName: displayName(manager), link } });
}

/** Removes a member from the team: the account is closed (its sessions end). */
export async function removeMember(ctx: ManagersContext, { managerId, memberId }: { managerId: string; memberId: string }): Promise<void> {
  assertTopManager(ctx.viewer, managerId);
  const member = await findUserById(ctx.db, memberId);
  if (!member || member.parentUserId !== managerId) throw notFound('No such team member', 'managers.memberNotFound');
  await anonymiseAccount(ctx, member.id);
}

import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { ChangePasswordInput, DeleteAccountInput, SignInMethods } from '@goodtable/shared';
import type { Database } from '../../db/client.ts';
import { emailTokens, managerRestaurants, sessions, users } from '../../db/schema/index.ts';
import { badRequest, unauthorized } from '../../lib/http-errors.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { deleteIdentitiesOfUser, findIdentitiesOfUser } from '../auth/identities.repository.ts';
import { revokeAllSessionsOfUser } from '../auth/sessions.repository.ts';
import { findUserById, updateUser } from './users.repository.ts';

async function requireUser(db: Database, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return user;
}

/**
 * PUT /v1/me/password: the current password is required (an account made with Google sets its first one
 * without it). Every other session of the user is signed out; this one stays.
 */
export async function changePassword(db: Database, viewer: { id: string; sessionId: string }, input: ChangePasswordInput): Promise<void> {
  const user = await requireUser(db, viewer.id);
  if (user.passwordHash) {
    const matches = input.current_password ? await verifyPassword(input.current_password, user.passwordHash) : false;
    if (!matches) {
      const message = input.current_password ? 'validation.wrongPassword' : 'validation.required';
      throw badRequest('The current password is not correct', 'users.wrongPassword', [{ field: 'current_password', message }]);
    }
  }
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, viewer.sessionId), isNull(sessions.revokedAt)));
  });
}

export async function getSignInMethods(db: Database, userId: string): Promise<SignInMethods> {
  const user = await requireUser(db, userId);
  const identities = await findIdentitiesOfUser(db, userId);
  const google = identities.find((identity) => identity.provider === 'google');
  return { password: user.passwordHash !== null, google: google ? { email: google.email } : null };
}

/** Unlinks Google; refused when it is the only way to sign in (set a password first). */
export async function unlinkGoogle(db: Database, userId: string): Promise<SignInMethods> {
  const user = await requireUser(db, userId);
  if (!user.passwordHash) throw badRequest('Set a password before removing Google sign-in', 'users.lastSignInMethod');
  await deleteIdentitiesOfUser(db, userId, 'google');
  return getSignInMethods(db, userId);
}

/**
 * DELETE /v1/me: personal data is anonymised (name, email, location, avatar, biography, bank details, password,
 * Google link), sessions and outstanding links die, manager links are removed; the row stays so bookings and
 * money records keep their party.
 */
export async function deleteAccount(db: Database, userId: string, input: DeleteAccountInput): Promise<void> {
  const user = await requireUser(db, userId);
  if (user.passwordHash) {
    const matches = input.password ? await verifyPassword(input.password, user.passwordHash) : false;
    if (!matches) {
      throw badRequest('The password is not correct', 'users.wrongPassword', [{ field: 'password', message: input.password ? 'validation.wrongPassword' : 'validation.required' }]);
    }
  }
  await anonymiseAccount(db, user.id);
}

/** Closes an account without asking for its password (a team's manager removing a member). */
export async function anonymiseAccount(db: Database, userId: string): Promise<void> {
  const user = await requireUser(db, userId);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        email: `deleted-${user.id}@deleted.invalid`,
        passwordHash: null,
        firstName: 'Deleted',
        lastName: 'account',
        location: null,
        avatar: null,
        biography: null,
        bank: [],
        published: false,
        isHiddenEmailVerified: true,
        isHiddenPaymentVerified: true,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await deleteIdentitiesOfUser(tx, user.id);
    await tx.update(emailTokens).set({ usedAt: now }).where(and(eq(emailTokens.userId, user.id), isNull(emailTokens.usedAt)));
    await tx.delete(managerRestaurants).where(or(eq(managerRestaurants.managerId, user.id), eq(managerRestaurants.restaurantId, user.id)));
    await revokeAllSessionsOfUser(tx, user.id, now);
  });
}

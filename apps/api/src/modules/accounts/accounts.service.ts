import { and, eq, isNull, or } from 'drizzle-orm';
import { emailTokens, managerRestaurants, users } from '../../db/schema/index.ts';
import { unauthorized } from '../../lib/http-errors.ts';
import type { ServiceContext } from '../../lib/service-context.ts';
import { deleteIdentitiesOfUser } from './identities.repository.ts';
import { revokeAllSessionsOfUser } from './sessions.repository.ts';
import { findUserById } from './users.repository.ts';

/*
 * Accounts: the user rows and their credentials (password hashes, Google identities, sessions, emailed-link
 * tokens) and the emails about them. `auth` (getting into an account), `users` (the signed-in user's own
 * account) and `managers` (accounts a manager creates and closes) build on this module and never on each other's
 * internals; it imports no other module. This file is its public surface.
 */
export { findUserByEmail, findUserById, insertUser, isEmailTaken, updateUser, type NewUser } from './users.repository.ts';
export { presentMe } from './users.presenter.ts';
export { hashPassword, passwordDecoyHash, verifyPassword } from './password.ts';
export { deleteIdentitiesOfUser, findIdentitiesOfUser, findIdentity, insertIdentity } from './identities.repository.ts';
export { findLiveSessionById, findLiveSessionByTokenHash, insertSession, revokeAllSessionsOfUser, revokeOtherSessionsOfUser, revokeSession } from './sessions.repository.ts';
export { createSessionCache, type SessionCache } from './session-cache.ts';
export { consumeEmailToken, invalidateEmailTokens, issueEmailToken } from './email-tokens.repository.ts';
export {
  displayName,
  invitationLink,
  languageOf,
  queueEmail,
  sendPasswordResetEmailTo,
  sendVerificationEmailTo,
  type MailContext,
} from './account-emails.ts';

/**
 * Closes an account without asking for its password (the user deleting it after proving it is them, a team's
 * manager removing a member): personal data is anonymised, sessions and outstanding links die, manager links
 * are removed; the row stays so bookings and money records keep their party.
 */
export async function anonymiseAccount({ db }: ServiceContext, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  // Record timestamps (deletion, revocation) are real time, not the business clock.
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

import { and, eq, isNull, or } from 'drizzle-orm';
import { emailTokens, managerRestaurants, users } from '../../db/schema/index.ts';
import { notSignedIn } from '../../lib/domain-errors.ts';
import type { ServiceContext } from '../../lib/service-context.ts';
import type { Executor } from '../../db/client.ts';
import type { EmailTokenPurpose, EmailTokenRow, UserIdentityRow, UserRow } from '../../db/schema/index.ts';
import * as emailTokenRows from './email-tokens.repository.ts';
import * as identityRows from './identities.repository.ts';
import * as sessionRows from './sessions.repository.ts';
import * as userRows from './users.repository.ts';

/*
 * Accounts: the user rows and their credentials (password hashes, Google identities, sessions, emailed-link
 * tokens) and the emails about them. `auth` (getting into an account), `users` (the signed-in user's own
 * account) and `managers` (accounts a manager creates and closes) build on this module and never on each other's
 * internals; it imports no other module. This file is its public surface.
 */
export { presentMe } from './users.presenter.ts';
export { hashPassword, passwordDecoyHash, verifyPassword } from './password.ts';
export { createSessionCache, type SessionCache } from './session-cache.ts';
export {
  displayName,
  invitationLink,
  languageOf,
  queueEmail,
  sendPasswordResetEmailTo,
  sendVerificationEmailTo,
  type MailContext,
} from './account-emails.ts';

// ---------------------------------------------------------------- users
// Each function runs on `db`, the database or the caller's open transaction (an account is often created or changed
// inside another module's transaction).

export type NewUser = userRows.NewUser;

/** The live (not deleted) account with this id. */
export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return userRows.findUserById(db, id);
}

/** The live account with this email address, whatever its case. */
export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return userRows.findUserByEmail(db, email);
}

/** True when another account (deleted ones included: their addresses stay reserved) already uses `email`. */
export function isEmailTaken(db: Executor, { email, exceptUserId }: { email: string; exceptUserId?: string }): Promise<boolean> {
  return userRows.isEmailTaken(db, { email, exceptUserId });
}

export function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  return userRows.insertUser(db, values);
}

/** Changes a live account; undefined when it is deleted or unknown. */
export function updateUser(db: Executor, { id, values }: { id: string; values: Partial<NewUser> }): Promise<UserRow | undefined> {
  return userRows.updateUser(db, { id, values });
}

// ---------------------------------------------------------------- Google identities

export function findIdentity(db: Executor, { provider, subject }: { provider: UserIdentityRow['provider']; subject: string }): Promise<UserIdentityRow | undefined> {
  return identityRows.findIdentity(db, { provider, subject });
}

export function findIdentitiesOfUser(db: Executor, userId: string): Promise<UserIdentityRow[]> {
  return identityRows.findIdentitiesOfUser(db, userId);
}

export async function insertIdentity(db: Executor, values: { userId: string; provider: UserIdentityRow['provider']; subject: string; email: string }): Promise<void> {
  await identityRows.insertIdentity(db, values);
}

/** Unlinks the account's identities, all of them or those of one provider. */
export async function deleteIdentitiesOfUser(db: Executor, { userId, provider }: { userId: string; provider?: UserIdentityRow['provider'] }): Promise<void> {
  await identityRows.deleteIdentitiesOfUser(db, { userId, provider });
}

// ---------------------------------------------------------------- sessions

export function insertSession(db: Executor, values: { userId: string; tokenHash: string; expiresAt: Date }) {
  return sessionRows.insertSession(db, values);
}

/** The session behind a bearer token, if it is live at `now`. */
export function findLiveSessionByTokenHash(db: Executor, { tokenHash, now }: { tokenHash: string; now: Date }) {
  return sessionRows.findLiveSessionByTokenHash(db, { tokenHash, now });
}

export function findLiveSessionById(db: Executor, { sessionId, now }: { sessionId: string; now: Date }) {
  return sessionRows.findLiveSessionById(db, { sessionId, now });
}

export async function revokeSession(db: Executor, { sessionId, now }: { sessionId: string; now: Date }): Promise<void> {
  await sessionRows.revokeSession(db, { sessionId, now });
}

export async function revokeAllSessionsOfUser(db: Executor, { userId, now }: { userId: string; now: Date }): Promise<void> {
  await sessionRows.revokeAllSessionsOfUser(db, { userId, now });
}

/** Signs the account out everywhere but the session `keep` (a password change keeps the device that made it). */
export async function revokeOtherSessionsOfUser(db: Executor, keep: { userId: string; sessionId: string; now: Date }): Promise<void> {
  await sessionRows.revokeOtherSessionsOfUser(db, { userId: keep.userId, keepSessionId: keep.sessionId, now: keep.now });
}

// ---------------------------------------------------------------- emailed-link tokens

/** A new single-use token for an emailed link (verification, password reset, email change undo). */
export function issueEmailToken(db: Executor, values: { userId: string; purpose: EmailTokenPurpose; email: string; now: Date }): Promise<string> {
  return emailTokenRows.issueEmailToken(db, values);
}

/** Uses a token up; undefined when it is unknown, used, expired or of another purpose. */
export function consumeEmailToken(db: Executor, input: { token: string; purpose: EmailTokenPurpose; now: Date }): Promise<EmailTokenRow | undefined> {
  return emailTokenRows.consumeEmailToken(db, input);
}

export function invalidateEmailTokens(db: Executor, input: { userId: string; purpose: EmailTokenPurpose; now: Date }): Promise<void> {
  return emailTokenRows.invalidateEmailTokens(db, input);
}

/**
 * Closes an account without asking for its password (the user deleting it after proving it is them, a team's
 * manager removing a member): personal data is anonymised, sessions and outstanding links die, manager links
 * are removed; the row stays so bookings and money records keep their party.
 */
export async function anonymiseAccount({ db }: ServiceContext, userId: string): Promise<void> {
  const user = await userRows.findUserById(db, userId);
  if (!user) throw notSignedIn();
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
    await identityRows.deleteIdentitiesOfUser(tx, { userId: user.id });
    await tx.update(emailTokens).set({ usedAt: now }).where(and(eq(emailTokens.userId, user.id), isNull(emailTokens.usedAt)));
    await tx.delete(managerRestaurants).where(or(eq(managerRestaurants.managerId, user.id), eq(managerRestaurants.restaurantId, user.id)));
    await sessionRows.revokeAllSessionsOfUser(tx, { userId: user.id, now });
  });
}

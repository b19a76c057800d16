import type { ChangePasswordInput, DeleteAccountInput, DomainErrorCode, Me, SignInMethods, UpdateMeInput } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { Mailer } from '../../email/mailer.ts';
import { DomainError, invalidInput, notSignedIn } from '../../lib/domain-errors.ts';
import type { SignedInContext } from '../../lib/service-context.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { ACCOUNT_WINDOW_MS, accountKeys, type RateLimits } from '../../plugins/rate-limits.ts';
import {
  anonymiseAccount,
  deleteIdentitiesOfUser,
  findIdentitiesOfUser,
  findLiveSessionById,
  findUserById,
  hashPassword,
  isEmailTaken,
  issueEmailToken,
  languageOf,
  presentMe,
  queueEmail,
  revokeOtherSessionsOfUser,
  sendVerificationEmailTo,
  updateUser,
  verifyPassword,
} from '../accounts/accounts.service.ts';

/** How recent the sign-in of an account without a password must be to change its email. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** The signed-in viewer's own account row (401 when it is gone). */
async function viewerAccount(db: Executor, viewer: SignedInContext['viewer']) {
  const user = await findUserById(db, viewer.id);
  if (!user) throw notSignedIn();
  return user;
}

export async function getMe({ db, viewer }: SignedInContext): Promise<Me> {
  return presentMe(await viewerAccount(db, viewer));
}

/** What PUT /v1/me needs besides the service context: mail for the verification and undo links, and its limit. */
export type UpdateMeDeps = {
  mailer: Mailer;
  publicUrl: string;
  rateLimits: RateLimits;
  /** ACCOUNT_RATE_LIMIT_MAX: email changes (each sends two emails and may test a password) per account. */
  accountRateLimitMax: number;
};

const emailTaken = () => new DomainError('conflict', { message: 'Another account already uses this email', code: 'users.emailTaken', details: [{ field: 'email', message: 'validation.emailTaken' }] });
const proofProblem = (code: DomainErrorCode, message: string) => new DomainError('invalid', { message: 'Confirm it is you to change the email address', code, details: [{ field: 'current_password', message }] });

/**
 * An email change needs proof that the account's owner is there: the current password, or (an account that
 * signs in with Google only) a sign-in of this session within the last 10 minutes.
 */
async function assertCanChangeEmail({ db, viewer, clock }: SignedInContext, { passwordHash, currentPassword }: { passwordHash: string | null; currentPassword: string | undefined }): Promise<void> {
  if (passwordHash) {
    if (!currentPassword) throw proofProblem('users.currentPasswordRequired', 'validation.currentPasswordRequired');
    if (!(await verifyPassword(currentPassword, passwordHash))) throw proofProblem('users.currentPasswordWrong', 'validation.currentPasswordWrong');
    return;
  }
  const now = clock.now();
  // The session as the database has it, not the copy an instance may hold for a few seconds (plugins/auth.ts):
  // proof of presence must not rest on a session revoked elsewhere meanwhile.
  const session = await findLiveSessionById(db, { sessionId: viewer.sessionId, now });
  if (!session) throw notSignedIn();
  if (now.getTime() - session.signedInAt.getTime() > RECENT_SIGN_IN_MS) throw proofProblem('users.recentSignInRequired', 'validation.recentSignInRequired');
}

/**
 * PUT /v1/me: the user's own profile fields; the email stays unique across accounts. A new email is unverified
 * (a verification link goes to it) and the old address gets a notice with a single-use link that undoes the change.
 */
export async function updateMe(ctx: SignedInContext & UpdateMeDeps, input: UpdateMeInput & { email: string; timezone: string }): Promise<Me> {
  const current = await viewerAccount(ctx.db, ctx.viewer);
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
  if (emailChanged) {
    // Counted before the password is checked: also a limit on guessing it.
    await ctx.rateLimits.enforce({ keys: [accountKeys.mailBy(current.id), accountKeys.mailTo(input.email)], max: ctx.accountRateLimitMax, windowMs: ACCOUNT_WINDOW_MS });
    await assertCanChangeEmail(ctx, { passwordHash: current.passwordHash, currentPassword: input.current_password });
    if (await isEmailTaken(ctx.db, { email: input.email, exceptUserId: current.id })) throw emailTaken();
  }
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const user = await updateUser(tx, { id: current.id, values: {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        location: input.location ?? null,
        timezone: input.timezone,
        ...(emailChanged ? { isVerified: false } : {}),
        ...(input.is_hidden_payment_verified !== undefined ? { isHiddenPaymentVerified: input.is_hidden_payment_verified } : {}),
        ...(input.is_hidden_email_verified !== undefined ? { isHiddenEmailVerified: input.is_hidden_email_verified } : {}),
        ...(input.language !== undefined ? { language: input.language } : {}),
      } });
      if (!user) throw notSignedIn();
      if (emailChanged) {
        const mail = { db: tx, mailer: ctx.mailer, publicUrl: ctx.publicUrl, clock: ctx.clock };
        await sendVerificationEmailTo(mail, user);
        const undoToken = await issueEmailToken(tx, { userId: user.id, purpose: 'undo_email_change', email: current.email, now: ctx.clock.now() });
        await queueEmail(mail, { to: current.email, language: languageOf(user), kind: 'emailChanged', params: {
          firstName: user.firstName,
          newEmail: user.email,
          link: `${ctx.publicUrl}/undo-email-change?token=${encodeURIComponent(undoToken)}`,
        } });
      }
      return user;
    });
    return presentMe(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * PUT /v1/me/password: the current password is required (an account made with Google sets its first one
 * without it). Every other session of the user is signed out; this one stays.
 */
export async function changePassword(ctx: SignedInContext, input: ChangePasswordInput): Promise<void> {
  const user = await viewerAccount(ctx.db, ctx.viewer);
  if (user.passwordHash) {
    const matches = input.current_password ? await verifyPassword(input.current_password, user.passwordHash) : false;
    if (!matches) {
      const message = input.current_password ? 'validation.wrongPassword' : 'validation.required';
      throw new DomainError('invalid', { message: 'The current password is not correct', code: 'users.wrongPassword', details: [{ field: 'current_password', message }] });
    }
  }
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, { id: user.id, values: { passwordHash } });
    await revokeOtherSessionsOfUser(tx, { userId: user.id, sessionId: ctx.viewer.sessionId, now: ctx.clock.now() });
  });
}

export async function getSignInMethods({ db, viewer }: SignedInContext): Promise<SignInMethods> {
  const user = await viewerAccount(db, viewer);
  const identities = await findIdentitiesOfUser(db, user.id);
  const google = identities.find((identity) => identity.provider === 'google');
  return { password: user.passwordHash !== null, google: google ? { email: google.email } : null };
}

/** Unlinks Google; refused when it is the only way to sign in (set a password first). */
export async function unlinkGoogle(ctx: SignedInContext): Promise<SignInMethods> {
  const user = await viewerAccount(ctx.db, ctx.viewer);
  if (!user.passwordHash) throw invalidInput('Set a password before removing Google sign-in', 'users.lastSignInMethod');
  await deleteIdentitiesOfUser(ctx.db, { userId: user.id, provider: 'google' });
  return getSignInMethods(ctx);
}

/**
 * DELETE /v1/me: personal data is anonymised (name, email, location, avatar, biography, bank details, password,
 * Google link), sessions and outstanding links die, manager links are removed; the row stays so bookings and
 * money records keep their party.
 */
export async function deleteAccount(ctx: SignedInContext, input: DeleteAccountInput): Promise<void> {
  const user = await viewerAccount(ctx.db, ctx.viewer);
  if (user.passwordHash) {
    const matches = input.password ? await verifyPassword(input.password, user.passwordHash) : false;
    if (!matches) {
      throw new DomainError('invalid', { message: 'The password is not correct', code: 'users.wrongPassword', details: [{ field: 'password', message: input.password ? 'validation.wrongPassword' : 'validation.required' }] });
    }
  }
  await anonymiseAccount(ctx, user.id);
}

import type { Me, UpdateMeInput } from '@goodtable/shared';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../email/mailer.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, unauthorized } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { ACCOUNT_WINDOW_MS, accountKeys, type RateLimits } from '../../plugins/rate-limits.ts';
import { languageOf, queueEmail, sendVerificationEmailTo } from '../auth/account-emails.ts';
import { issueEmailToken } from '../auth/email-tokens.repository.ts';
import { verifyPassword } from '../auth/password.ts';
import { findUserById, isEmailTaken, updateUser } from './users.repository.ts';
import { presentMe } from './users.presenter.ts';

/** How recent the sign-in of an account without a password must be to change its email. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export async function getMe(db: Database, userId: string): Promise<Me> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return presentMe(user);
}

export type UpdateMeDeps = {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  rateLimits: RateLimits;
  /** ACCOUNT_RATE_LIMIT_MAX: email changes (each sends two emails and may test a password) per account. */
  accountRateLimitMax: number;
  clock: Clock;
};

const emailTaken = () => conflict('Another account already uses this email', 'users.emailTaken', [{ field: 'email', message: 'validation.emailTaken' }]);
const proofProblem = (code: string, message: string) => badRequest('Confirm it is you to change the email address', code, [{ field: 'current_password', message }]);

/**
 * An email change needs proof that the account's owner is there: the current password, or (an account that
 * signs in with Google only) a sign-in of this session within the last 10 minutes.
 */
async function assertCanChangeEmail(deps: UpdateMeDeps, viewer: Viewer, passwordHash: string | null, currentPassword: string | undefined): Promise<void> {
  if (passwordHash) {
    if (!currentPassword) throw proofProblem('users.currentPasswordRequired', 'validation.currentPasswordRequired');
    if (!(await verifyPassword(currentPassword, passwordHash))) throw proofProblem('users.currentPasswordWrong', 'validation.currentPasswordWrong');
    return;
  }
  const now = deps.clock.now();
  if (now.getTime() - viewer.signedInAt.getTime() > RECENT_SIGN_IN_MS) throw proofProblem('users.recentSignInRequired', 'validation.recentSignInRequired');
}

/**
 * PUT /v1/me: the user's own profile fields; the email stays unique across accounts. A new email is unverified
 * (a verification link goes to it) and the old address gets a notice with a single-use link that undoes the change.
 */
export async function updateMe(deps: UpdateMeDeps, viewer: Viewer, input: UpdateMeInput & { email: string; timezone: string }): Promise<Me> {
  const current = await findUserById(deps.db, viewer.id);
  if (!current) throw unauthorized();
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
  if (emailChanged) {
    // Counted before the password is checked: also a limit on guessing it.
    await deps.rateLimits.enforce({ keys: [accountKeys.mailBy(current.id), accountKeys.mailTo(input.email)], max: deps.accountRateLimitMax, windowMs: ACCOUNT_WINDOW_MS });
    await assertCanChangeEmail(deps, viewer, current.passwordHash, input.current_password);
    if (await isEmailTaken(deps.db, input.email, current.id)) throw emailTaken();
  }
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const user = await updateUser(tx, current.id, {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        location: input.location ?? null,
        timezone: input.timezone,
        ...(emailChanged ? { isVerified: false } : {}),
        ...(input.is_hidden_payment_verified !== undefined ? { isHiddenPaymentVerified: input.is_hidden_payment_verified } : {}),
        ...(input.is_hidden_email_verified !== undefined ? { isHiddenEmailVerified: input.is_hidden_email_verified } : {}),
        ...(input.language !== undefined ? { language: input.language } : {}),
      });
      if (!user) throw unauthorized();
      if (emailChanged) {
        const mail = { db: tx, mailer: deps.mailer, publicUrl: deps.publicUrl, clock: deps.clock };
        await sendVerificationEmailTo(mail, user);
        const undoToken = await issueEmailToken(tx, { userId: user.id, purpose: 'undo_email_change', email: current.email, now: deps.clock.now() });
        await queueEmail(mail, current.email, languageOf(user), 'emailChanged', {
          firstName: user.firstName,
          newEmail: user.email,
          link: `${deps.publicUrl}/undo-email-change?token=${encodeURIComponent(undoToken)}`,
        });
      }
      return user;
    });
    return presentMe(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

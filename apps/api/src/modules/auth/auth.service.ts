import type {
  AcceptInvitationInput,
  AuthResponse,
  GoogleSignInInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  VerifyEmailInput,
} from '@goodtable/shared';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Mailer } from '../../email/mailer.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/http-errors.ts';
import { generateSecureToken, hashSecureToken } from '../../lib/secure-tokens.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { findUserByEmail, findUserById, insertUser, isEmailTaken, updateUser } from '../users/users.repository.ts';
import { presentMe } from '../users/users.presenter.ts';
import { sendVerificationEmailTo } from './account-emails.ts';
import { consumeEmailToken, invalidateEmailTokens } from './email-tokens.repository.ts';
import type { GoogleIdTokenVerifier } from './google-id-token.ts';
import { findIdentity, insertIdentity } from './identities.repository.ts';
import { hashPassword, passwordDecoyHash, verifyPassword } from './password.ts';
import { insertSession, revokeAllSessionsOfUser, revokeSession } from './sessions.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID_CREDENTIALS = 'Email or password is incorrect';
/** What the calls that must not reveal whether an address is registered answer, every time. */
export const ACCEPTED_MESSAGE = 'If an account uses this address, an email is on its way';

export type AuthDeps = { db: Database; clock: Clock; jobs: JobQueue; sessionTtlDays: number; mailer: Mailer; publicUrl: string; verifyGoogleIdToken?: GoogleIdTokenVerifier };

/** Opens a session for `user`: the token goes to the client once, only its hash is stored. */
export async function startSession(deps: Pick<AuthDeps, 'db' | 'clock' | 'sessionTtlDays'>, user: UserRow): Promise<AuthResponse> {
  const accessToken = generateSecureToken();
  const expiresAt = new Date(deps.clock.now().getTime() + deps.sessionTtlDays * DAY_MS);
  await insertSession(deps.db, { userId: user.id, tokenHash: hashSecureToken(accessToken), expiresAt });
  return { user: presentMe(user), token: { access_token: accessToken, expires_at: expiresAt.toISOString() } };
}

const emailTaken = () => conflict('An account with this email already exists', 'auth.emailTaken', [{ field: 'email', message: 'validation.emailTaken' }]);

/** Creates an account of a self-registration role (client, cause, restaurant, manager), sends the verification email, signs in. */
export async function signUp(deps: AuthDeps, input: SignUpInput & { email: string }): Promise<AuthResponse> {
  if (await isEmailTaken(deps.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const role = input.role ?? 'user';
  let user: UserRow;
  try {
    user = await insertUser(deps.db, {
      role,
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      name: input.name?.trim() || null,
      ...(input.language ? { language: input.language } : {}),
      ...(input.timezone ? { timezone: input.timezone } : {}),
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await sendVerificationEmailTo(deps, user);
  return startSession(deps, user);
}

export async function signIn(deps: Pick<AuthDeps, 'db' | 'clock' | 'sessionTtlDays'>, input: SignInInput): Promise<AuthResponse> {
  const user = await findUserByEmail(deps.db, input.email);
  // Same answer, and about the same time, whether the address is unknown or the password wrong.
  const passwordMatches = await verifyPassword(input.password, user?.passwordHash ?? (await passwordDecoyHash()));
  if (!user || !user.passwordHash || !passwordMatches) throw unauthorized(INVALID_CREDENTIALS, 'auth.invalidCredentials');
  return startSession(deps, user);
}

export async function signOut(deps: Pick<AuthDeps, 'db' | 'clock'>, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, deps.clock.now());
}

/**
 * SPEC.md §7 send-verification-email: answers the same, in the same time, whether or not the address is registered
 * or verified: the lookup, the token and the email happen later in a job (auth.jobs.ts).
 */
export async function requestVerificationEmail(deps: Pick<AuthDeps, 'jobs'>, email: string): Promise<void> {
  await deps.jobs.enqueue({ kind: 'auth.verification-requested', payload: { email } });
}

const invalidToken = () =>
  badRequest('This link is invalid, expired or already used', 'auth.invalidToken', [{ field: 'token', message: 'validation.invalidToken' }]);

/** Marks the account verified, if the link was sent to the address the account still has. */
export async function verifyEmail(deps: AuthDeps, input: VerifyEmailInput): Promise<void> {
  const used = await consumeEmailToken(deps.db, { token: input.token, purpose: 'verify_email', now: deps.clock.now() });
  if (!used) throw invalidToken();
  const user = await findUserById(deps.db, used.userId);
  if (!user || user.email.toLowerCase() !== used.email.toLowerCase()) throw invalidToken();
  if (!user.isVerified) await updateUser(deps.db, user.id, { isVerified: true });
}

/** /forgot-password: the same answer, in the same time, whether or not the address exists (the work is a job). */
export async function forgotPassword(deps: Pick<AuthDeps, 'jobs'>, email: string): Promise<void> {
  await deps.jobs.enqueue({ kind: 'auth.password-reset-requested', payload: { email } });
}

/** Sets a new password from a reset link: single-use, expiring, and every session of the user is revoked. */
export async function resetPassword(deps: AuthDeps, input: ResetPasswordInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const used = await consumeEmailToken(tx, { token: input.token, purpose: 'reset_password', now });
    if (!used) throw invalidToken();
    const user = await findUserById(tx, used.userId);
    if (!user) throw invalidToken();
    const provedCurrentEmail = user.email.toLowerCase() === used.email.toLowerCase();
    await updateUser(tx, user.id, { passwordHash, ...(provedCurrentEmail ? { isVerified: true } : {}) });
    await invalidateEmailTokens(tx, { userId: user.id, purpose: 'reset_password', now });
    await revokeAllSessionsOfUser(tx, user.id, now);
  });
}

/** An invited account (sub-manager, restaurant registered by a manager) chooses its password and is signed in. */
export async function acceptInvitation(deps: AuthDeps, input: AcceptInvitationInput): Promise<AuthResponse> {
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { token: input.token, purpose: 'invitation', now: deps.clock.now() });
    if (!used) throw invalidToken();
    const invited = await findUserById(tx, used.userId);
    if (!invited) throw invalidToken();
    const provedCurrentEmail = invited.email.toLowerCase() === used.email.toLowerCase();
    return (await updateUser(tx, invited.id, { passwordHash, ...(provedCurrentEmail ? { isVerified: true } : {}) }))!;
  });
  return startSession(deps, user);
}

/**
 * POST /v1/auth/google: signs in the account linked to this Google identity; else links it to the account with
 * the same (Google-verified) email; else creates a client (or a cause, when asked from the cause sign-up).
 */
export async function googleSignIn(deps: AuthDeps, input: GoogleSignInInput): Promise<AuthResponse> {
  if (!deps.verifyGoogleIdToken) throw notFound('Google sign-in is not configured', 'auth.googleDisabled');
  const profile = await deps.verifyGoogleIdToken(input.credential);

  const identity = await findIdentity(deps.db, 'google', profile.subject);
  if (identity) {
    const user = await findUserById(deps.db, identity.userId);
    if (user) return startSession(deps, user);
  }

  const existing = await findUserByEmail(deps.db, profile.email);
  if (existing) {
    await insertIdentity(deps.db, { userId: existing.id, provider: 'google', subject: profile.subject, email: profile.email });
    const user = existing.isVerified ? existing : ((await updateUser(deps.db, existing.id, { isVerified: true })) ?? existing);
    return startSession(deps, user);
  }

  const [fallbackFirst, ...fallbackRest] = (profile.name ?? profile.email.split('@')[0] ?? 'GoodTable').split(' ');
  try {
    const created = await deps.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        role: input.role ?? 'user',
        email: profile.email,
        passwordHash: null,
        firstName: (profile.givenName ?? fallbackFirst ?? '').slice(0, 100) || 'GoodTable',
        lastName: (profile.familyName ?? fallbackRest.join(' ')).slice(0, 100),
        avatar: profile.picture ?? null,
        isVerified: true,
        ...(input.language ? { language: input.language } : {}),
      });
      await insertIdentity(tx, { userId: user.id, provider: 'google', subject: profile.subject, email: profile.email });
      return user;
    });
    return startSession(deps, created);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Please try again', 'auth.googleRace');
    throw error;
  }
}

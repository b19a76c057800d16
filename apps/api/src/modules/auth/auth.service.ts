import type {
  AcceptInvitationInput,
  AuthResponse,
  GoogleSignInInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  VerifyEmailInput,
} from '@goodtable/shared';
import type { UserRow } from '../../db/schema/index.ts';
import type { Mailer } from '../../email/mailer.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { DomainError, conflict, notFound, notSignedIn } from '../../lib/domain-errors.ts';
import { generateSecureToken, hashSecureToken } from '../../lib/secure-tokens.ts';
import type { ServiceContext, SignedInContext } from '../../lib/service-context.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import {
  consumeEmailToken,
  findIdentity,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertIdentity,
  insertSession,
  insertUser,
  invalidateEmailTokens,
  isEmailTaken,
  passwordDecoyHash,
  presentMe,
  revokeAllSessionsOfUser,
  revokeSession,
  sendVerificationEmailTo,
  updateUser,
  verifyPassword,
} from '../accounts/accounts.service.ts';
import type { GoogleIdTokenVerifier } from './google-id-token.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID_CREDENTIALS = 'Email or password is incorrect';
/** What the calls that must not reveal whether an address is registered answer, every time. */
export const ACCEPTED_MESSAGE = 'If an account uses this address, an email is on its way';

/** What auth's calls need besides the database, viewer and clock: jobs and mail for the emailed links, and settings. */
export type AuthDeps = { jobs: JobQueue; sessionTtlDays: number; mailer: Mailer; publicUrl: string; verifyGoogleIdToken?: GoogleIdTokenVerifier };
export type AuthContext = ServiceContext & AuthDeps;

/** Opens a session for `user`: the token goes to the client once, only its hash is stored. */
export async function startSession(ctx: Pick<AuthContext, 'db' | 'clock' | 'sessionTtlDays'>, user: UserRow): Promise<AuthResponse> {
  const accessToken = generateSecureToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + ctx.sessionTtlDays * DAY_MS);
  await insertSession(ctx.db, { userId: user.id, tokenHash: hashSecureToken(accessToken), expiresAt });
  return { user: presentMe(user), token: { access_token: accessToken, expires_at: expiresAt.toISOString() } };
}

const emailTaken = () => new DomainError('conflict', { message: 'An account with this email already exists', code: 'auth.emailTaken', details: [{ field: 'email', message: 'validation.emailTaken' }] });

/** Creates an account of a self-registration role (client, cause, restaurant, manager), sends the verification email, signs in. */
export async function signUp(ctx: AuthContext, input: SignUpInput & { email: string }): Promise<AuthResponse> {
  if (await isEmailTaken(ctx.db, { email: input.email })) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const role = input.role ?? 'user';
  let user: UserRow;
  try {
    user = await insertUser(ctx.db, {
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
  await sendVerificationEmailTo(ctx, user);
  return startSession(ctx, user);
}

export async function signIn(ctx: AuthContext, input: SignInInput): Promise<AuthResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  // Same answer, and about the same time, whether the address is unknown or the password wrong.
  const passwordMatches = await verifyPassword(input.password, user?.passwordHash ?? (await passwordDecoyHash()));
  if (!user || !user.passwordHash || !passwordMatches) throw notSignedIn(INVALID_CREDENTIALS, 'auth.invalidCredentials');
  return startSession(ctx, user);
}

/** Revokes the session the viewer signed in with (their other sessions stay). */
export async function signOut(ctx: SignedInContext): Promise<void> {
  await revokeSession(ctx.db, { sessionId: ctx.viewer.sessionId, now: ctx.clock.now() });
}

/**
 * send-verification-email (docs/product.md, API calls): answers the same, in the same time, whether or not the address is registered
 * or verified: the lookup, the token and the email happen later in a job (auth.jobs.ts).
 */
export async function requestVerificationEmail(ctx: AuthContext, email: string): Promise<void> {
  await ctx.jobs.enqueue({ kind: 'auth.verification-requested', payload: { email } });
}

const invalidToken = () =>
  new DomainError('invalid', { message: 'This link is invalid, expired or already used', code: 'auth.invalidToken', details: [{ field: 'token', message: 'validation.invalidToken' }] });

/** Marks the account verified, if the link was sent to the address the account still has. */
export async function verifyEmail(ctx: AuthContext, input: VerifyEmailInput): Promise<void> {
  const used = await consumeEmailToken(ctx.db, { token: input.token, purpose: 'verify_email', now: ctx.clock.now() });
  if (!used) throw invalidToken();
  const user = await findUserById(ctx.db, used.userId);
  if (!user || user.email.toLowerCase() !== used.email.toLowerCase()) throw invalidToken();
  if (!user.isVerified) await updateUser(ctx.db, { id: user.id, values: { isVerified: true } });
}

/** /forgot-password: the same answer, in the same time, whether or not the address exists (the work is a job). */
export async function forgotPassword(ctx: AuthContext, email: string): Promise<void> {
  await ctx.jobs.enqueue({ kind: 'auth.password-reset-requested', payload: { email } });
}

/** Sets a new password from a reset link: single-use, expiring, and every session of the user is revoked. */
export async function resetPassword(ctx: AuthContext, input: ResetPasswordInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const used = await consumeEmailToken(tx, { token: input.token, purpose: 'reset_password', now });
    if (!used) throw invalidToken();
    const user = await findUserById(tx, used.userId);
    if (!user) throw invalidToken();
    const provedCurrentEmail = user.email.toLowerCase() === used.email.toLowerCase();
    await updateUser(tx, { id: user.id, values: { passwordHash, ...(provedCurrentEmail ? { isVerified: true } : {}) } });
    await invalidateEmailTokens(tx, { userId: user.id, purpose: 'reset_password', now });
    await revokeAllSessionsOfUser(tx, { userId: user.id, now });
  });
}

/** An invited account (sub-manager, restaurant registered by a manager) chooses its password and is signed in. */
export async function acceptInvitation(ctx: AuthContext, input: AcceptInvitationInput): Promise<AuthResponse> {
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { token: input.token, purpose: 'invitation', now: ctx.clock.now() });
    if (!used) throw invalidToken();
    const invited = await findUserById(tx, used.userId);
    if (!invited) throw invalidToken();
    const provedCurrentEmail = invited.email.toLowerCase() === used.email.toLowerCase();
    return (await updateUser(tx, { id: invited.id, values: { passwordHash, ...(provedCurrentEmail ? { isVerified: true } : {}) } }))!;
  });
  return startSession(ctx, user);
}

/**
 * POST /v1/auth/google: signs in the account linked to this Google identity; else links it to the account with
 * the same (Google-verified) email; else creates a client (or a cause, when asked from the cause sign-up).
 */
export async function googleSignIn(ctx: AuthContext, input: GoogleSignInInput): Promise<AuthResponse> {
  if (!ctx.verifyGoogleIdToken) throw notFound('Google sign-in is not configured', 'auth.googleDisabled');
  const profile = await ctx.verifyGoogleIdToken(input.credential);

  const identity = await findIdentity(ctx.db, { provider: 'google', subject: profile.subject });
  if (identity) {
    const user = await findUserById(ctx.db, identity.userId);
    if (user) return startSession(ctx, user);
  }

  const existing = await findUserByEmail(ctx.db, profile.email);
  if (existing) {
    await insertIdentity(ctx.db, { userId: existing.id, provider: 'google', subject: profile.subject, email: profile.email });
    const user = existing.isVerified ? existing : ((await updateUser(ctx.db, { id: existing.id, values: { isVerified: true } })) ?? existing);
    return startSession(ctx, user);
  }

  const [fallbackFirst, ...fallbackRest] = (profile.name ?? profile.email.split('@')[0] ?? 'GoodTable').split(' ');
  try {
    const created = await ctx.db.transaction(async (tx) => {
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
    return startSession(ctx, created);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Please try again', 'auth.googleRace');
    throw error;
  }
}

import type { AuthResponse, SignInInput, SignUpInput } from '@goodtable/shared';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { conflict, unauthorized } from '../../lib/http-errors.ts';
import { generateSecureToken, hashSecureToken } from '../../lib/secure-tokens.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { findUserByEmail, insertUser, isEmailTaken } from '../users/users.repository.ts';
import { presentMe } from '../users/users.presenter.ts';
import { hashPassword, passwordDecoyHash, verifyPassword } from './password.ts';
import { insertSession, revokeSession } from './sessions.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID_CREDENTIALS = 'Email or password is incorrect';

type AuthDeps = { db: Database; sessionTtlDays: number };

/** Opens a session for `user`: the token goes to the client once, only its hash is stored. */
export async function startSession(deps: AuthDeps, user: UserRow): Promise<AuthResponse> {
  const accessToken = generateSecureToken();
  const expiresAt = new Date(Date.now() + deps.sessionTtlDays * DAY_MS);
  await insertSession(deps.db, { userId: user.id, tokenHash: hashSecureToken(accessToken), expiresAt });
  return { user: presentMe(user), token: { access_token: accessToken, expires_at: expiresAt.toISOString() } };
}

export async function signUp(deps: AuthDeps, input: SignUpInput & { email: string }): Promise<AuthResponse> {
  const emailTaken = () => conflict('An account with this email already exists', 'auth.emailTaken', [{ field: 'email', message: 'validation.emailTaken' }]);
  if (await isEmailTaken(deps.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await insertUser(deps.db, {
      role: 'user',
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
    });
    return await startSession(deps, user);
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function signIn(deps: AuthDeps, input: SignInInput): Promise<AuthResponse> {
  const user = await findUserByEmail(deps.db, input.email);
  // Same answer, and about the same time, whether the address is unknown or the password wrong.
  const passwordMatches = await verifyPassword(input.password, user?.passwordHash ?? (await passwordDecoyHash()));
  if (!user || !user.passwordHash || !passwordMatches) throw unauthorized(INVALID_CREDENTIALS, 'auth.invalidCredentials');
  return startSession(deps, user);
}

export async function signOut(deps: AuthDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, new Date());
}

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailTokens, type EmailTokenPurpose, type EmailTokenRow } from '../../db/schema/index.ts';
import { generateSecureToken, hashSecureToken } from '../../lib/secure-tokens.ts';

const HOUR_MS = 60 * 60 * 1000;

/** How long each kind of emailed link works. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 48 * HOUR_MS,
  reset_password: HOUR_MS,
  invitation: 7 * 24 * HOUR_MS,
  undo_email_change: 7 * 24 * HOUR_MS,
};

/** Creates a link token: the secret is returned once, only its hash is stored. */
export async function issueEmailToken(db: Executor, values: { userId: string; purpose: EmailTokenPurpose; email: string; now: Date }): Promise<string> {
  const token = generateSecureToken();
  const { now } = values;
  await db.insert(emailTokens).values({
    userId: values.userId,
    purpose: values.purpose,
    email: values.email,
    tokenHash: hashSecureToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[values.purpose]),
  });
  return token;
}

/**
 * Uses a token up: one atomic UPDATE marks it used only if it is unused and unexpired, so two concurrent
 * uses cannot both succeed. Undefined when the token is unknown, used, expired or of another purpose.
 */
export async function consumeEmailToken(db: Executor, input: { token: string; purpose: EmailTokenPurpose; now: Date }): Promise<EmailTokenRow | undefined> {
  const { token, purpose, now } = input;
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hashSecureToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning();
  return row;
}

/** Marks every outstanding token of one purpose of a user used (after a reset, older reset links die). */
export async function invalidateEmailTokens(db: Executor, input: { userId: string; purpose: EmailTokenPurpose; now: Date }): Promise<void> {
  const { userId, purpose, now } = input;
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

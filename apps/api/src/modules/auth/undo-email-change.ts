import type { UndoEmailChangeInput } from '@goodtable/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { emailTokens } from '../../db/schema/index.ts';
import { DomainError } from '../../lib/domain-errors.ts';
import type { ServiceContext } from '../../lib/service-context.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { consumeEmailToken, findUserById, isEmailTaken, revokeAllSessionsOfUser, updateUser } from '../accounts/accounts.service.ts';

const invalidToken = () =>
  new DomainError('invalid', { message: 'This link is invalid, expired or already used', code: 'auth.invalidToken', details: [{ field: 'token', message: 'validation.invalidToken' }] });
const addressTaken = () =>
  new DomainError('conflict', { message: 'Another account uses this address now', code: 'auth.undoEmailTaken', details: [{ field: 'token', message: 'validation.emailTaken' }] });

/**
 * POST /v1/auth/undo-email-change: the link sent to the old address after an email change puts that address
 * back (verified: the link proves it), kills every session and every outstanding link of the account (a
 * hijacker's reset or verification links included), and answers the restored address.
 */
export async function undoEmailChange({ db, clock }: ServiceContext, { token }: UndoEmailChangeInput): Promise<{ email: string }> {
  const now = clock.now();
  try {
    return await db.transaction(async (tx) => {
      const used = await consumeEmailToken(tx, { token, purpose: 'undo_email_change', now });
      if (!used) throw invalidToken();
      const user = await findUserById(tx, used.userId);
      if (!user || user.deletedAt) throw invalidToken();
      if (user.email.toLowerCase() !== used.email.toLowerCase() && (await isEmailTaken(tx, { email: used.email, exceptUserId: user.id }))) throw addressTaken();
      await updateUser(tx, { id: user.id, values: { email: used.email, isVerified: true } });
      await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, user.id), inArray(emailTokens.purpose, ['verify_email', 'reset_password', 'undo_email_change']), isNull(emailTokens.usedAt)));
      await revokeAllSessionsOfUser(tx, { userId: user.id, now });
      return { email: used.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw addressTaken();
    throw error;
  }
}

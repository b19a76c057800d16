import type { Me, UpdateMeInput } from '@goodtable/shared';
import type { Database } from '../../db/client.ts';
import { conflict, unauthorized } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { findUserById, isEmailTaken, updateUser } from './users.repository.ts';
import { presentMe } from './users.presenter.ts';

export async function getMe(db: Database, userId: string): Promise<Me> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return presentMe(user);
}

const emailTaken = () => conflict('Another account already uses this email', 'users.emailTaken', [{ field: 'email', message: 'validation.emailTaken' }]);

/** PUT /v1/me: the user's own profile fields; the email stays unique across accounts. */
export async function updateMe(db: Database, userId: string, input: UpdateMeInput & { email: string; timezone: string }): Promise<Me> {
  const current = await findUserById(db, userId);
  if (!current) throw unauthorized();
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
  if (emailChanged && (await isEmailTaken(db, input.email, userId))) throw emailTaken();
  try {
    const updated = await updateUser(db, userId, {
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      location: input.location ?? null,
      timezone: input.timezone,
      // A changed address has not been verified yet.
      ...(emailChanged ? { isVerified: false } : {}),
      ...(input.is_hidden_payment_verified !== undefined ? { isHiddenPaymentVerified: input.is_hidden_payment_verified } : {}),
      ...(input.is_hidden_email_verified !== undefined ? { isHiddenEmailVerified: input.is_hidden_email_verified } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
    });
    if (!updated) throw unauthorized();
    return presentMe(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

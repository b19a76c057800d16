import { isLocale, type Locale } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Mailer } from '../../email/mailer.ts';
import type { Clock } from '../../lib/clock.ts';
import { renderEmail, type EmailKind, type EmailTemplates } from '../../email/templates.ts';
import { issueEmailToken } from './email-tokens.repository.ts';

/** What sending account emails needs: where links point and how mail leaves. */
export type MailDeps = { db: Executor; mailer: Mailer; publicUrl: string; clock: Clock };

export function languageOf(user: Pick<UserRow, 'language'>): Locale {
  return isLocale(user.language) ? user.language : 'en';
}

/** Puts one translated email to `to` in `language` as a send-email job (with `deps.db`, which may be a transaction). */
export async function queueEmail<Kind extends EmailKind>(deps: MailDeps, to: string, language: Locale, kind: Kind, params: EmailTemplates[Kind]): Promise<void> {
  await deps.mailer.enqueue({ to, language, ...renderEmail(kind, language, params) }, deps.db);
}

/** `publicUrl + path?token=…` for a fresh single-use token. */
async function tokenLink(deps: MailDeps, user: UserRow, purpose: 'verify_email' | 'reset_password' | 'invitation', path: string, extraQuery = ''): Promise<string> {
  const token = await issueEmailToken(deps.db, { userId: user.id, purpose, email: user.email, now: deps.clock.now() });
  return `${deps.publicUrl}${path}?token=${encodeURIComponent(token)}${extraQuery}`;
}

export async function sendVerificationEmailTo(deps: MailDeps, user: UserRow): Promise<void> {
  const link = await tokenLink(deps, user, 'verify_email', '/verify-email');
  await queueEmail(deps, user.email, languageOf(user), 'verifyEmail', { firstName: user.firstName, link });
}

export async function sendPasswordResetEmailTo(deps: MailDeps, user: UserRow): Promise<void> {
  const link = await tokenLink(deps, user, 'reset_password', '/reset-password');
  await queueEmail(deps, user.email, languageOf(user), 'resetPassword', { firstName: user.firstName, link });
}

/**
 * The link with which an invited account (sub-manager, or a restaurant a manager registered) picks its first
 * password: the /reset-password screen in its invitation mode (it calls POST /v1/auth/accept-invitation).
 */
export function invitationLink(deps: MailDeps, user: UserRow): Promise<string> {
  return tokenLink(deps, user, 'invitation', '/reset-password', '&invitation=1');
}

export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'name'>): string {
  const person = `${user.firstName} ${user.lastName}`.trim();
  return user.name ? `${person} (${user.name})` : person;
}

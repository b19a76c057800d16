import { isLocale, type Locale } from '@goodtable/shared';
import type { UserRow } from '../../db/schema/index.ts';
import type { Mailer } from '../../email/mailer.ts';
import type { ServiceContext } from '../../lib/service-context.ts';
import { renderEmail, type EmailKind, type EmailTemplates } from '../../email/templates.ts';
import { issueEmailToken } from './email-tokens.repository.ts';

/** What sending account emails needs: the database or transaction the email job joins, where links point, how mail leaves. */
export type MailContext = Pick<ServiceContext, 'db' | 'clock'> & { mailer: Mailer; publicUrl: string };

export function languageOf(user: Pick<UserRow, 'language'>): Locale {
  return isLocale(user.language) ? user.language : 'en';
}

/** Puts one translated email to `to` in `language` as a send-email job (with `mail.db`, which may be a transaction). */
export async function queueEmail<Kind extends EmailKind>(mail: MailContext, email: { to: string; language: Locale; kind: Kind; params: EmailTemplates[Kind] }): Promise<void> {
  const { to, language, kind, params } = email;
  await mail.mailer.enqueue({ to, language, ...renderEmail({ kind, language, params }) }, mail.db);
}

/** `publicUrl + path?token=…` for a fresh single-use token. */
async function tokenLink(mail: MailContext, link: { user: UserRow; purpose: 'verify_email' | 'reset_password' | 'invitation'; path: string; extraQuery?: string }): Promise<string> {
  const { user, purpose, path, extraQuery = '' } = link;
  const token = await issueEmailToken(mail.db, { userId: user.id, purpose, email: user.email, now: mail.clock.now() });
  return `${mail.publicUrl}${path}?token=${encodeURIComponent(token)}${extraQuery}`;
}

export async function sendVerificationEmailTo(mail: MailContext, user: UserRow): Promise<void> {
  const link = await tokenLink(mail, { user, purpose: 'verify_email', path: '/verify-email' });
  await queueEmail(mail, { to: user.email, language: languageOf(user), kind: 'verifyEmail', params: { firstName: user.firstName, link } });
}

export async function sendPasswordResetEmailTo(mail: MailContext, user: UserRow): Promise<void> {
  const link = await tokenLink(mail, { user, purpose: 'reset_password', path: '/reset-password' });
  await queueEmail(mail, { to: user.email, language: languageOf(user), kind: 'resetPassword', params: { firstName: user.firstName, link } });
}

/**
 * The link with which an invited account (sub-manager, or a restaurant a manager registered) picks its first
 * password: the /reset-password screen in its invitation mode (it calls POST /v1/auth/accept-invitation).
 */
export function invitationLink(mail: MailContext, user: UserRow): Promise<string> {
  return tokenLink(mail, { user, purpose: 'invitation', path: '/reset-password', extraQuery: '&invitation=1' });
}

export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'name'>): string {
  const person = `${user.firstName} ${user.lastName}`.trim();
  return user.name ? `${person} (${user.name})` : person;
}

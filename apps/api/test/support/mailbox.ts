/** Reads the dev mailbox (GET /dev/mailbox.json) the way a person reads their inbox. */
export type MailboxAttachment = { filename: string; content_type: string; content: string; encoding?: 'base64'; cid?: string };
export type MailboxEmail = {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  attachments: MailboxAttachment[];
  headers: Record<string, string>;
  created_at: string;
};

export async function readMailbox(baseUrl: string): Promise<MailboxEmail[]> {
  const response = await fetch(new URL('/dev/mailbox.json', baseUrl));
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return ((await response.json()) as { data: MailboxEmail[] }).data;
}

/** Emails to `to` (newest first), waiting up to `timeoutMs` until at least `count` arrived (emails leave in the background). */
export async function waitForEmails(baseUrl: string, { to, options = {} }: { to: string; options?: { count?: number; timeoutMs?: number } }): Promise<MailboxEmail[]> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const emails = (await readMailbox(baseUrl)).filter((email) => email.to.toLowerCase() === to.toLowerCase());
    if (emails.length >= count) return emails;
    if (Date.now() > deadline) throw new Error(`expected ${count} email(s) to ${to}, found ${emails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest email to `to` whose subject matches. */
export async function waitForEmail(baseUrl: string, { to, subject, timeoutMs = 5000 }: { to: string; subject: RegExp; timeoutMs?: number }): Promise<MailboxEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox(baseUrl)).find((email) => email.to.toLowerCase() === to.toLowerCase() && subject.test(email.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no email to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The `token` query parameter of the first link to `path` in an email's plain-text part. */
export function linkToken(email: Pick<MailboxEmail, 'text'>, path: string): string {
  const match = email.text.match(new RegExp(`https?://[^\\s]+${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_\\-%]+)`));
  if (!match) throw new Error(`no ${path} link in: ${email.text}`);
  return decodeURIComponent(match[1]!);
}

import { expect, type APIRequestContext } from '@playwright/test';

export type MailboxEmail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  /** Files sent with the email (an ICS invitation: `text/calendar; method=REQUEST`). */
  attachments: { filename: string; content_type: string; content: string }[];
};

/**
 * The newest email to `to` whose subject matches, read from the server's dev mailbox (GET /dev/mailbox.json),
 * waiting for it to arrive (emails leave in the background).
 */
export async function waitForEmail(request: APIRequestContext, { to, subject }: { to: string; subject: RegExp }): Promise<MailboxEmail> {
  let found: MailboxEmail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mailbox.json');
        const { data } = (await response.json()) as { data: MailboxEmail[] };
        found = data.find((email) => email.to.toLowerCase() === to.toLowerCase() && subject.test(email.subject));
        return found !== undefined;
      },
      { message: `an email to ${to} matching ${subject}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the first link to `path` in the email's plain-text part (the link a person would click). */
export function linkPath(email: MailboxEmail, path: string): string {
  const match = email.text.match(new RegExp(`https?://[^\\s/]+(${path.replace('/', '\\/')}\\?[^\\s]+)`));
  if (!match) throw new Error(`no ${path} link in: ${email.text}`);
  return match[1]!;
}

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support/test-app.ts';
import { httpClient, uniqueEmail } from '../../test/support/http-client.ts';
import { waitForEmail } from '../../test/support/mailbox.ts';
import { renderEmail } from './templates.ts';

/** The dev mailbox keeps what would have been sent, attachments included, for people (HTML) and tests (JSON). */
describe('dev mailbox', () => {
  const testApp = useTestApp();

  const invitation = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'METHOD:REQUEST', 'BEGIN:VEVENT', 'SUMMARY:Dinner <for> the river', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');

  it('keeps an email’s attachments and shows them on the JSON list and the page', async () => {
    const to = uniqueEmail('mailbox-ics');
    await testApp.app.mailer.enqueue({
      to,
      language: 'en',
      ...renderEmail({ kind: 'teamInvitationExistingAccount', language: 'en', params: { inviterName: 'Hanh' } }),
      attachments: [{ filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: invitation }],
    });
    const email = await waitForEmail(testApp.baseUrl, { to, subject: /invited you/ });
    expect(email.attachments).toEqual([{ filename: 'invite.ics', content_type: 'text/calendar; charset=utf-8; method=REQUEST', content: invitation }]);

    const page = await httpClient(testApp.baseUrl).get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Attachment invite.ics (text/calendar; charset=utf-8; method=REQUEST)');
    // Attachment text is shown escaped, never as markup.
    expect(page.body).toContain('SUMMARY:Dinner &lt;for&gt; the river');
  });

  it('lists an email without attachments with an empty list', async () => {
    const to = uniqueEmail('mailbox-plain');
    await testApp.app.mailer.enqueue({ to, language: 'vn', ...renderEmail({ kind: 'teamInvitationExistingAccount', language: 'vn', params: { inviterName: 'Hanh' } }) });
    const email = await waitForEmail(testApp.baseUrl, { to, subject: /mời bạn/ });
    expect(email.attachments).toEqual([]);
  });
});

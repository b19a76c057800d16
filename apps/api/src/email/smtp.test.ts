import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { parseInvitation } from '../../test/support/calendar.ts';
import { parseEmail, type ParsedEmail } from '../../test/support/mime.ts';
import { bookingChangeEmail } from '../modules/bookings/booking-emails.ts';
import { useTestApp } from '../../test/support/test-app.ts';
import { uniqueEmail } from '../../test/support/http-client.ts';

/** Email delivery over real SMTP: a local smtp-server on loopback receives what the API sends. */
describe('email over SMTP', () => {
  let smtp: SMTPServer;
  const received: { envelopeTo: string[]; mail: ParsedEmail }[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // eslint-disable-next-line local/options-object -- smtp-server calls onData(stream, session, callback).
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail: parseEmail(Buffer.concat(chunks).toString('utf8')) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  const testApp = useTestApp({
    env: () => ({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, MAIL_FROM: 'GoodTable <hello@goodtable.test>', PUBLIC_URL: 'https://goodtable.test' }),
  });
  const { api } = testApp;

  async function waitForMail(to: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = received.find((entry) => entry.envelopeTo.includes(to));
      if (found) return found.mail;
      if (Date.now() > deadline) throw new Error(`nothing arrived for ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('delivers the verification email in Vietnamese with HTML and plain-text parts', async () => {
    const email = uniqueEmail('smtp');
    const signUp = await api.post('/v1/auth/sign-up', { body: { email, password: 'correct-horse-battery', first_name: 'Huong', last_name: 'Dang', language: 'vn' } });
    expect(signUp.status).toBe(201);
    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Xác minh địa chỉ email của bạn');
    expect(mail.from).toBe('GoodTable <hello@goodtable.test>');
    expect(mail.headers.get('content-language')).toBe('vi');
    expect(mail.text).toContain('Xin chào Huong');
    expect(mail.text).toMatch(/https:\/\/goodtable\.test\/verify-email\?token=[\w-]+/);
    expect(mail.html).toContain('lang="vi"');
    expect(mail.html).toContain('Xác minh email');
  });

  it('delivers the reset email in English for an English account', async () => {
    const email = uniqueEmail('smtp-en');
    await api.post('/v1/auth/sign-up', { body: { email, password: 'correct-horse-battery', first_name: 'Sam', last_name: 'Lee' } });
    await waitForMail(email);
    received.length = 0;
    expect((await api.post('/v1/auth/forgot-password', { body: { email } })).status).toBe(202);
    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Reset your GoodTable password');
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain('https://goodtable.test/reset-password?token=');
  });

  it('delivers a booking email with its calendar invitation attached', async () => {
    const to = uniqueEmail('smtp-ics');
    const bookingId = '3f0c7d7e-9a51-4a4b-8d35-0f5c0e6b2a11';
    const email = bookingChangeEmail({
      booking: {
        id: bookingId,
        status: 'ACCEPTED',
        title: 'Bữa tối gây quỹ cho trẻ em',
        date: '2026-07-10T09:00:00.000Z',
        suggestion: null,
        guests: 24,
        response_due_at: null,
        deposit_due_at: '2026-06-04T02:00:00.000Z',
        restaurant: { name: 'Trattoria Rossi', address: '12 Lygon Street', city: 'Carlton', timezone: 'Australia/Melbourne' },
        client: { first_name: 'Huong', last_name: 'Dang' },
      },
      event: { action: 'accept', actor: 'restaurant', from: 'PENDING', to: 'ACCEPTED', reason: null },
      revision: 2,
      recipient: { email: to, first_name: 'Huong', language: 'vn', side: 'client' },
      publicUrl: 'https://goodtable.test',
      mailFrom: testApp.app.config.MAIL_FROM,
      now: testApp.app.clock.now(),
    });
    await testApp.app.mailer.enqueue(email!);
    const mail = await waitForMail(to);
    expect(mail.subject).toBe('Trattoria Rossi đã chấp nhận đặt chỗ của bạn: Bữa tối gây quỹ cho trẻ em');
    expect(mail.text).toContain(`https://goodtable.test/bookings/${bookingId}`);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.filename).toBe('invite.ics');
    expect(attachment!.contentType).toMatch(/^text\/calendar;.*method=REQUEST/);
    const invitation = parseInvitation(attachment!.content);
    expect(invitation).toMatchObject({ method: 'REQUEST', uid: `booking-${bookingId}@goodtable.test`, summary: 'Bữa tối gây quỹ cho trẻ em', organizer: 'mailto:hello@goodtable.test' });
    expect(invitation.start.toISOString()).toBe('2026-07-10T09:00:00.000Z');
  });

  it('serves no dev mailbox when SMTP is configured', async () => {
    expect((await api.get('/dev/mailbox.json')).status).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactMessages } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { signUpClient, uniqueEmail } from '../../../test/support/http-client.ts';
import { readMailbox, waitForEmail } from '../../../test/support/mailbox.ts';

const SUPPORT = 'help-desk@goodtable.example';

describe('contact API', () => {
  const testApp = useTestApp({ env: { SUPPORT_EMAIL: SUPPORT, ACCOUNT_RATE_LIMIT_MAX: '3' } });
  const { api } = testApp;

  const storedFrom = (email: string) =>
    testApp.database.db
      .select({ name: contactMessages.name, topic: contactMessages.topic, message: contactMessages.message, language: contactMessages.language, user_id: contactMessages.userId })
      .from(contactMessages)
      .where(eq(contactMessages.email, email));

  it('stores the message, emails it to the support address (Reply-To the sender) and confirms to the sender in their language', async () => {
    const email = uniqueEmail('writer');
    const response = await api.post('/v1/contact', { body: { name: 'Thu Nguyen', email, topic: 'payment', message: 'When is the cause paid after our dinner?', language: 'vn' } });
    expect(response.status).toBe(201);
    expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storedFrom(email)).toEqual([{ name: 'Thu Nguyen', topic: 'payment', message: 'When is the cause paid after our dinner?', language: 'vn', user_id: null }]);

    const toSupport = await waitForEmail(testApp.baseUrl, { to: SUPPORT, subject: new RegExp(`Thu Nguyen`) });
    expect(toSupport.text).toContain('When is the cause paid after our dinner?');
    expect(toSupport.text).toContain(email);
    expect(toSupport.headers['Reply-To']).toBe(email);
    const confirmation = await waitForEmail(testApp.baseUrl, { to: email, subject: /nhận được tin nhắn/ });
    expect(confirmation.text).toContain('Thanh toán');
  });

  it('records the signed-in sender’s account', async () => {
    const { token, user } = await signUpClient(api);
    const email = uniqueEmail('member');
    expect((await api.post('/v1/contact', { body: { name: 'Lan Pham', email, topic: 'account', message: 'Please help me with my account.' }, token })).status).toBe(201);
    expect((await storedFrom(email))[0]!.user_id).toBe(user.id);
  });

  it('refuses bad input with 400 naming each field, and stores or sends nothing', async () => {
    const email = uniqueEmail('bad');
    const response = await api.post('/v1/contact', { body: { name: '', email, topic: 'gossip', message: 'short' } });
    expect(response.status).toBe(400);
    expect(response.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual(['message', 'name', 'topic']);
    const badEmail = await api.post('/v1/contact', { body: { name: 'A', email: 'nope', topic: 'other', message: 'A long enough message.' } });
    expect(badEmail.body.details[0]).toEqual({ field: 'email', message: 'validation.invalidEmail' });
    expect(await storedFrom(email)).toEqual([]);
  });

  it('refuses a message whose honeypot field is filled (a bot), storing and sending nothing', async () => {
    const email = uniqueEmail('bot');
    const response = await api.post('/v1/contact', { body: { name: 'Bot', email, topic: 'other', message: 'Buy cheap things now!!!', website: 'https://spam.example' } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('contact.rejected');
    expect(await storedFrom(email)).toEqual([]);
    await testApp.drainJobs();
    expect((await readMailbox(testApp.baseUrl)).some((mail) => mail.to === email)).toBe(false);
  });

  it('limits messages per sender address (429 after the limit)', async () => {
    const email = uniqueEmail('chatty');
    const message = { name: 'Chatty', email, topic: 'other', message: 'One more question for you.' };
    for (let i = 0; i < 3; i++) expect((await api.post('/v1/contact', { body: message })).status).toBe(201);
    const limited = await api.post('/v1/contact', { body: message });
    expect(limited.status).toBe(429);
    expect(await storedFrom(email)).toHaveLength(3);
  });
});

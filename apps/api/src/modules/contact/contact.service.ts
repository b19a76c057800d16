import type { ContactMessageInput, ContactTopic, Locale } from '@goodtable/shared';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../email/mailer.ts';
import { renderEmail } from '../../email/templates.ts';
import type { Clock } from '../../lib/clock.ts';
import { DomainError } from '../../lib/domain-errors.ts';
import type { Viewer } from '../../lib/service-context.ts';
import { insertContactMessage } from './contact.repository.ts';

export type ContactContext = { db: Database; viewer: Viewer | null; clock: Clock; mailer: Mailer; supportEmail: string };

/** Topic names in the emails (the web shows its own translations). */
const TOPIC_NAMES: Record<Locale, Record<ContactTopic, string>> = {
  en: { booking: 'A booking', payment: 'A payment', restaurant: 'Restaurants', cause: 'Causes', account: 'My account', other: 'Something else' },
  vn: { booking: 'Đặt chỗ', payment: 'Thanh toán', restaurant: 'Nhà hàng', cause: 'Tổ chức từ thiện', account: 'Tài khoản của tôi', other: 'Vấn đề khác' },
};

/**
 * POST /v1/contact: stores the message, then emails it to the support address (Reply-To the sender) and a
 * confirmation to the sender in their language, both through the outbox in the same transaction. A filled honeypot
 * (`website`) is a bot: 400, nothing stored or sent.
 */
export async function sendContactMessage({ db, viewer, clock, mailer, supportEmail }: ContactContext, input: ContactMessageInput & { email: string; topic: ContactTopic }): Promise<{ id: string }> {
  if (input.website) throw new DomainError('invalid', { message: 'This message looks automated and was not sent', code: 'contact.rejected', details: [{ field: 'website', message: 'validation.mustBeEmpty' }] });
  const language = input.language ?? 'en';
  return db.transaction(async (tx) => {
    const row = await insertContactMessage(tx, {
      userId: viewer?.id ?? null,
      name: input.name,
      email: input.email,
      topic: input.topic,
      message: input.message,
      language,
      createdAt: clock.now(),
    });
    await mailer.enqueue(
      {
        to: supportEmail,
        language: 'en',
        ...renderEmail({ kind: 'contactToSupport', language: 'en', params: {
          name: input.name,
          email: input.email,
          topic: TOPIC_NAMES.en[input.topic],
          message: input.message,
          language,
          signedInAs: viewer?.id ?? null,
        } }),
        headers: { 'Reply-To': input.email },
      },
      tx,
    );
    await mailer.enqueue({ to: input.email, language, ...renderEmail({ kind: 'contactReceived', language, params: { name: input.name, topic: TOPIC_NAMES[language][input.topic], message: input.message } }) }, tx);
    return { id: row.id };
  });
}

import type { Locale } from '@goodtable/shared';
import type { OutgoingEmail } from '../../email/mailer.ts';
import { renderContent } from '../../email/templates.ts';
import { notificationTitleText } from './notification-texts.ts';

const GREETING: Record<Locale, (firstName: string) => string> = { en: (name) => `Hello ${name},`, vn: (name) => `Xin chào ${name},` };
const OPEN: Record<Locale, string> = { en: 'Open in GoodTable', vn: 'Mở trong GoodTable' };
const FOOTER: Record<Locale, string> = {
  en: 'You can choose which notifications also reach you by email on your account page.',
  vn: 'Bạn có thể chọn những thông báo nào cũng được gửi qua email trong trang tài khoản của bạn.',
};

/**
 * A notification as an email (money notifications without an email of their own): the title as subject and first
 * line, the content, and a link to what it is about. Plain text in, escaped by `renderContent`.
 */
export function notificationEmail(input: { to: string; firstName: string; language: Locale; titleHtml: string; content: string; link: string }): OutgoingEmail {
  const { language } = input;
  const title = notificationTitleText(input.titleHtml);
  const rendered = renderContent(language, {
    subject: title,
    greeting: GREETING[language](input.firstName),
    paragraphs: [title, ...(input.content ? [input.content] : [])],
    action: { label: OPEN[language], link: input.link },
    footer: FOOTER[language],
  });
  return { ...rendered, to: input.to, language };
}

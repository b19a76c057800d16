import { formatMoney, type Locale } from '@goodtable/shared';
import type { OutgoingEmail } from '../../email/mailer.ts';
import { renderContent, type EmailContent } from '../../email/templates.ts';
import type { RefundReason } from '../../db/schema/index.ts';

/** Who gets a refund email and about what: the payer, the booking and the total refunded now. */
export type RefundEmailInput = {
  to: string;
  firstName: string;
  language: Locale;
  title: string;
  amount: number;
  currency: string;
  reason: RefundReason;
  /** The booking page. */
  link: string;
};

type Params = Omit<RefundEmailInput, 'to' | 'language' | 'amount' | 'currency'> & { money: string };

const WHY: Record<RefundReason, Record<Locale, (p: Params) => string>> = {
  restaurant_cancelled: {
    en: (p) => `The restaurant cancelled "${p.title}", so everything you paid for it is refunded.`,
    vn: (p) => `Nhà hàng đã hủy "${p.title}", vì vậy toàn bộ số tiền bạn đã thanh toán được hoàn lại.`,
  },
  client_cancelled_early: {
    en: (p) => `You cancelled "${p.title}" more than 14 days before the event, so your deposit is refunded.`,
    vn: (p) => `Bạn đã hủy "${p.title}" trước sự kiện hơn 14 ngày, vì vậy tiền đặt cọc của bạn được hoàn lại.`,
  },
  booking_cancelled: {
    en: (p) => `"${p.title}" was cancelled, so what you paid for it is refunded.`,
    vn: (p) => `"${p.title}" đã bị hủy, vì vậy số tiền bạn đã thanh toán được hoàn lại.`,
  },
  settlement_unused_prepayment: {
    en: (p) => `"${p.title}" is settled: ticket sales covered part of the restaurant's cost, so the part of your prepayment that was not needed is refunded.`,
    vn: (p) => `"${p.title}" đã được quyết toán: doanh thu bán vé đã trả một phần chi phí nhà hàng, vì vậy phần tiền trả trước không cần dùng đến được hoàn lại.`,
  },
};

const copy: Record<Locale, (p: Params, why: string) => EmailContent> = {
  en: (p, why) => ({
    subject: `Refund of ${p.money}: ${p.title}`,
    greeting: `Hello ${p.firstName},`,
    paragraphs: [why, `We refunded ${p.money} to the payment method you used. Banks usually show it within 5 to 10 business days.`],
    action: { label: 'Open the booking', link: p.link },
  }),
  vn: (p, why) => ({
    subject: `Hoàn tiền ${p.money}: ${p.title}`,
    greeting: `Xin chào ${p.firstName},`,
    paragraphs: [why, `Chúng tôi đã hoàn ${p.money} về phương thức thanh toán bạn đã dùng. Ngân hàng thường hiển thị khoản này trong vòng 5 đến 10 ngày làm việc.`],
    action: { label: 'Mở đặt chỗ', link: p.link },
  }),
};

/** The email telling a payer what was refunded and why, in their language (the amount in their locale's format). */
export function refundEmail(input: RefundEmailInput): OutgoingEmail {
  const params: Params = { firstName: input.firstName, title: input.title, reason: input.reason, link: input.link, money: formatMoney(input.amount, { currency: input.currency, locale: input.language }) };
  const rendered = renderContent(input.language, copy[input.language](params, WHY[input.reason][input.language](params)));
  return { ...rendered, to: input.to, language: input.language };
}

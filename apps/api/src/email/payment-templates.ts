import { formatMoney, type Locale, type PaymentType } from '@goodtable/shared';
import { formatEmailDateTime } from './booking-templates.ts';
import { renderContent, type RenderedEmail } from './templates.ts';

/** What a payment receipt email says: sent to the payer when a payment succeeds. */
export type PaymentReceiptEmailParams = {
  firstName: string;
  type: PaymentType;
  amount: number;
  currency: string;
  /** When it was paid (business clock). */
  paidAt: Date;
  bookingTitle: string | null;
  restaurantName: string | null;
  causeName: string | null;
  /** The restaurant's time zone, for the payment time. */
  timeZone: string;
  /** The printable receipt page. */
  link: string;
  reference: string;
};

const TYPE_NAMES: Record<Locale, Record<PaymentType, string>> = {
  en: {
    CREDIT_CARD_DEPOSIT: 'Deposit by card',
    CREDIT_CARD_TOTAL_FEE: 'Whole restaurant cost by card',
    BANK_DEPOSIT: 'Deposit by bank transfer',
    BECS_DEBIT_DEPOSIT: 'Deposit by direct debit',
    BECS_DEBIT_TOTAL_FEE: 'Whole restaurant cost by direct debit',
    BECS_DEBIT_BALANCE_FEE: 'Balance after the event',
    CREDIT_CARD_TICKETS: 'Tickets by card',
    CREDIT_CARD_DONATION: 'Donation by card',
  },
  vn: {
    CREDIT_CARD_DEPOSIT: 'Tiền đặt cọc bằng thẻ',
    CREDIT_CARD_TOTAL_FEE: 'Toàn bộ chi phí nhà hàng bằng thẻ',
    BANK_DEPOSIT: 'Tiền đặt cọc bằng chuyển khoản',
    BECS_DEBIT_DEPOSIT: 'Tiền đặt cọc bằng ghi nợ trực tiếp',
    BECS_DEBIT_TOTAL_FEE: 'Toàn bộ chi phí nhà hàng bằng ghi nợ trực tiếp',
    BECS_DEBIT_BALANCE_FEE: 'Số tiền còn lại sau sự kiện',
    CREDIT_CARD_TICKETS: 'Vé bằng thẻ',
    CREDIT_CARD_DONATION: 'Quyên góp bằng thẻ',
  },
};

const COPY: Record<Locale, { subject: (title: string) => string; greeting: (name: string) => string; untitled: string; lines: (p: PaymentReceiptEmailParams & { money: string; when: string; typeName: string; title: string }) => string[]; action: string }> = {
  en: {
    subject: (title) => `Your receipt: ${title}`,
    greeting: (name) => `Hello ${name},`,
    untitled: 'your event',
    lines: (p) => [
      `Thank you: we received your payment of ${p.money} for ${p.title}.`,
      `${p.typeName}, paid ${p.when}.`,
      [p.restaurantName ? `Restaurant: ${p.restaurantName}.` : '', p.causeName ? `Cause: ${p.causeName}.` : ''].filter(Boolean).join(' '),
      `Reference: ${p.reference}`,
    ],
    action: 'View and print your receipt',
  },
  vn: {
    subject: (title) => `Biên lai của bạn: ${title}`,
    greeting: (name) => `Xin chào ${name},`,
    untitled: 'sự kiện của bạn',
    lines: (p) => [
      `Cảm ơn bạn: chúng tôi đã nhận khoản thanh toán ${p.money} cho ${p.title}.`,
      `${p.typeName}, thanh toán ${p.when}.`,
      [p.restaurantName ? `Nhà hàng: ${p.restaurantName}.` : '', p.causeName ? `Mục đích từ thiện: ${p.causeName}.` : ''].filter(Boolean).join(' '),
      `Mã tham chiếu: ${p.reference}`,
    ],
    action: 'Xem và in biên lai',
  },
};

/** The receipt email in `language`, as HTML and plain text. */
export function renderPaymentReceiptEmail(language: Locale, params: PaymentReceiptEmailParams): RenderedEmail {
  const copy = COPY[language];
  const title = params.bookingTitle ?? copy.untitled;
  const lines = copy.lines({
    ...params,
    title,
    money: formatMoney(params.amount, { currency: params.currency, locale: language }),
    when: formatEmailDateTime({ instant: params.paidAt, timeZone: params.timeZone, language }),
    typeName: TYPE_NAMES[language][params.type],
  });
  return renderContent(language, {
    subject: copy.subject(title),
    greeting: copy.greeting(params.firstName),
    paragraphs: lines.filter((line) => line !== ''),
    action: { label: copy.action, link: params.link },
  });
}

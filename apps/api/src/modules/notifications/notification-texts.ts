import { formatMoney, type BookingAction, type Locale } from '@goodtable/shared';
import { formatEmailDateTime } from '../../email/booking-templates.ts';
import { escapeHtml } from '../../email/templates.ts';

/**
 * The words of a notification, rendered when it is read, in the reader's language. Only the kinds this file knows
 * are ever stored (`booking.<action>`); `params` are the booking's facts at the time of the change.
 */
export type BookingNotificationParams = {
  /** The booking's title, the restaurant's name, the event time (ISO) and the restaurant's zone, as they were. */
  title: string | null;
  restaurant_name: string | null;
  date: string | null;
  timezone: string | null;
  /** The transition's reason (decline reason). */
  reason: string | null;
};

/** A deadline approaching (`deadline.response`, `deadline.deposit`): the booking's facts and when it is due (ISO). */
export type DeadlineNotificationParams = BookingNotificationParams & { due_at: string };

/** A manager access request or its answer: the restaurant's name as it was. */
export type ManagerAccessNotificationParams = { restaurant_name: string | null };

/** `who` is the sender's name or, for the system's changes, GoodTable; both arrive HTML-escaped. */
type TitleParts = { who: string; booking: string; reason: string | null };
type Sentence = (parts: TitleParts) => string;

const b = (html: string) => `<strong>${html}</strong>`;

const TITLES: Record<BookingAction, Record<Locale, Sentence>> = {
  submit: { en: (p) => `${b(p.who)} sent the booking request ${b(p.booking)}`, vn: (p) => `${b(p.who)} đã gửi yêu cầu đặt chỗ ${b(p.booking)}` },
  edit: { en: (p) => `${b(p.who)} changed the booking request ${b(p.booking)}`, vn: (p) => `${b(p.who)} đã thay đổi yêu cầu đặt chỗ ${b(p.booking)}` },
  accept: { en: (p) => `${b(p.who)} accepted the booking ${b(p.booking)}`, vn: (p) => `${b(p.who)} đã chấp nhận đặt chỗ ${b(p.booking)}` },
  decline: {
    en: (p) => `${b(p.who)} declined the booking ${b(p.booking)}${p.reason === 'NOT_AVAILABLE' ? ': not available at this time' : ': not suitable for this event'}`,
    vn: (p) => `${b(p.who)} đã từ chối đặt chỗ ${b(p.booking)}${p.reason === 'NOT_AVAILABLE' ? ': không có chỗ vào thời gian này' : ': không phù hợp với sự kiện này'}`,
  },
  'suggest-time': { en: (p) => `${b(p.who)} suggested another time for ${b(p.booking)}`, vn: (p) => `${b(p.who)} đã đề xuất thời gian khác cho ${b(p.booking)}` },
  'accept-suggestion': { en: (p) => `${b(p.who)} accepted the suggested time for ${b(p.booking)}`, vn: (p) => `${b(p.who)} đã chấp nhận thời gian được đề xuất cho ${b(p.booking)}` },
  'decline-suggestion': { en: (p) => `${b(p.who)} declined the suggested time for ${b(p.booking)}`, vn: (p) => `${b(p.who)} đã từ chối thời gian được đề xuất cho ${b(p.booking)}` },
  'change-time': { en: (p) => `${b(p.who)} asked for another time for ${b(p.booking)}`, vn: (p) => `${b(p.who)} đã yêu cầu thời gian khác cho ${b(p.booking)}` },
  cancel: { en: (p) => `${b(p.who)} cancelled the booking ${b(p.booking)}`, vn: (p) => `${b(p.who)} đã hủy đặt chỗ ${b(p.booking)}` },
  'mark-complete': { en: (p) => `${b(p.who)} marked ${b(p.booking)} as complete`, vn: (p) => `${b(p.who)} đã đánh dấu ${b(p.booking)} là hoàn tất` },
  'confirm-complete': { en: (p) => `${b(p.who)} confirmed that ${b(p.booking)} is complete`, vn: (p) => `${b(p.who)} đã xác nhận ${b(p.booking)} đã hoàn tất` },
  'mark-unsatisfactory': { en: (p) => `${b(p.who)} reported a problem with ${b(p.booking)}`, vn: (p) => `${b(p.who)} đã báo cáo vấn đề với ${b(p.booking)}` },
  delete: { en: (p) => `${b(p.who)} deleted ${b(p.booking)}`, vn: (p) => `${b(p.who)} đã xóa ${b(p.booking)}` },
  'deposit-paid': { en: (p) => `The deposit for ${b(p.booking)} is paid: the booking is confirmed`, vn: (p) => `Tiền đặt cọc cho ${b(p.booking)} đã được thanh toán: đặt chỗ đã được xác nhận` },
  'response-timeout': { en: (p) => `The request ${b(p.booking)} expired without an answer`, vn: (p) => `Yêu cầu ${b(p.booking)} đã hết hạn mà không có phản hồi` },
  'deposit-timeout': { en: (p) => `The deposit for ${b(p.booking)} was not paid in time`, vn: (p) => `Tiền đặt cọc cho ${b(p.booking)} không được thanh toán đúng hạn` },
  'auto-complete': { en: (p) => `${b(p.booking)} was confirmed complete automatically`, vn: (p) => `${b(p.booking)} đã được tự động xác nhận hoàn tất` },
  'no-tickets-sweep': { en: (p) => `${b(p.booking)} ended: no tickets were sold`, vn: (p) => `${b(p.booking)} đã kết thúc: không có vé nào được bán` },
};

/** `when` is the deadline in the restaurant's zone, formatted like the emails. */
type DeadlineSentence = (parts: { booking: string; when: string }) => string;
export const DEADLINE_KINDS = ['response', 'deposit'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];
const DEADLINE_TITLES: Record<DeadlineKind, Record<Locale, DeadlineSentence>> = {
  response: { en: (p) => `Please answer the request ${b(p.booking)} by ${p.when}`, vn: (p) => `Vui lòng trả lời yêu cầu ${b(p.booking)} trước ${p.when}` },
  deposit: { en: (p) => `Please pay the deposit for ${b(p.booking)} by ${p.when}`, vn: (p) => `Vui lòng thanh toán tiền đặt cọc cho ${b(p.booking)} trước ${p.when}` },
};

/** Ticket sales of an event: its first ticket, half sold, sold out, and its goal reached. */
export const TICKET_MILESTONES = ['first', 'half', 'sold_out', 'goal_reached'] as const;
export type TicketMilestone = (typeof TICKET_MILESTONES)[number];
const TICKET_TITLES: Record<TicketMilestone, Record<Locale, (p: { booking: string }) => string>> = {
  first: { en: (p) => `${b(p.booking)} sold its first ticket`, vn: (p) => `${b(p.booking)} đã bán được vé đầu tiên` },
  half: { en: (p) => `Half the tickets of ${b(p.booking)} are sold`, vn: (p) => `Đã bán được một nửa số vé của ${b(p.booking)}` },
  sold_out: { en: (p) => `${b(p.booking)} is sold out`, vn: (p) => `${b(p.booking)} đã bán hết vé` },
  goal_reached: { en: (p) => `${b(p.booking)} reached its fundraising goal`, vn: (p) => `${b(p.booking)} đã đạt mục tiêu gây quỹ` },
};
const TICKET_KIND_PREFIX = 'tickets.';
export const ticketNotificationKind = (milestone: TicketMilestone) => `${TICKET_KIND_PREFIX}${milestone}`;

/** `restaurant` is the restaurant's name, HTML-escaped. */
type AccessSentence = (parts: { who: string; restaurant: string }) => string;
export const MANAGER_ACCESS_EVENTS = ['requested', 'granted', 'refused'] as const;
export type ManagerAccessEvent = (typeof MANAGER_ACCESS_EVENTS)[number];
const ACCESS_TITLES: Record<ManagerAccessEvent, Record<Locale, AccessSentence>> = {
  requested: { en: (p) => `${b(p.who)} asked to manage ${b(p.restaurant)}`, vn: (p) => `${b(p.who)} đã yêu cầu quyền quản lý ${b(p.restaurant)}` },
  granted: { en: (p) => `${b(p.who)} gave your team access to ${b(p.restaurant)}`, vn: (p) => `${b(p.who)} đã cấp cho nhóm của bạn quyền quản lý ${b(p.restaurant)}` },
  refused: { en: (p) => `${b(p.who)} refused your team access to ${b(p.restaurant)}`, vn: (p) => `${b(p.who)} đã từ chối quyền quản lý ${b(p.restaurant)} của nhóm bạn` },
};

// ---------------------------------------------------------------- money (payments, refunds, payouts)

/**
 * A payment of a booking (`payment.received` to the restaurant side, `payment.succeeded` and `payment.failed` to the
 * payer), a refund (`refund.issued`, to the client) or a payout (`payout.paid` / `payout.failed`, to the earner; no
 * booking: its facts are null). Amounts are minor units as text (params are strings).
 */
export type MoneyNotificationParams = Partial<BookingNotificationParams> & {
  amount: string;
  currency: string;
  /** The payment's type (values of docs/product.md, Entities), for the words "deposit", "total", "balance". */
  payment_type?: string | null;
  /** 'yes' when this payment confirmed the booking. */
  confirmed?: string | null;
  failure_code?: string | null;
  /** The provider's own words, shown when the code is not one we translate. */
  failure_message?: string | null;
  refund_reason?: string | null;
};

export const PAYMENT_EVENTS = ['received', 'succeeded', 'failed'] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];
export const PAYOUT_EVENTS = ['paid', 'failed'] as const;
export type PayoutEvent = (typeof PAYOUT_EVENTS)[number];

const PAYMENT_KIND_PREFIX = 'payment.';
export const paymentNotificationKind = (event: PaymentEvent) => `${PAYMENT_KIND_PREFIX}${event}`;
const PAYOUT_KIND_PREFIX = 'payout.';
export const payoutNotificationKind = (event: PayoutEvent) => `${PAYOUT_KIND_PREFIX}${event}`;
export const REFUND_NOTIFICATION_KIND = 'refund.issued';

/** What a payment paid for, by type: the deposit, the whole restaurant cost, or the balance at settlement. */
const PAID_FOR: Record<'deposit' | 'total' | 'balance', Record<Locale, string>> = {
  deposit: { en: 'the deposit', vn: 'tiền đặt cọc' },
  total: { en: 'the full restaurant cost', vn: 'toàn bộ chi phí nhà hàng' },
  balance: { en: 'the balance', vn: 'số tiền còn lại' },
};
const paidFor = (type: string | null | undefined, language: Locale) =>
  PAID_FOR[type?.endsWith('TOTAL_FEE') ? 'total' : type === 'BECS_DEBIT_BALANCE_FEE' ? 'balance' : 'deposit'][language];

/** The provider's failure codes in words (the payment page's `failures.*`, payments.json), for the payer. */
const FAILURE_REASONS: Record<string, Record<Locale, string>> = {
  card_declined: { en: 'Your card was declined.', vn: 'Thẻ của bạn đã bị từ chối.' },
  insufficient_funds: { en: 'Your card has insufficient funds.', vn: 'Thẻ của bạn không đủ số dư.' },
  expired_card: { en: 'Your card has expired.', vn: 'Thẻ của bạn đã hết hạn.' },
  incorrect_number: { en: 'Your card number is incorrect.', vn: 'Số thẻ của bạn không đúng.' },
  authentication_failed: { en: 'Your payment could not be authenticated.', vn: 'Không thể xác thực khoản thanh toán của bạn.' },
  account_closed: { en: 'The bank account has been closed.', vn: 'Tài khoản ngân hàng đã bị đóng.' },
  no_account: { en: 'The bank account could not be found.', vn: 'Không tìm thấy tài khoản ngân hàng.' },
  refer_to_customer: { en: 'Your bank stopped the debit. Please contact your bank or pay another way.', vn: 'Ngân hàng của bạn đã dừng khoản ghi nợ. Vui lòng liên hệ ngân hàng hoặc thanh toán cách khác.' },
  debit_not_authorized: { en: 'The account holder has not authorised this debit.', vn: 'Chủ tài khoản chưa ủy quyền cho khoản ghi nợ này.' },
};
const UNKNOWN_FAILURE: Record<Locale, string> = { en: 'The payment failed.', vn: 'Thanh toán không thành công.' };

const REFUND_WHY: Record<string, Record<Locale, string>> = {
  restaurant_cancelled: { en: ': the restaurant cancelled', vn: ': nhà hàng đã hủy' },
  client_cancelled_early: { en: ': you cancelled more than 14 days before the event', vn: ': bạn đã hủy trước sự kiện hơn 14 ngày' },
  booking_cancelled: { en: ': the booking was cancelled', vn: ': đặt chỗ đã bị hủy' },
  settlement_unused_prepayment: { en: ': the part of your prepayment that was not needed', vn: ': phần tiền trả trước không cần dùng đến' },
};
const CONFIRMED: Record<Locale, string> = { en: ': the booking is confirmed', vn: ': đặt chỗ đã được xác nhận' };
const THE_CLIENT: Record<Locale, string> = { en: 'The client', vn: 'Khách hàng' };

/** The title of a money notification (HTML, every user-provided or provider-given part escaped), or null for another kind. */
function moneyTitle({ kind, params, parts }: { kind: string; params: Partial<MoneyNotificationParams>; parts: { who: string | null; booking: string; language: Locale } }): string | null {
  const { language, booking } = parts;
  if (!params.amount || !params.currency) return null;
  const money = escapeHtml(formatMoney(Number(params.amount), { currency: params.currency, locale: language }));
  const what = paidFor(params.payment_type, language);
  const confirmed = params.confirmed === 'yes' ? CONFIRMED[language] : '';
  switch (kind) {
    case paymentNotificationKind('received'): {
      const who = parts.who ?? THE_CLIENT[language];
      return language === 'vn'
        ? `${b(who)} đã thanh toán ${what} ${money} cho ${b(booking)}${confirmed}`
        : `${b(who)} paid ${what} of ${money} for ${b(booking)}${confirmed}`;
    }
    case paymentNotificationKind('succeeded'):
      return language === 'vn'
        ? `Chúng tôi đã nhận khoản thanh toán ${money} (${what}) của bạn cho ${b(booking)}${confirmed}`
        : `We received your payment of ${money} (${what}) for ${b(booking)}${confirmed}`;
    case paymentNotificationKind('failed'): {
      const known = params.failure_code ? FAILURE_REASONS[params.failure_code]?.[language] : undefined;
      const reason = escapeHtml(known ?? params.failure_message ?? UNKNOWN_FAILURE[language]);
      return language === 'vn'
        ? `Khoản thanh toán ${money} (${what}) của bạn cho ${b(booking)} không thành công. ${reason}`
        : `Your payment of ${money} (${what}) for ${b(booking)} failed. ${reason}`;
    }
    case REFUND_NOTIFICATION_KIND: {
      const why = (params.refund_reason && REFUND_WHY[params.refund_reason]?.[language]) ?? '';
      return language === 'vn' ? `Bạn đã được hoàn ${money} cho ${b(booking)}${why}` : `${money} was refunded to you for ${b(booking)}${why}`;
    }
    case payoutNotificationKind('paid'):
      return language === 'vn' ? `Chúng tôi đã chuyển ${b(money)} vào tài khoản nhận tiền của bạn` : `We sent a payout of ${b(money)} to your payout account`;
    case payoutNotificationKind('failed'):
      return language === 'vn'
        ? `Chúng tôi không thể chuyển ${b(money)} cho bạn sau nhiều lần thử. Vui lòng kiểm tra tài khoản nhận tiền của bạn.`
        : `We could not send your payout of ${b(money)} after several attempts. Please check your payout account.`;
    default:
      return null;
  }
}

/** A title as plain text (an email's subject and first line): the titles hold only `<strong>` and escaped text. */
export function notificationTitleText(html: string): string {
  return html
    .replaceAll(/<\/?strong>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

const UNTITLED: Record<Locale, string> = { en: 'your fundraising dinner', vn: 'bữa tối gây quỹ của bạn' };
const UNNAMED_RESTAURANT: Record<Locale, string> = { en: 'your restaurant', vn: 'nhà hàng của bạn' };
const SYSTEM_SENDER = 'GoodTable';

export const BOOKING_NOTIFICATION_KIND_PREFIX = 'booking.';
export const bookingNotificationKind = (action: BookingAction) => `${BOOKING_NOTIFICATION_KIND_PREFIX}${action}`;

const DEADLINE_KIND_PREFIX = 'deadline.';
export const deadlineNotificationKind = (deadline: DeadlineKind) => `${DEADLINE_KIND_PREFIX}${deadline}`;
const MANAGER_ACCESS_KIND_PREFIX = 'manager_access.';
export const managerAccessNotificationKind = (event: ManagerAccessEvent) => `${MANAGER_ACCESS_KIND_PREFIX}${event}`;

/** The part of `kind` after `prefix` when it is one of `table`'s keys. */
function kindSuffix<K extends string>({ kind, prefix, table }: { kind: string; prefix: string; table: Record<K, unknown> }): K | null {
  const suffix = kind.slice(prefix.length);
  return kind.startsWith(prefix) && Object.hasOwn(table, suffix) ? (suffix as K) : null;
}

/**
 * The title (HTML: every user-provided part escaped) and the plain-text content of a notification in `language`:
 * the content names the restaurant and the event's time in the restaurant's zone.
 */
export function renderNotification(input: {
  kind: string;
  params: Partial<DeadlineNotificationParams & ManagerAccessNotificationParams & MoneyNotificationParams>;
  sender: { first_name: string; last_name: string } | null;
  language: Locale;
}): { title: string; content: string } {
  const { params, language } = input;
  const senderName = input.sender ? escapeHtml(`${input.sender.first_name} ${input.sender.last_name}`.trim()) : null;
  const who = senderName ?? SYSTEM_SENDER;
  const access = kindSuffix({ kind: input.kind, prefix: MANAGER_ACCESS_KIND_PREFIX, table: ACCESS_TITLES });
  if (access) {
    const restaurant = escapeHtml(params.restaurant_name ?? UNNAMED_RESTAURANT[language]);
    return { title: ACCESS_TITLES[access][language]({ who, restaurant }), content: '' };
  }
  const booking = escapeHtml(params.title ? `“${params.title}”` : UNTITLED[language]);
  const inZone = (instant: string) => formatEmailDateTime({ instant, timeZone: params.timezone ?? 'UTC', language });
  const action = kindSuffix({ kind: input.kind, prefix: BOOKING_NOTIFICATION_KIND_PREFIX, table: TITLES });
  const deadline = kindSuffix({ kind: input.kind, prefix: DEADLINE_KIND_PREFIX, table: DEADLINE_TITLES });
  const milestone = kindSuffix({ kind: input.kind, prefix: TICKET_KIND_PREFIX, table: TICKET_TITLES });
  let title = booking;
  const money = moneyTitle({ kind: input.kind, params, parts: { who: senderName, booking, language } });
  if (money !== null) title = money;
  else if (milestone) title = TICKET_TITLES[milestone][language]({ booking });
  else if (action) title = TITLES[action][language]({ who, booking, reason: params.reason ?? null });
  else if (deadline && params.due_at) title = DEADLINE_TITLES[deadline][language]({ booking, when: escapeHtml(inZone(params.due_at)) });
  const when = params.date ? inZone(params.date) : null;
  const content = [params.restaurant_name, when].filter((part): part is string => Boolean(part)).join(' · ');
  return { title, content };
}

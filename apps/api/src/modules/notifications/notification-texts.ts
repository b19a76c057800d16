import type { BookingAction, Locale } from '@goodtable/shared';
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

/** Ticket sales of an event (issue 11): its first ticket, half sold, sold out, and its goal reached. */
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
function kindSuffix<K extends string>(kind: string, prefix: string, table: Record<K, unknown>): K | null {
  const suffix = kind.slice(prefix.length);
  return kind.startsWith(prefix) && Object.hasOwn(table, suffix) ? (suffix as K) : null;
}

/**
 * The title (HTML: every user-provided part escaped) and the plain-text content of a notification in `language`:
 * the content names the restaurant and the event's time in the restaurant's zone.
 */
export function renderNotification(input: {
  kind: string;
  params: Partial<DeadlineNotificationParams & ManagerAccessNotificationParams>;
  sender: { first_name: string; last_name: string } | null;
  language: Locale;
}): { title: string; content: string } {
  const { params, language } = input;
  const who = escapeHtml(input.sender ? `${input.sender.first_name} ${input.sender.last_name}`.trim() : SYSTEM_SENDER);
  const access = kindSuffix(input.kind, MANAGER_ACCESS_KIND_PREFIX, ACCESS_TITLES);
  if (access) {
    const restaurant = escapeHtml(params.restaurant_name ?? UNNAMED_RESTAURANT[language]);
    return { title: ACCESS_TITLES[access][language]({ who, restaurant }), content: '' };
  }
  const booking = escapeHtml(params.title ? `“${params.title}”` : UNTITLED[language]);
  const inZone = (instant: string) => formatEmailDateTime(instant, params.timezone ?? 'UTC', language);
  const action = kindSuffix(input.kind, BOOKING_NOTIFICATION_KIND_PREFIX, TITLES);
  const deadline = kindSuffix(input.kind, DEADLINE_KIND_PREFIX, DEADLINE_TITLES);
  const milestone = kindSuffix(input.kind, TICKET_KIND_PREFIX, TICKET_TITLES);
  let title = booking;
  if (milestone) title = TICKET_TITLES[milestone][language]({ booking });
  if (action) title = TITLES[action][language]({ who, booking, reason: params.reason ?? null });
  else if (deadline && params.due_at) title = DEADLINE_TITLES[deadline][language]({ booking, when: escapeHtml(inZone(params.due_at)) });
  const when = params.date ? inZone(params.date) : null;
  const content = [params.restaurant_name, when].filter((part): part is string => Boolean(part)).join(' · ');
  return { title, content };
}

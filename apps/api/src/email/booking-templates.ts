import type { Locale } from '@goodtable/shared';
import { renderContent, type RenderedEmail } from './templates.ts';

/**
 * The booking emails, one per change of the booking lifecycle and side, in en and vn.
 * `modules/bookings/booking-emails.ts` picks the kind for a change and fills the parameters; dates arrive formatted
 * in the restaurant's time zone and the recipient's language.
 */
export type BookingEmailParams = {
  firstName: string;
  title: string;
  restaurantName: string;
  clientName: string;
  guests: number;
  /** The event's time (after the change). */
  date: string;
  /** The restaurant's suggested time (suggest-time). */
  suggestedDate: string;
  /** When the restaurant must answer (a new or changed request). */
  respondBy: string;
  /** When the client must pay the deposit (accepted). */
  payBy: string;
  /** Days after the completion mark when the system confirms it for the client. */
  autoCompleteDays: number;
  /** The booking page. */
  link: string;
  /** The invitation attached, if any: it adds or updates the event, or removes it. */
  invitation: 'REQUEST' | 'CANCEL' | null;
};

export const BOOKING_EMAIL_KINDS = [
  // To the client.
  'accepted',
  'declinedNotAvailable',
  'declinedNotSuitable',
  'timeSuggested',
  'cancelledByRestaurant',
  'confirmed',
  'restaurantDidNotRespond',
  'depositExpiredForClient',
  'markedComplete',
  'autoCompletedForClient',
  'noTicketsForClient',
  // To the restaurant.
  'requested',
  'requestUpdated',
  'timeChangeRequested',
  'suggestionAccepted',
  'suggestionDeclined',
  'cancelledByClient',
  'hostEventScheduled',
  'hostEventCancelled',
  'depositReceived',
  'requestExpired',
  'depositExpiredForRestaurant',
  'completionConfirmed',
  'markedUnsatisfactory',
  'autoCompletedForRestaurant',
  'noTicketsForRestaurant',
] as const;
export type BookingEmailKind = (typeof BOOKING_EMAIL_KINDS)[number];

type BookingCopy = { subject: string; paragraphs: string[] };

const copy: Record<BookingEmailKind, Record<Locale, (p: BookingEmailParams) => BookingCopy>> = {
  accepted: {
    en: (p) => ({
      subject: `${p.restaurantName} accepted your booking: ${p.title}`,
      paragraphs: [
        `Good news: ${p.restaurantName} accepted your fundraising dinner "${p.title}" for ${p.guests} guests on ${p.date}.`,
        `Pay the deposit by ${p.payBy} to confirm the booking; after that the restaurant is no longer holding the date for you.`,
      ],
    }),
    vn: (p) => ({
      subject: `${p.restaurantName} đã chấp nhận đặt chỗ của bạn: ${p.title}`,
      paragraphs: [
        `Tin vui: ${p.restaurantName} đã chấp nhận bữa tối gây quỹ "${p.title}" cho ${p.guests} khách vào ${p.date}.`,
        `Hãy thanh toán tiền đặt cọc trước ${p.payBy} để xác nhận đặt chỗ; sau thời hạn đó nhà hàng sẽ không giữ ngày này cho bạn nữa.`,
      ],
    }),
  },
  declinedNotAvailable: {
    en: (p) => ({
      subject: `${p.restaurantName} is not available for ${p.title}`,
      paragraphs: [
        `${p.restaurantName} cannot host "${p.title}" on ${p.date}, but would welcome a request for another date.`,
        'Open the booking to choose a new time and send the request again.',
      ],
    }),
    vn: (p) => ({
      subject: `${p.restaurantName} không thể nhận ${p.title} vào thời gian này`,
      paragraphs: [
        `${p.restaurantName} không thể tổ chức "${p.title}" vào ${p.date}, nhưng sẵn lòng nhận yêu cầu cho một ngày khác.`,
        'Hãy mở đặt chỗ để chọn thời gian mới và gửi lại yêu cầu.',
      ],
    }),
  },
  declinedNotSuitable: {
    en: (p) => ({
      subject: `${p.restaurantName} declined your booking request: ${p.title}`,
      paragraphs: [`${p.restaurantName} declined "${p.title}" on ${p.date}: the restaurant is not suitable for this event.`, 'You can book another restaurant from the directory.'],
    }),
    vn: (p) => ({
      subject: `${p.restaurantName} đã từ chối yêu cầu đặt chỗ của bạn: ${p.title}`,
      paragraphs: [`${p.restaurantName} đã từ chối "${p.title}" vào ${p.date}: nhà hàng không phù hợp với sự kiện này.`, 'Bạn có thể đặt một nhà hàng khác trong danh bạ nhà hàng.'],
    }),
  },
  timeSuggested: {
    en: (p) => ({
      subject: `${p.restaurantName} suggested another time for ${p.title}`,
      paragraphs: [
        `${p.restaurantName} cannot host "${p.title}" on ${p.date} and suggests ${p.suggestedDate} instead.`,
        'Accept the suggested time, decline it, or ask for another time on the booking page.',
      ],
    }),
    vn: (p) => ({
      subject: `${p.restaurantName} đã đề xuất thời gian khác cho ${p.title}`,
      paragraphs: [
        `${p.restaurantName} không thể tổ chức "${p.title}" vào ${p.date} và đề xuất ${p.suggestedDate} thay thế.`,
        'Trên trang đặt chỗ, bạn có thể đồng ý với thời gian được đề xuất, từ chối, hoặc yêu cầu một thời gian khác.',
      ],
    }),
  },
  cancelledByRestaurant: {
    en: (p) => ({
      subject: `${p.restaurantName} cancelled ${p.title}`,
      paragraphs: [`${p.restaurantName} cancelled "${p.title}" on ${p.date}.`, 'Tickets and donations are refunded in full, and so is your deposit if you paid one.'],
    }),
    vn: (p) => ({
      subject: `${p.restaurantName} đã hủy ${p.title}`,
      paragraphs: [`${p.restaurantName} đã hủy "${p.title}" vào ${p.date}.`, 'Vé và tiền quyên góp được hoàn trả toàn bộ, tiền đặt cọc của bạn cũng vậy nếu bạn đã thanh toán.'],
    }),
  },
  confirmed: {
    en: (p) => ({
      subject: `Your booking is confirmed: ${p.title}`,
      paragraphs: [
        `We received your deposit. "${p.title}" at ${p.restaurantName} on ${p.date} is confirmed for ${p.guests} guests.`,
        'The event page is now live: share it so guests can buy tickets and donate.',
      ],
    }),
    vn: (p) => ({
      subject: `Đặt chỗ của bạn đã được xác nhận: ${p.title}`,
      paragraphs: [
        `Chúng tôi đã nhận được tiền đặt cọc của bạn. "${p.title}" tại ${p.restaurantName} vào ${p.date} đã được xác nhận cho ${p.guests} khách.`,
        'Trang sự kiện đã được mở: hãy chia sẻ để khách mời mua vé và quyên góp.',
      ],
    }),
  },
  restaurantDidNotRespond: {
    en: (p) => ({
      subject: `${p.restaurantName} did not respond: ${p.title}`,
      paragraphs: [`${p.restaurantName} did not answer your request for "${p.title}" on ${p.date} in time, so the request was cancelled.`, 'You can send a request to another restaurant.'],
    }),
    vn: (p) => ({
      subject: `${p.restaurantName} không phản hồi: ${p.title}`,
      paragraphs: [`${p.restaurantName} đã không trả lời kịp yêu cầu "${p.title}" vào ${p.date} của bạn, nên yêu cầu đã bị hủy.`, 'Bạn có thể gửi yêu cầu đến một nhà hàng khác.'],
    }),
  },
  depositExpiredForClient: {
    en: (p) => ({
      subject: `Booking cancelled: the deposit for ${p.title} was not paid`,
      paragraphs: [`The deposit for "${p.title}" at ${p.restaurantName} on ${p.date} was not paid by ${p.payBy}, so the booking was cancelled.`],
    }),
    vn: (p) => ({
      subject: `Đặt chỗ đã bị hủy: tiền đặt cọc cho ${p.title} chưa được thanh toán`,
      paragraphs: [`Tiền đặt cọc cho "${p.title}" tại ${p.restaurantName} vào ${p.date} chưa được thanh toán trước ${p.payBy}, nên đặt chỗ đã bị hủy.`],
    }),
  },
  markedComplete: {
    en: (p) => ({
      subject: `Did ${p.title} go well? Please confirm`,
      paragraphs: [
        `${p.restaurantName} marked "${p.title}" on ${p.date} as complete.`,
        `Confirm that it went well, or tell us it was unsatisfactory. Without an answer it is confirmed automatically after ${p.autoCompleteDays} days.`,
      ],
    }),
    vn: (p) => ({
      subject: `${p.title} có diễn ra tốt đẹp không? Vui lòng xác nhận`,
      paragraphs: [
        `${p.restaurantName} đã đánh dấu "${p.title}" vào ${p.date} là hoàn thành.`,
        `Hãy xác nhận sự kiện diễn ra tốt đẹp, hoặc cho chúng tôi biết nếu chưa đạt. Nếu bạn không trả lời, sự kiện sẽ được tự động xác nhận sau ${p.autoCompleteDays} ngày.`,
      ],
    }),
  },
  autoCompletedForClient: {
    en: (p) => ({
      subject: `${p.title} is complete`,
      paragraphs: [`We had no answer within ${p.autoCompleteDays} days, so "${p.title}" at ${p.restaurantName} was confirmed as complete. Thank you for hosting it.`],
    }),
    vn: (p) => ({
      subject: `${p.title} đã hoàn thành`,
      paragraphs: [`Chúng tôi không nhận được trả lời trong ${p.autoCompleteDays} ngày, nên "${p.title}" tại ${p.restaurantName} đã được xác nhận hoàn thành. Cảm ơn bạn đã tổ chức sự kiện.`],
    }),
  },
  noTicketsForClient: {
    en: (p) => ({
      subject: `No tickets were purchased for ${p.title}`,
      paragraphs: [`No tickets were purchased for "${p.title}" at ${p.restaurantName} on ${p.date}, so the event was closed as incomplete.`],
    }),
    vn: (p) => ({
      subject: `Không có vé nào được mua cho ${p.title}`,
      paragraphs: [`Không có vé nào được mua cho "${p.title}" tại ${p.restaurantName} vào ${p.date}, nên sự kiện đã được đóng ở trạng thái chưa hoàn thành.`],
    }),
  },
  requested: {
    en: (p) => ({
      subject: `New booking request: ${p.title}`,
      paragraphs: [
        `${p.clientName} would like to hold the fundraising dinner "${p.title}" at ${p.restaurantName} for ${p.guests} guests on ${p.date}.`,
        `Accept it, decline it or suggest another time by ${p.respondBy}; after that the request is cancelled.`,
      ],
    }),
    vn: (p) => ({
      subject: `Yêu cầu đặt chỗ mới: ${p.title}`,
      paragraphs: [
        `${p.clientName} muốn tổ chức bữa tối gây quỹ "${p.title}" tại ${p.restaurantName} cho ${p.guests} khách vào ${p.date}.`,
        `Hãy chấp nhận, từ chối hoặc đề xuất thời gian khác trước ${p.respondBy}; sau thời hạn đó yêu cầu sẽ bị hủy.`,
      ],
    }),
  },
  requestUpdated: {
    en: (p) => ({
      subject: `Booking request updated: ${p.title}`,
      paragraphs: [`${p.clientName} changed the request "${p.title}": it is now for ${p.guests} guests on ${p.date}.`, `Please answer by ${p.respondBy}.`],
    }),
    vn: (p) => ({
      subject: `Yêu cầu đặt chỗ đã được cập nhật: ${p.title}`,
      paragraphs: [`${p.clientName} đã thay đổi yêu cầu "${p.title}": hiện là ${p.guests} khách vào ${p.date}.`, `Vui lòng trả lời trước ${p.respondBy}.`],
    }),
  },
  timeChangeRequested: {
    en: (p) => ({
      subject: `New time requested: ${p.title}`,
      paragraphs: [`${p.clientName} asks to hold "${p.title}" for ${p.guests} guests on ${p.date} instead.`, `Accept it, decline it or suggest another time by ${p.respondBy}.`],
    }),
    vn: (p) => ({
      subject: `Yêu cầu thời gian mới: ${p.title}`,
      paragraphs: [`${p.clientName} muốn tổ chức "${p.title}" cho ${p.guests} khách vào ${p.date} thay thế.`, `Hãy chấp nhận, từ chối hoặc đề xuất thời gian khác trước ${p.respondBy}.`],
    }),
  },
  suggestionAccepted: {
    en: (p) => ({
      subject: `${p.clientName} accepted your suggested time: ${p.title}`,
      paragraphs: [`${p.clientName} accepted ${p.date} for "${p.title}" (${p.guests} guests). The booking is accepted; the client has until ${p.payBy} to pay the deposit.`],
    }),
    vn: (p) => ({
      subject: `${p.clientName} đã đồng ý với thời gian bạn đề xuất: ${p.title}`,
      paragraphs: [`${p.clientName} đã đồng ý tổ chức "${p.title}" (${p.guests} khách) vào ${p.date}. Đặt chỗ đã được chấp nhận; khách hàng có thời hạn đến ${p.payBy} để thanh toán tiền đặt cọc.`],
    }),
  },
  suggestionDeclined: {
    en: (p) => ({
      subject: `${p.clientName} does not wish to proceed: ${p.title}`,
      paragraphs: [`${p.clientName} declined the time you suggested for "${p.title}". The request is closed.`],
    }),
    vn: (p) => ({
      subject: `${p.clientName} không muốn tiếp tục: ${p.title}`,
      paragraphs: [`${p.clientName} đã từ chối thời gian bạn đề xuất cho "${p.title}". Yêu cầu đã được đóng.`],
    }),
  },
  cancelledByClient: {
    en: (p) => ({
      subject: `${p.clientName} cancelled ${p.title}`,
      paragraphs: [`${p.clientName} cancelled "${p.title}" on ${p.date} (${p.guests} guests).`],
    }),
    vn: (p) => ({
      subject: `${p.clientName} đã hủy ${p.title}`,
      paragraphs: [`${p.clientName} đã hủy "${p.title}" vào ${p.date} (${p.guests} khách).`],
    }),
  },
  hostEventScheduled: {
    en: (p) => ({
      subject: `Event scheduled at ${p.restaurantName}: ${p.title}`,
      paragraphs: [`Your manager scheduled the fundraising dinner "${p.title}" at ${p.restaurantName} for ${p.guests} guests on ${p.date}. It is confirmed.`],
    }),
    vn: (p) => ({
      subject: `Sự kiện đã được lên lịch tại ${p.restaurantName}: ${p.title}`,
      paragraphs: [`Người quản lý của bạn đã lên lịch bữa tối gây quỹ "${p.title}" tại ${p.restaurantName} cho ${p.guests} khách vào ${p.date}. Sự kiện đã được xác nhận.`],
    }),
  },
  hostEventCancelled: {
    en: (p) => ({
      subject: `Event cancelled at ${p.restaurantName}: ${p.title}`,
      paragraphs: [`Your manager cancelled "${p.title}" at ${p.restaurantName} on ${p.date}. Tickets and donations are refunded in full.`],
    }),
    vn: (p) => ({
      subject: `Sự kiện tại ${p.restaurantName} đã bị hủy: ${p.title}`,
      paragraphs: [`Người quản lý của bạn đã hủy "${p.title}" tại ${p.restaurantName} vào ${p.date}. Vé và tiền quyên góp được hoàn trả toàn bộ.`],
    }),
  },
  depositReceived: {
    en: (p) => ({
      subject: `Booking confirmed: ${p.title}`,
      paragraphs: [`${p.clientName} paid the deposit. "${p.title}" on ${p.date} is confirmed for ${p.guests} guests: time to prepare for the event.`],
    }),
    vn: (p) => ({
      subject: `Đặt chỗ đã được xác nhận: ${p.title}`,
      paragraphs: [`${p.clientName} đã thanh toán tiền đặt cọc. "${p.title}" vào ${p.date} đã được xác nhận cho ${p.guests} khách: hãy chuẩn bị cho sự kiện.`],
    }),
  },
  requestExpired: {
    en: (p) => ({
      subject: `Booking request expired: ${p.title}`,
      paragraphs: [`The request from ${p.clientName} for "${p.title}" on ${p.date} had no answer by ${p.respondBy}, so it was cancelled.`],
    }),
    vn: (p) => ({
      subject: `Yêu cầu đặt chỗ đã hết hạn: ${p.title}`,
      paragraphs: [`Yêu cầu "${p.title}" vào ${p.date} của ${p.clientName} không được trả lời trước ${p.respondBy}, nên đã bị hủy.`],
    }),
  },
  depositExpiredForRestaurant: {
    en: (p) => ({
      subject: `Booking cancelled: no deposit for ${p.title}`,
      paragraphs: [`${p.clientName} did not pay the deposit for "${p.title}" on ${p.date} by ${p.payBy}, so the booking was cancelled and the date is free again.`],
    }),
    vn: (p) => ({
      subject: `Đặt chỗ đã bị hủy: chưa có tiền đặt cọc cho ${p.title}`,
      paragraphs: [`${p.clientName} đã không thanh toán tiền đặt cọc cho "${p.title}" vào ${p.date} trước ${p.payBy}, nên đặt chỗ đã bị hủy và ngày này đã trống trở lại.`],
    }),
  },
  completionConfirmed: {
    en: (p) => ({
      subject: `${p.clientName} confirmed ${p.title} is complete`,
      paragraphs: [`${p.clientName} confirmed that "${p.title}" on ${p.date} went well. Thank you for hosting it.`],
    }),
    vn: (p) => ({
      subject: `${p.clientName} đã xác nhận ${p.title} hoàn thành`,
      paragraphs: [`${p.clientName} đã xác nhận "${p.title}" vào ${p.date} diễn ra tốt đẹp. Cảm ơn bạn đã tổ chức sự kiện.`],
    }),
  },
  markedUnsatisfactory: {
    en: (p) => ({
      subject: `${p.clientName} marked ${p.title} as unsatisfactory`,
      paragraphs: [`${p.clientName} marked "${p.title}" on ${p.date} as unsatisfactory. The event is on hold while GoodTable reviews it; we will contact you.`],
    }),
    vn: (p) => ({
      subject: `${p.clientName} đã đánh giá ${p.title} chưa đạt`,
      paragraphs: [`${p.clientName} đã đánh giá "${p.title}" vào ${p.date} là chưa đạt. Sự kiện đang được tạm giữ trong khi GoodTable xem xét; chúng tôi sẽ liên hệ với bạn.`],
    }),
  },
  autoCompletedForRestaurant: {
    en: (p) => ({
      subject: `${p.title} is complete`,
      paragraphs: [`${p.clientName} did not answer within ${p.autoCompleteDays} days, so "${p.title}" on ${p.date} was confirmed as complete.`],
    }),
    vn: (p) => ({
      subject: `${p.title} đã hoàn thành`,
      paragraphs: [`${p.clientName} không trả lời trong ${p.autoCompleteDays} ngày, nên "${p.title}" vào ${p.date} đã được xác nhận hoàn thành.`],
    }),
  },
  noTicketsForRestaurant: {
    en: (p) => ({
      subject: `No tickets were purchased for ${p.title}`,
      paragraphs: [`No tickets were purchased for "${p.title}" on ${p.date}, so the event was closed as incomplete.`],
    }),
    vn: (p) => ({
      subject: `Không có vé nào được mua cho ${p.title}`,
      paragraphs: [`Không có vé nào được mua cho "${p.title}" vào ${p.date}, nên sự kiện đã được đóng ở trạng thái chưa hoàn thành.`],
    }),
  },
};

/** The reminders of a deadline a day ahead: not a change of the lifecycle, so apart from its kinds. */
export const BOOKING_REMINDER_KINDS = ['responseDueSoon', 'depositDueSoon'] as const;
export type BookingReminderKind = (typeof BOOKING_REMINDER_KINDS)[number];

const reminderCopy: Record<BookingReminderKind, Record<Locale, (p: BookingEmailParams) => BookingCopy>> = {
  // To the restaurant side.
  responseDueSoon: {
    en: (p) => ({
      subject: `Please answer the booking request: ${p.title}`,
      paragraphs: [
        `${p.clientName} is still waiting for an answer to "${p.title}" at ${p.restaurantName} for ${p.guests} guests on ${p.date}.`,
        `Accept it, decline it or suggest another time by ${p.respondBy}; after that the request is cancelled.`,
      ],
    }),
    vn: (p) => ({
      subject: `Vui lòng trả lời yêu cầu đặt chỗ: ${p.title}`,
      paragraphs: [
        `${p.clientName} vẫn đang chờ phản hồi cho "${p.title}" tại ${p.restaurantName} cho ${p.guests} khách vào ${p.date}.`,
        `Hãy chấp nhận, từ chối hoặc đề xuất thời gian khác trước ${p.respondBy}; sau thời hạn đó yêu cầu sẽ bị hủy.`,
      ],
    }),
  },
  // To the organiser.
  depositDueSoon: {
    en: (p) => ({
      subject: `Pay the deposit for ${p.title} by ${p.payBy}`,
      paragraphs: [
        `${p.restaurantName} is holding ${p.date} for "${p.title}" until ${p.payBy}.`,
        'Pay the deposit before then to confirm the booking; after that the booking is cancelled.',
      ],
    }),
    vn: (p) => ({
      subject: `Hãy thanh toán tiền đặt cọc cho ${p.title} trước ${p.payBy}`,
      paragraphs: [
        `${p.restaurantName} đang giữ ngày ${p.date} cho "${p.title}" đến ${p.payBy}.`,
        'Hãy thanh toán tiền đặt cọc trước thời hạn đó để xác nhận đặt chỗ; sau thời hạn đó đặt chỗ sẽ bị hủy.',
      ],
    }),
  },
};

const FRAME: Record<Locale, { greeting: (firstName: string) => string; action: string; invitation: Record<'REQUEST' | 'CANCEL', string> }> = {
  en: {
    greeting: (firstName) => `Hello ${firstName},`,
    action: 'Open the booking',
    invitation: {
      REQUEST: 'The attached calendar invitation adds the event to your calendar, or moves it if you already have it.',
      CANCEL: 'The attached calendar file removes the event from your calendar.',
    },
  },
  vn: {
    greeting: (firstName) => `Xin chào ${firstName},`,
    action: 'Mở đặt chỗ',
    invitation: {
      REQUEST: 'Lời mời lịch đính kèm sẽ thêm sự kiện vào lịch của bạn, hoặc cập nhật thời gian nếu sự kiện đã có trong lịch.',
      CANCEL: 'Tệp lịch đính kèm sẽ xóa sự kiện khỏi lịch của bạn.',
    },
  },
};

/** Renders one booking email in `language`, as HTML and plain text. */
export function renderBookingEmail({ kind, language, params }: { kind: BookingEmailKind | BookingReminderKind; language: Locale; params: BookingEmailParams }): RenderedEmail {
  const { subject, paragraphs } = (kind in reminderCopy ? reminderCopy[kind as BookingReminderKind] : copy[kind as BookingEmailKind])[language](params);
  const frame = FRAME[language];
  return renderContent(language, {
    subject,
    greeting: frame.greeting(params.firstName),
    paragraphs,
    action: { label: frame.action, link: params.link },
    footer: params.invitation ? frame.invitation[params.invitation] : undefined,
  });
}

const INVITATION_LABELS: Record<Locale, { guests: string; booking: string; eventPage: string }> = {
  en: { guests: 'Guests', booking: 'Booking', eventPage: 'Event page' },
  vn: { guests: 'Số khách', booking: 'Đặt chỗ', eventPage: 'Trang sự kiện' },
};

/** The description of a booking's calendar invitation, in `language`. */
export function bookingInvitationDescription(language: Locale, params: { title: string; guests: number; link: string; shareLink: string }): string {
  const labels = INVITATION_LABELS[language];
  return [params.title, `${labels.guests}: ${params.guests}`, `${labels.booking}: ${params.link}`, `${labels.eventPage}: ${params.shareLink}`].join('\n');
}

const EVENT_TIME_ZONE_NOTE: Record<Locale, (zone: string) => string> = {
  en: (zone) => `${zone} time`,
  vn: (zone) => `giờ ${zone}`,
};

/** An instant as words in `language` on the wall clock of `timeZone`, naming the zone: "Friday, 10 July 2026 at 7:00 pm (Australia/Sydney time)". */
export function formatEmailDateTime({ instant, timeZone, language }: { instant: string | Date; timeZone: string; language: Locale }): string {
  const text = new Intl.DateTimeFormat(language === 'vn' ? 'vi-VN' : 'en-AU', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(instant));
  return `${text} (${EVENT_TIME_ZONE_NOTE[language](timeZone)})`;
}

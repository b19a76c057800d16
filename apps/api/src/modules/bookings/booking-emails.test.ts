import { describe, expect, it } from 'vitest';
import type { BookingAction, BookingActor, BookingEventRecord, BookingStatus, Locale } from '@goodtable/shared';
import { BOOKING_EMAIL_KINDS } from '../../email/booking-templates.ts';
import { parseInvitation } from '../../../test/support/calendar.ts';
import { bookingChangeEmail, bookingDeadlineEmail, bookingEmailSides, type BookingEmailBooking, type BookingEmailSide } from './booking-emails.ts';

const BOOKING_ID = '3f0c7d7e-9a51-4a4b-8d35-0f5c0e6b2a11';
const PUBLIC_URL = 'https://goodtable.test';
const NOW = new Date('2026-06-01T02:00:00.000Z');

/** An accepted dinner on Friday 10 July 2026 at 7 pm in Melbourne (09:00 UTC). */
const accepted: BookingEmailBooking = {
  id: BOOKING_ID,
  status: 'ACCEPTED',
  title: 'Dinner for the river',
  date: '2026-07-10T09:00:00.000Z',
  suggestion: null,
  guests: 24,
  response_due_at: null,
  deposit_due_at: '2026-06-04T02:00:00.000Z',
  restaurant: { name: 'Trattoria Rossi', address: '12 Lygon Street', city: 'Carlton', timezone: 'Australia/Melbourne' },
  client: { first_name: 'Olivia', last_name: 'Nguyen' },
};

const event = ({ action, actor, from, to, reason = null }: { action: BookingAction; actor: BookingActor; from: BookingStatus; to: BookingStatus | null; reason?: string | null }): BookingEventRecord => ({
  action,
  actor,
  from,
  to,
  reason,
});

function emailFor(options: { event: BookingEventRecord; side: BookingEmailSide; language: Locale; booking?: Partial<BookingEmailBooking>; revision?: number }) {
  return bookingChangeEmail({
    booking: { ...accepted, ...options.booking },
    event: options.event,
    revision: options.revision ?? 2,
    recipient: { email: `${options.side}@example.com`, first_name: options.side === 'client' ? 'Olivia' : 'Marco', language: options.language, side: options.side },
    publicUrl: PUBLIC_URL,
    mailFrom: 'GoodTable <hello@goodtable.test>',
    now: NOW,
  });
}

type Case = {
  event: BookingEventRecord;
  side: BookingEmailSide;
  booking?: Partial<BookingEmailBooking>;
  subject: Record<Locale, string>;
  /** A phrase of the body, per language (the change's own news). */
  says: Record<Locale, string>;
  invitation: 'REQUEST' | 'CANCEL' | null;
};

const pending: Partial<BookingEmailBooking> = { status: 'PENDING', deposit_due_at: null, response_due_at: '2026-06-04T02:00:00.000Z' };
const canceled: Partial<BookingEmailBooking> = { status: 'CANCELED', deposit_due_at: null };
const confirmed: Partial<BookingEmailBooking> = { status: 'CONFIRMED', deposit_due_at: null };

/** Every change of the state machine that emails someone, per side told. */
const CASES: Case[] = [
  {
    event: event({ action: 'submit', actor: 'client', from: 'DRAFT', to: 'PENDING' }),
    side: 'restaurant',
    booking: pending,
    subject: { en: 'New booking request: Dinner for the river', vn: 'Yêu cầu đặt chỗ mới: Dinner for the river' },
    says: { en: 'Olivia Nguyen would like to hold the fundraising dinner', vn: 'Olivia Nguyen muốn tổ chức bữa tối gây quỹ' },
    invitation: null,
  },
  {
    event: event({ action: 'edit', actor: 'client', from: 'PENDING', to: 'PENDING' }),
    side: 'restaurant',
    booking: pending,
    subject: { en: 'Booking request updated: Dinner for the river', vn: 'Yêu cầu đặt chỗ đã được cập nhật: Dinner for the river' },
    says: { en: 'it is now for 24 guests', vn: 'hiện là 24 khách' },
    invitation: null,
  },
  {
    event: event({ action: 'submit', actor: 'manager-host', from: 'DRAFT', to: 'CONFIRMED' }),
    side: 'restaurant',
    booking: confirmed,
    subject: { en: 'Event scheduled at Trattoria Rossi: Dinner for the river', vn: 'Sự kiện đã được lên lịch tại Trattoria Rossi: Dinner for the river' },
    says: { en: 'Your manager scheduled', vn: 'Người quản lý của bạn đã lên lịch' },
    invitation: 'REQUEST',
  },
  {
    event: event({ action: 'accept', actor: 'restaurant', from: 'PENDING', to: 'ACCEPTED' }),
    side: 'client',
    subject: { en: 'Trattoria Rossi accepted your booking: Dinner for the river', vn: 'Trattoria Rossi đã chấp nhận đặt chỗ của bạn: Dinner for the river' },
    says: { en: 'Pay the deposit by Thursday, 4 June 2026 at 12:00 pm (Australia/Melbourne time)', vn: 'Hãy thanh toán tiền đặt cọc trước lúc 12:00 Thứ Năm, 4 tháng 6, 2026 (giờ Australia/Melbourne)' },
    invitation: 'REQUEST',
  },
  {
    event: event({ action: 'decline', actor: 'restaurant', from: 'PENDING', to: 'CANCELED', reason: 'NOT_AVAILABLE' }),
    side: 'client',
    booking: canceled,
    subject: { en: 'Trattoria Rossi is not available for Dinner for the river', vn: 'Trattoria Rossi không thể nhận Dinner for the river vào thời gian này' },
    says: { en: 'would welcome a request for another date', vn: 'sẵn lòng nhận yêu cầu cho một ngày khác' },
    invitation: null,
  },
  {
    event: event({ action: 'decline', actor: 'restaurant', from: 'PENDING', to: 'CANCELED', reason: 'NOT_SUITABLE' }),
    side: 'client',
    booking: canceled,
    subject: { en: 'Trattoria Rossi declined your booking request: Dinner for the river', vn: 'Trattoria Rossi đã từ chối yêu cầu đặt chỗ của bạn: Dinner for the river' },
    says: { en: 'not suitable for this event', vn: 'không phù hợp với sự kiện này' },
    invitation: null,
  },
  {
    event: event({ action: 'suggest-time', actor: 'restaurant', from: 'PENDING', to: 'CANCELED', reason: 'TIME_SUGGESTED' }),
    side: 'client',
    booking: { ...canceled, suggestion: { date: '2026-07-11T08:30:00.000Z' } },
    subject: { en: 'Trattoria Rossi suggested another time for Dinner for the river', vn: 'Trattoria Rossi đã đề xuất thời gian khác cho Dinner for the river' },
    says: { en: 'suggests Saturday, 11 July 2026 at 6:30 pm (Australia/Melbourne time) instead', vn: 'đề xuất lúc 18:30 Thứ Bảy, 11 tháng 7, 2026 (giờ Australia/Melbourne) thay thế' },
    invitation: null,
  },
  {
    event: event({ action: 'accept-suggestion', actor: 'client', from: 'CANCELED', to: 'ACCEPTED' }),
    side: 'restaurant',
    subject: { en: 'Olivia Nguyen accepted your suggested time: Dinner for the river', vn: 'Olivia Nguyen đã đồng ý với thời gian bạn đề xuất: Dinner for the river' },
    says: { en: 'the client has until Thursday, 4 June 2026 at 12:00 pm', vn: 'khách hàng có thời hạn đến lúc 12:00 Thứ Năm, 4 tháng 6, 2026' },
    invitation: 'REQUEST',
  },
  {
    event: event({ action: 'decline-suggestion', actor: 'client', from: 'CANCELED', to: 'CANCELED', reason: 'CLIENT_DECLINED_SUGGESTION' }),
    side: 'restaurant',
    booking: canceled,
    subject: { en: 'Olivia Nguyen does not wish to proceed: Dinner for the river', vn: 'Olivia Nguyen không muốn tiếp tục: Dinner for the river' },
    says: { en: 'declined the time you suggested', vn: 'đã từ chối thời gian bạn đề xuất' },
    invitation: null,
  },
  {
    event: event({ action: 'change-time', actor: 'client', from: 'CANCELED', to: 'PENDING' }),
    side: 'restaurant',
    booking: pending,
    subject: { en: 'New time requested: Dinner for the river', vn: 'Yêu cầu thời gian mới: Dinner for the river' },
    says: { en: 'on Friday, 10 July 2026 at 7:00 pm (Australia/Melbourne time) instead', vn: 'vào lúc 19:00 Thứ Sáu, 10 tháng 7, 2026 (giờ Australia/Melbourne) thay thế' },
    invitation: null,
  },
  {
    event: event({ action: 'cancel', actor: 'client', from: 'PENDING', to: 'CANCELED', reason: 'CLIENT_CANCELED' }),
    side: 'restaurant',
    booking: canceled,
    subject: { en: 'Olivia Nguyen cancelled Dinner for the river', vn: 'Olivia Nguyen đã hủy Dinner for the river' },
    says: { en: 'cancelled "Dinner for the river"', vn: 'đã hủy "Dinner for the river"' },
    invitation: null,
  },
  {
    event: event({ action: 'cancel', actor: 'client', from: 'CONFIRMED', to: 'CANCELED', reason: 'CLIENT_CANCELED' }),
    side: 'restaurant',
    booking: canceled,
    subject: { en: 'Olivia Nguyen cancelled Dinner for the river', vn: 'Olivia Nguyen đã hủy Dinner for the river' },
    says: { en: 'cancelled "Dinner for the river"', vn: 'đã hủy "Dinner for the river"' },
    invitation: 'CANCEL',
  },
  {
    event: event({ action: 'cancel', actor: 'restaurant', from: 'ACCEPTED', to: 'CANCELED', reason: 'RESTAURANT_CANCELED' }),
    side: 'client',
    booking: canceled,
    subject: { en: 'Trattoria Rossi cancelled Dinner for the river', vn: 'Trattoria Rossi đã hủy Dinner for the river' },
    says: { en: 'refunded in full', vn: 'được hoàn trả toàn bộ' },
    invitation: 'CANCEL',
  },
  {
    event: event({ action: 'cancel', actor: 'manager-host', from: 'CONFIRMED', to: 'CANCELED', reason: 'RESTAURANT_CANCELED' }),
    side: 'restaurant',
    booking: canceled,
    subject: { en: 'Event cancelled at Trattoria Rossi: Dinner for the river', vn: 'Sự kiện tại Trattoria Rossi đã bị hủy: Dinner for the river' },
    says: { en: 'Your manager cancelled', vn: 'Người quản lý của bạn đã hủy' },
    invitation: 'CANCEL',
  },
  {
    event: event({ action: 'deposit-paid', actor: 'payment', from: 'ACCEPTED', to: 'CONFIRMED' }),
    side: 'client',
    booking: confirmed,
    subject: { en: 'Your booking is confirmed: Dinner for the river', vn: 'Đặt chỗ của bạn đã được xác nhận: Dinner for the river' },
    says: { en: 'The event page is now live', vn: 'Trang sự kiện đã được mở' },
    invitation: 'REQUEST',
  },
  {
    event: event({ action: 'deposit-paid', actor: 'payment', from: 'ACCEPTED', to: 'CONFIRMED' }),
    side: 'restaurant',
    booking: confirmed,
    subject: { en: 'Booking confirmed: Dinner for the river', vn: 'Đặt chỗ đã được xác nhận: Dinner for the river' },
    says: { en: 'Olivia Nguyen paid the deposit', vn: 'Olivia Nguyen đã thanh toán tiền đặt cọc' },
    invitation: 'REQUEST',
  },
  {
    event: event({ action: 'response-timeout', actor: 'system', from: 'PENDING', to: 'CANCELED', reason: 'RESPONSE_TIMEOUT' }),
    side: 'client',
    booking: { ...canceled, response_due_at: null },
    subject: { en: 'Trattoria Rossi did not respond: Dinner for the river', vn: 'Trattoria Rossi không phản hồi: Dinner for the river' },
    says: { en: 'did not answer your request', vn: 'đã không trả lời kịp yêu cầu' },
    invitation: null,
  },
  {
    event: event({ action: 'response-timeout', actor: 'system', from: 'PENDING', to: 'CANCELED', reason: 'RESPONSE_TIMEOUT' }),
    side: 'restaurant',
    booking: { ...canceled, response_due_at: '2026-06-04T02:00:00.000Z' },
    subject: { en: 'Booking request expired: Dinner for the river', vn: 'Yêu cầu đặt chỗ đã hết hạn: Dinner for the river' },
    says: { en: 'had no answer by Thursday, 4 June 2026 at 12:00 pm', vn: 'không được trả lời trước lúc 12:00 Thứ Năm, 4 tháng 6, 2026' },
    invitation: null,
  },
  {
    event: event({ action: 'deposit-timeout', actor: 'system', from: 'ACCEPTED', to: 'CANCELED', reason: 'DEPOSIT_TIMEOUT' }),
    side: 'client',
    booking: { ...canceled, deposit_due_at: '2026-06-04T02:00:00.000Z' },
    subject: { en: 'Booking cancelled: the deposit for Dinner for the river was not paid', vn: 'Đặt chỗ đã bị hủy: tiền đặt cọc cho Dinner for the river chưa được thanh toán' },
    says: { en: 'was not paid by Thursday, 4 June 2026', vn: 'chưa được thanh toán trước lúc 12:00 Thứ Năm, 4 tháng 6, 2026' },
    invitation: 'CANCEL',
  },
  {
    event: event({ action: 'deposit-timeout', actor: 'system', from: 'ACCEPTED', to: 'CANCELED', reason: 'DEPOSIT_TIMEOUT' }),
    side: 'restaurant',
    booking: { ...canceled, deposit_due_at: '2026-06-04T02:00:00.000Z' },
    subject: { en: 'Booking cancelled: no deposit for Dinner for the river', vn: 'Đặt chỗ đã bị hủy: chưa có tiền đặt cọc cho Dinner for the river' },
    says: { en: 'the date is free again', vn: 'ngày này đã trống trở lại' },
    invitation: 'CANCEL',
  },
  {
    event: event({ action: 'mark-complete', actor: 'restaurant', from: 'CONFIRMED', to: 'CONFIRMED' }),
    side: 'client',
    booking: confirmed,
    subject: { en: 'Did Dinner for the river go well? Please confirm', vn: 'Dinner for the river có diễn ra tốt đẹp không? Vui lòng xác nhận' },
    says: { en: 'confirmed automatically after 7 days', vn: 'tự động xác nhận sau 7 ngày' },
    invitation: null,
  },
  {
    event: event({ action: 'confirm-complete', actor: 'client', from: 'CONFIRMED', to: 'COMPLETED' }),
    side: 'restaurant',
    booking: { status: 'COMPLETED' },
    subject: { en: 'Olivia Nguyen confirmed Dinner for the river is complete', vn: 'Olivia Nguyen đã xác nhận Dinner for the river hoàn thành' },
    says: { en: 'went well', vn: 'diễn ra tốt đẹp' },
    invitation: null,
  },
  {
    event: event({ action: 'mark-unsatisfactory', actor: 'client', from: 'CONFIRMED', to: 'CONFIRMED', reason: 'UNSATISFACTORY' }),
    side: 'restaurant',
    booking: confirmed,
    subject: { en: 'Olivia Nguyen marked Dinner for the river as unsatisfactory', vn: 'Olivia Nguyen đã đánh giá Dinner for the river chưa đạt' },
    says: { en: 'on hold while GoodTable reviews it', vn: 'đang được tạm giữ trong khi GoodTable xem xét' },
    invitation: null,
  },
  {
    event: event({ action: 'auto-complete', actor: 'system', from: 'CONFIRMED', to: 'COMPLETED' }),
    side: 'client',
    booking: { status: 'COMPLETED' },
    subject: { en: 'Dinner for the river is complete', vn: 'Dinner for the river đã hoàn thành' },
    says: { en: 'We had no answer within 7 days', vn: 'Chúng tôi không nhận được trả lời trong 7 ngày' },
    invitation: null,
  },
  {
    event: event({ action: 'auto-complete', actor: 'system', from: 'CONFIRMED', to: 'COMPLETED' }),
    side: 'restaurant',
    booking: { status: 'COMPLETED' },
    subject: { en: 'Dinner for the river is complete', vn: 'Dinner for the river đã hoàn thành' },
    says: { en: 'Olivia Nguyen did not answer within 7 days', vn: 'Olivia Nguyen không trả lời trong 7 ngày' },
    invitation: null,
  },
  {
    event: event({ action: 'no-tickets-sweep', actor: 'system', from: 'CONFIRMED', to: 'INCOMPLETE', reason: 'NO_TICKETS_SOLD' }),
    side: 'client',
    booking: { status: 'INCOMPLETE' },
    subject: { en: 'No tickets were purchased for Dinner for the river', vn: 'Không có vé nào được mua cho Dinner for the river' },
    says: { en: 'at Trattoria Rossi on Friday, 10 July 2026', vn: 'tại Trattoria Rossi vào lúc 19:00 Thứ Sáu, 10 tháng 7, 2026' },
    invitation: null,
  },
  {
    event: event({ action: 'no-tickets-sweep', actor: 'system', from: 'CONFIRMED', to: 'INCOMPLETE', reason: 'NO_TICKETS_SOLD' }),
    side: 'restaurant',
    booking: { status: 'INCOMPLETE' },
    subject: { en: 'No tickets were purchased for Dinner for the river', vn: 'Không có vé nào được mua cho Dinner for the river' },
    says: { en: 'closed as incomplete', vn: 'đóng ở trạng thái chưa hoàn thành' },
    invitation: null,
  },
];

describe('booking change emails', () => {
  describe.each(['en', 'vn'] as const)('in %s', (language) => {
    it.each(CASES.map((entry) => [`${entry.event.action} by ${entry.event.actor} (${entry.event.from} → ${entry.event.to}) to the ${entry.side}`, entry] as const))('%s', (_name, entry) => {
      const email = emailFor({ event: entry.event, side: entry.side, language, booking: entry.booking });
      expect(email).not.toBeNull();
      expect(email!.to).toBe(`${entry.side}@example.com`);
      expect(email!.language).toBe(language);
      expect(email!.subject).toBe(entry.subject[language]);
      expect(email!.text).toContain(entry.says[language]);
      expect(email!.text).toContain(language === 'en' ? `Hello ${entry.side === 'client' ? 'Olivia' : 'Marco'},` : `Xin chào ${entry.side === 'client' ? 'Olivia' : 'Marco'},`);
      expect(email!.text).toContain(`${PUBLIC_URL}/bookings/${BOOKING_ID}`);
      expect(email!.html).toContain(`href="${PUBLIC_URL}/bookings/${BOOKING_ID}"`);
      expect(email!.html).toContain(language === 'en' ? 'lang="en"' : 'lang="vi"');
      if (language === 'vn') expect(email!.text).not.toMatch(/Hello|Open the booking|guests|GoodTable team/);
      const attachments = email!.attachments ?? [];
      if (entry.invitation === null) {
        expect(attachments).toEqual([]);
      } else {
        expect(attachments).toHaveLength(1);
        expect(attachments[0]).toMatchObject({
          filename: entry.invitation === 'REQUEST' ? 'invite.ics' : 'cancel.ics',
          contentType: `text/calendar; charset=utf-8; method=${entry.invitation}`,
        });
        const invitation = parseInvitation(attachments[0]!.content);
        expect(invitation.method).toBe(entry.invitation);
        expect(invitation.uid).toBe(`booking-${BOOKING_ID}@goodtable.test`);
        expect(invitation.start.toISOString()).toBe('2026-07-10T09:00:00.000Z');
        expect(invitation.end.toISOString()).toBe('2026-07-10T12:00:00.000Z');
        expect(invitation.location).toBe('Trattoria Rossi, 12 Lygon Street, Carlton');
        expect(invitation.url).toBe(`${PUBLIC_URL}/share/${BOOKING_ID}`);
        expect(invitation.attendee).toBe(`mailto:${entry.side}@example.com`);
        expect(invitation.organizer).toBe('mailto:hello@goodtable.test');
        expect(invitation.description).toContain(`${PUBLIC_URL}/bookings/${BOOKING_ID}`);
        expect(email!.text).toContain(language === 'en' ? 'calendar' : 'lịch');
      }
    });
  });

  it('has a case for every email kind, each with its own subject', () => {
    const subjects = new Set(CASES.map((entry) => `${entry.side}:${entry.subject.en}`));
    // auto-complete and no-tickets say the same subject to both sides, and a client's cancel is one kind before and after acceptance.
    expect(subjects.size).toBe(BOOKING_EMAIL_KINDS.length);
  });

  it('updates the invitation sent on acceptance when the deposit is paid: same UID, higher SEQUENCE, CONFIRMED', () => {
    const acceptedEmail = emailFor({ event: event({ action: 'accept', actor: 'restaurant', from: 'PENDING', to: 'ACCEPTED' }), side: 'client', language: 'en', revision: 2 });
    const confirmedEmail = emailFor({ event: event({ action: 'deposit-paid', actor: 'payment', from: 'ACCEPTED', to: 'CONFIRMED' }), side: 'client', language: 'en', booking: confirmed, revision: 3 });
    const tentative = parseInvitation(acceptedEmail!.attachments![0]!.content);
    const paid = parseInvitation(confirmedEmail!.attachments![0]!.content);
    expect(tentative.status).toBe('TENTATIVE');
    expect(paid.status).toBe('CONFIRMED');
    expect(paid.uid).toBe(tentative.uid);
    expect(paid.sequence).toBeGreaterThan(tentative.sequence);
  });

  it('invites the restaurant at the suggested time when the client accepts it', () => {
    const email = emailFor({ event: event({ action: 'accept-suggestion', actor: 'client', from: 'CANCELED', to: 'ACCEPTED' }), side: 'restaurant', language: 'vn', booking: { date: '2026-07-11T08:30:00.000Z' } });
    expect(email!.text).toContain('vào lúc 18:30 Thứ Bảy, 11 tháng 7, 2026 (giờ Australia/Melbourne)');
    expect(parseInvitation(email!.attachments![0]!.content).start.toISOString()).toBe('2026-07-11T08:30:00.000Z');
  });

  it('tells the other party of a person’s change and both parties of the system’s', () => {
    expect(bookingEmailSides(event({ action: 'submit', actor: 'client', from: 'DRAFT', to: 'PENDING' }))).toEqual(['restaurant']);
    expect(bookingEmailSides(event({ action: 'accept', actor: 'restaurant', from: 'PENDING', to: 'ACCEPTED' }))).toEqual(['client']);
    expect(bookingEmailSides(event({ action: 'cancel', actor: 'restaurant', from: 'CONFIRMED', to: 'CANCELED', reason: 'RESTAURANT_CANCELED' }))).toEqual(['client']);
    expect(bookingEmailSides(event({ action: 'submit', actor: 'manager-host', from: 'DRAFT', to: 'CONFIRMED' }))).toEqual(['restaurant']);
    expect(bookingEmailSides(event({ action: 'deposit-paid', actor: 'payment', from: 'ACCEPTED', to: 'CONFIRMED' }))).toEqual(['client', 'restaurant']);
    expect(bookingEmailSides(event({ action: 'response-timeout', actor: 'system', from: 'PENDING', to: 'CANCELED', reason: 'RESPONSE_TIMEOUT' }))).toEqual(['client', 'restaurant']);
  });

  it('emails nobody about a saved draft, a deleted draft or the host confirming its own event', () => {
    expect(bookingEmailSides(event({ action: 'edit', actor: 'client', from: 'DRAFT', to: 'DRAFT' }))).toEqual([]);
    expect(bookingEmailSides(event({ action: 'delete', actor: 'client', from: 'DRAFT', to: null }))).toEqual([]);
    expect(bookingEmailSides(event({ action: 'confirm-complete', actor: 'manager-host', from: 'CONFIRMED', to: 'COMPLETED' }))).toEqual([]);
    expect(emailFor({ event: event({ action: 'edit', actor: 'client', from: 'DRAFT', to: 'DRAFT' }), side: 'restaurant', language: 'en', booking: { status: 'DRAFT' } })).toBeNull();
    expect(emailFor({ event: event({ action: 'accept', actor: 'restaurant', from: 'PENDING', to: 'ACCEPTED' }), side: 'restaurant', language: 'en' })).toBeNull();
  });

  it('writes dates in the restaurant’s time zone', () => {
    const email = emailFor({
      event: event({ action: 'submit', actor: 'client', from: 'DRAFT', to: 'PENDING' }),
      side: 'restaurant',
      language: 'en',
      booking: { ...pending, restaurant: { name: 'Bếp Yêu Thương', address: '45 Bạch Đằng', city: 'Da Nang', timezone: 'Asia/Ho_Chi_Minh' } },
    });
    expect(email!.text).toContain('on Friday, 10 July 2026 at 4:00 pm (Asia/Ho_Chi_Minh time)');
  });

  it('reminds the restaurant of an answer and the organiser of a deposit a day ahead, in their language, without an invitation', () => {
    const remind = (deadline: 'response' | 'deposit', language: Locale) =>
      bookingDeadlineEmail({
        booking: deadline === 'response' ? { ...accepted, ...pending } : accepted,
        deadline,
        recipient: { email: 'someone@example.com', first_name: 'Marco', language, side: deadline === 'response' ? 'restaurant' : 'client' },
        publicUrl: PUBLIC_URL,
      });
    const answer = remind('response', 'en');
    expect(answer.subject).toBe('Please answer the booking request: Dinner for the river');
    expect(answer.text).toContain('Olivia Nguyen is still waiting for an answer to "Dinner for the river" at Trattoria Rossi for 24 guests');
    expect(answer.text).toContain('by Thursday, 4 June 2026 at 12:00 pm (Australia/Melbourne time)');
    expect(answer.text).toContain(`${PUBLIC_URL}/bookings/${BOOKING_ID}`);
    expect(answer.attachments ?? []).toEqual([]);
    const deposit = remind('deposit', 'vn');
    expect(deposit.language).toBe('vn');
    expect(deposit.subject).toMatch(/^Hãy thanh toán tiền đặt cọc cho Dinner for the river trước /);
    expect(deposit.text).toContain('Trattoria Rossi đang giữ ngày');
    expect(deposit.text).not.toMatch(/Hello|Open the booking|deposit/);
  });
});

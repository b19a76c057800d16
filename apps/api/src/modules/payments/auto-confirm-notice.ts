import { z } from 'zod';
import { autoCompleteAt, formatMoney, type BookingRules, type Locale, type SettlementPreview } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import { formatEmailDateTime } from '../../email/booking-templates.ts';
import type { OutgoingEmail } from '../../email/mailer.ts';
import { renderContent, type EmailContent } from '../../email/templates.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { findUserById } from '../accounts/accounts.service.ts';
import { bookingMoneyTerms, type BookingTransitionChange, type SystemTransitionGate } from '../bookings/bookings.service.ts';
import { settlementPreviewOf, type BookingMoneyDeps } from './booking-money.ts';

/**
 * The system confirms an event marked complete after BOOKING_AUTO_COMPLETE_DAYS, and its settlement
 * may charge the client a balance: the client is told the amount by email this long before, with time to confirm or
 * mark the event unsatisfactory first.
 */
export const AUTO_CONFIRM_NOTICE_MS = 48 * 60 * 60 * 1000;

const noticeSchema = z.object({ booking_id: z.uuid(), marked_at: z.iso.datetime() }).strict();

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    'payments.auto-confirm-notice': z.infer<typeof noticeSchema>;
  }
}

export type AutoConfirmNoticeDeps = Pick<BookingMoneyDeps, 'mailer' | 'platformFeePercent' | 'publicUrl'> & { jobs: JobQueue; rules: BookingRules };

const noticeJobKey = (bookingId: string, markedAt: string) => `payments.auto-confirm-notice:${bookingId}:${markedAt}`;

/**
 * The listener `app.bookingTransitions` runs on every transition: when the restaurant marks an event complete (in its
 * transaction), the notice job, due AUTO_CONFIRM_NOTICE_MS before the automatic confirmation (business clock), once
 * per marking.
 */
export function autoConfirmNoticeListener(deps: Pick<AutoConfirmNoticeDeps, 'jobs' | 'rules'>) {
  return async (tx: Executor, change: BookingTransitionChange): Promise<void> => {
    const markedAt = change.booking.completionMarkedAt;
    if (change.action !== 'mark-complete' || !markedAt) return;
    const confirmsAt = Date.parse(autoCompleteAt(markedAt.toISOString(), deps.rules));
    await deps.jobs.enqueue(
      {
        kind: 'payments.auto-confirm-notice',
        payload: { booking_id: change.booking.id, marked_at: markedAt.toISOString() },
        runAt: new Date(confirmsAt - AUTO_CONFIRM_NOTICE_MS),
        dedupeKey: noticeJobKey(change.booking.id, markedAt.toISOString()),
      },
      tx,
    );
  };
}

type NoticeParams = { firstName: string; title: string; charge: string; prepaid: string; restaurant: string; cause: string; fee: string; when: string; link: string };

const copy: Record<Locale, (p: NoticeParams) => EmailContent> = {
  en: (p) => ({
    subject: `${p.charge} will be charged when "${p.title}" is confirmed complete`,
    greeting: `Hello ${p.firstName},`,
    paragraphs: [
      `The restaurant marked "${p.title}" complete. Unless you answer first, it is confirmed automatically on ${p.when}.`,
      `Ticket sales do not cover the restaurant's food cost, so settling it charges you ${p.charge} to the payment method you paid your prepayment with, after your prepayment of ${p.prepaid} is used.`,
      `The restaurant receives ${p.restaurant}, the cause ${p.cause} and the platform fee is ${p.fee}.`,
      'You can confirm now or mark the event unsatisfactory on the booking page.',
    ],
    action: { label: 'Open the booking', link: p.link },
  }),
  vn: (p) => ({
    subject: `${p.charge} sẽ được thu khi "${p.title}" được xác nhận hoàn tất`,
    greeting: `Xin chào ${p.firstName},`,
    paragraphs: [
      `Nhà hàng đã đánh dấu "${p.title}" là hoàn tất. Nếu bạn không phản hồi trước, sự kiện sẽ được tự động xác nhận vào ${p.when}.`,
      `Doanh thu bán vé không đủ trả chi phí món ăn của nhà hàng, vì vậy khi quyết toán bạn sẽ bị thu ${p.charge} qua phương thức bạn đã dùng để trả trước, sau khi dùng hết khoản trả trước ${p.prepaid}.`,
      `Nhà hàng nhận ${p.restaurant}, tổ chức từ thiện nhận ${p.cause} và phí nền tảng là ${p.fee}.`,
      'Bạn có thể xác nhận ngay hoặc đánh dấu sự kiện không đạt yêu cầu trên trang đặt chỗ.',
    ],
    action: { label: 'Mở đặt chỗ', link: p.link },
  }),
};

/** The notice of an automatic confirmation's balance charge, in the client's language, with the amounts of `preview`. */
export function autoConfirmNoticeEmail(input: {
  to: string;
  firstName: string;
  language: Locale;
  title: string;
  preview: SettlementPreview;
  confirmsAt: string;
  timeZone: string;
  link: string;
}): OutgoingEmail {
  const { preview, language } = input;
  const money = (amount: number) => formatMoney(amount, { currency: preview.currency, locale: language });
  const params: NoticeParams = {
    firstName: input.firstName,
    title: input.title,
    charge: money(preview.client_charge),
    prepaid: money(preview.client_prepaid),
    restaurant: money(preview.restaurant_amount),
    cause: money(preview.cause_amount),
    fee: money(preview.platform_fee),
    when: formatEmailDateTime({ instant: input.confirmsAt, timeZone: input.timeZone, language }),
    link: input.link,
  };
  return { ...renderContent(language, copy[language](params)), to: input.to, language };
}

/**
 * The notice job, in its transaction: when the booking still waits for the organiser's answer to that marking, the
 * settlement preview now (the settlement's own computation) and, when it charges the client, the email with the
 * amount. Sent whatever the client's notification settings: it is the notice of a charge, not news.
 */
export async function sendAutoConfirmNotice(deps: AutoConfirmNoticeDeps, run: { db: Executor; payload: z.infer<typeof noticeSchema>; now: Date }): Promise<boolean> {
  const { db, payload, now } = run;
  const terms = await bookingMoneyTerms(db, payload.booking_id);
  const waiting = terms.status === 'CONFIRMED' && terms.completionOutcome === null && terms.completionMarkedAt?.toISOString() === payload.marked_at;
  if (!waiting) return false;
  const preview = await settlementPreviewOf(deps, { db, bookingId: terms.id });
  if (preview.client_charge === 0) return false;
  const client = await findUserById(db, terms.clientId);
  if (!client || client.deletedAt) return false;
  const email = autoConfirmNoticeEmail({
    to: client.email,
    firstName: client.firstName,
    language: client.language,
    title: terms.title ?? '',
    preview,
    // A notice sent late moves the confirmation: the charge never comes sooner than AUTO_CONFIRM_NOTICE_MS after it.
    confirmsAt: new Date(Math.max(Date.parse(autoCompleteAt(payload.marked_at, deps.rules)), now.getTime() + AUTO_CONFIRM_NOTICE_MS)).toISOString(),
    timeZone: terms.restaurantTimeZone,
    link: `${deps.publicUrl}/bookings/${terms.id}`,
  });
  await deps.jobs.enqueue({ kind: 'send-email', payload: email, dedupeKey: noticeEmailKey({ bookingId: terms.id, markedAt: payload.marked_at, charge: preview.client_charge }) }, db);
  return true;
}

/** The notice email of one marking and amount: written once, and found again by the gate before the charge. */
const noticeEmailKey = (notice: { bookingId: string; markedAt: string; charge: number }) =>
  `payments.auto-confirm-notice-email:${notice.bookingId}:${notice.markedAt}:${notice.charge}`;

/**
 * The gate before the automatic confirmation (registered with `app.bookingTransitions.addGate`): a settlement that
 * charges the client waits until the email stating that very amount went out AUTO_CONFIRM_NOTICE_MS before (business
 * clock). A notice that never went, went late or stated another amount is sent now, and the confirmation follows
 * AUTO_CONFIRM_NOTICE_MS after it.
 */
export function autoConfirmChargeGate(deps: AutoConfirmNoticeDeps): SystemTransitionGate {
  return async (tx, { booking, action, now }) => {
    if (action !== 'auto-complete' || !booking.completionMarkedAt) return true;
    const { client_charge: charge } = await settlementPreviewOf(deps, { db: tx, bookingId: booking.id });
    if (charge === 0) return true;
    const markedAt = booking.completionMarkedAt.toISOString();
    const told = await deps.jobs.findByDedupeKey(noticeEmailKey({ bookingId: booking.id, markedAt, charge }), tx);
    if (told) return now.getTime() - told.runAt.getTime() >= AUTO_CONFIRM_NOTICE_MS;
    await deps.jobs.enqueue({ kind: 'payments.auto-confirm-notice', payload: { booking_id: booking.id, marked_at: markedAt }, dedupeKey: `${noticeJobKey(booking.id, markedAt)}:${charge}` }, tx);
    return false;
  };
}

export function defineAutoConfirmNoticeJob(deps: AutoConfirmNoticeDeps): void {
  deps.jobs.define('payments.auto-confirm-notice', {
    schema: noticeSchema,
    handle: async ({ db, payload, clock }) => {
      await sendAutoConfirmNotice(deps, { db, payload, now: clock.now() });
    },
  });
}

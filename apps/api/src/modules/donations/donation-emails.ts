import { formatMoney, type Locale } from '@goodtable/shared';
import type { OutgoingEmail } from '../../email/mailer.ts';
import { renderContent } from '../../email/templates.ts';

export type DonationReceiptInput = {
  to: string;
  language: Locale;
  donorName: string | null;
  amount: number;
  currency: string;
  causeName: string;
  charityRegistrationNumber: string | null;
  eventTitle: string | null;
  reference: string;
  paidAt: Date;
  link: string;
};

/**
 * The donor's receipt, in their language: amount, cause (and its charity registration number when
 * it has one), the event if any, and the gift amount — all of a donation (called tax-deductible only once a cause's status is verified:
 * docs/decisions/0132-a-ticket-receipt-states-its-gift-component.md). Anonymous or not, the receipt
 * names the donor: anonymity is towards the cause and public lists.
 */
export function donationReceiptEmail(input: DonationReceiptInput): OutgoingEmail {
  const money = formatMoney(input.amount, { currency: input.currency, locale: input.language });
  const date = input.paidAt.toISOString().slice(0, 10);
  const content =
    input.language === 'vn'
      ? {
          subject: `Biên nhận quyên góp ${money} cho ${input.causeName}`,
          greeting: input.donorName ? `Xin chào ${input.donorName},` : 'Xin chào,',
          paragraphs: [
            `Cảm ơn bạn đã quyên góp ${money} cho ${input.causeName}${input.eventTitle ? ` qua sự kiện "${input.eventTitle}"` : ''}.`,
            `Khoản tặng: ${money} (toàn bộ khoản quyên góp, không đổi lấy hàng hóa hay dịch vụ nào).`,
            ...(input.charityRegistrationNumber ? [`Số đăng ký tổ chức từ thiện: ${input.charityRegistrationNumber}.`] : []),
            `Ngày: ${date}. Mã tham chiếu: ${input.reference}.`,
          ],
          action: { label: 'Xem biên nhận', link: input.link },
        }
      : {
          subject: `Receipt for your donation of ${money} to ${input.causeName}`,
          greeting: input.donorName ? `Hello ${input.donorName},` : 'Hello,',
          paragraphs: [
            `Thank you for donating ${money} to ${input.causeName}${input.eventTitle ? ` for "${input.eventTitle}"` : ''}.`,
            `Gift amount: ${money} (all of your donation; nothing was given in return).`,
            ...(input.charityRegistrationNumber ? [`Charity registration number: ${input.charityRegistrationNumber}.`] : []),
            `Date: ${date}. Reference: ${input.reference}.`,
          ],
          action: { label: 'See your receipt', link: input.link },
        };
  return { ...renderContent(input.language, content), to: input.to, language: input.language };
}

/** The donation's event was cancelled: the donation went back in full. */
export function donationRefundEmail(input: { to: string; language: Locale; amount: number; currency: string; eventTitle: string; causeName: string; link: string }): OutgoingEmail {
  const money = formatMoney(input.amount, { currency: input.currency, locale: input.language });
  const content =
    input.language === 'vn'
      ? {
          subject: `Hoàn tiền quyên góp ${money}: ${input.eventTitle}`,
          greeting: 'Xin chào,',
          paragraphs: [`"${input.eventTitle}" đã bị hủy, vì vậy khoản quyên góp ${money} của bạn cho ${input.causeName} được hoàn lại toàn bộ.`],
          action: { label: 'Xem khoản quyên góp', link: input.link },
        }
      : {
          subject: `Refund of your ${money} donation: ${input.eventTitle}`,
          greeting: 'Hello,',
          paragraphs: [`"${input.eventTitle}" was cancelled, so your ${money} donation to ${input.causeName} is refunded in full.`],
          action: { label: 'See your donation', link: input.link },
        };
  return { ...renderContent(input.language, content), to: input.to, language: input.language };
}

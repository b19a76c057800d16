import { crc32, deflateSync } from 'node:zlib';
import { encode } from 'uqr';
import { formatMoney, type Locale } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { TicketCheckoutRow, TicketRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EmailAttachment, OutgoingEmail } from '../../email/mailer.ts';
import { renderContent } from '../../email/templates.ts';
import { bookingMoneyTerms } from '../bookings/bookings.service.ts';
import { getEventCalendar } from '../events/events.service.ts';
import { eventDetailsOf } from './tickets.repository.ts';
import { giftComponent } from './ticket-gift.ts';

/** A ticket's QR code as an SVG image (text: the outbox carries attachments as text). */
export function ticketQrSvg(code: string): string {
  const { data, size } = encode(code, { ecc: 'M', border: 2 });
  const squares: string[] = [];
  data.forEach((row, y) => row.forEach((dark, x) => dark && squares.push(`M${x} ${y}h1v1h-1z`)));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="256" height="256" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${squares.join('')}" fill="#000"/></svg>`;
}

/** Side of the PNG QR code in pixels, at most: whole pixels per module keep its edges sharp. */
const QR_PNG_PIXELS = 400;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, body: Buffer): Buffer {
  const typeAndBody = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndBody));
  return Buffer.concat([length, typeAndBody, checksum]);
}

/**
 * A ticket's QR code as a PNG image, in base64: many mail clients show PNG images but not SVG ones. Greyscale, one
 * byte per pixel, black modules on white.
 */
export function ticketQrPng(code: string): string {
  const { data, size } = encode(code, { ecc: 'M', border: 2 });
  const scale = Math.max(1, Math.floor(QR_PNG_PIXELS / size));
  const side = size * scale;
  // Each scanline: filter type 0 (none), then its pixels.
  const pixels = Buffer.alloc((side + 1) * side, 255);
  for (let y = 0; y < side; y += 1) {
    const line = y * (side + 1);
    pixels[line] = 0;
    const row = data[Math.floor(y / scale)]!;
    for (let x = 0; x < side; x += 1) if (row[Math.floor(x / scale)]) pixels[line + 1 + x] = 0;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits per sample; colour type 0 (greyscale), default compression, filter and no interlace follow as zeros
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(pixels)), pngChunk('IEND', Buffer.alloc(0))]).toString('base64');
}

/** The content id of a ticket's inline PNG QR code. */
const qrContentId = (code: string) => `qr-${code}@goodtable`;

const lang = (language: string): Locale => (language === 'vn' ? 'vn' : 'en');

/**
 * The buyer's email once paid: the receipt (tickets, donation, total, gift component), one line
 * and one QR code image per ticket, the event as a calendar invitation, and the link to the tickets page.
 */
export async function ticketsEmail(deps: { db: Executor; clock: Clock; email: { publicUrl: string; mailFrom: string } }, { checkout, issued }: { checkout: TicketCheckoutRow; issued: TicketRow[] }): Promise<OutgoingEmail> {
  const language = lang(checkout.language);
  const terms = await bookingMoneyTerms(deps.db, checkout.bookingId);
  const details = await eventDetailsOf(deps.db, checkout.bookingId);
  const money = (amount: number) => formatMoney(amount, { currency: checkout.currency, locale: language });
  const gift = giftComponent(checkout, terms.menuPrice);
  const link = `${deps.email.publicUrl}/tickets/${checkout.id}`;
  const title = terms.title ?? '';
  const ticketLines = issued.map((ticket, index) => `${index + 1}. ${ticket.attendeeName}: ${ticket.code}`);
  const cause = details?.causeName ?? '';
  const content =
    language === 'vn'
      ? {
          subject: `Vé của bạn: ${title}`,
          greeting: 'Xin chào,',
          paragraphs: [
            `Cảm ơn bạn đã mua vé cho "${title}" tại ${terms.restaurantName ?? ''}.`,
            `Biên nhận: ${checkout.quantity} vé × ${money(checkout.ticketPrice)}${checkout.donation > 0 ? ` + quyên góp ${money(checkout.donation)}` : ''} = ${money(checkout.amount)}. Mã tham chiếu: ${checkout.paymentId}.`,
            `Phần quà tặng${cause ? ` (cho ${cause})` : ''}: ${money(gift)} (mỗi vé: giá vé trừ giá trị bữa tối, ${money(terms.menuPrice)}; quyên góp: toàn bộ).`,
            `Vé (mỗi vé có một mã QR đính kèm, xuất trình tại cửa):`,
            ...ticketLines,
            'Lời mời lịch được đính kèm.',
          ],
          images: issued.map((ticket) => ({ cid: qrContentId(ticket.code), alt: `Mã QR của vé ${ticket.code} (${ticket.attendeeName})` })),
          action: { label: 'Xem vé của bạn', link },
        }
      : {
          subject: `Your tickets: ${title}`,
          greeting: 'Hello,',
          paragraphs: [
            `Thank you for buying tickets for "${title}" at ${terms.restaurantName ?? ''}.`,
            `Receipt: ${checkout.quantity} ticket(s) × ${money(checkout.ticketPrice)}${checkout.donation > 0 ? ` + donation ${money(checkout.donation)}` : ''} = ${money(checkout.amount)}. Reference: ${checkout.paymentId}.`,
            `Gift component${cause ? ` (to ${cause})` : ''}: ${money(gift)} (each ticket: its price less the value of the dinner, ${money(terms.menuPrice)}; the donation: all of it).`,
            'Your tickets (each has its QR code attached; show it at the door):',
            ...ticketLines,
            'The calendar invitation is attached.',
          ],
          images: issued.map((ticket) => ({ cid: qrContentId(ticket.code), alt: `QR code of ticket ${ticket.code} (${ticket.attendeeName})` })),
          action: { label: 'See your tickets', link },
        };
  const rendered = renderContent(language, content);
  // Each QR code twice: a PNG shown inline in the message (most mail clients), and the SVG file as before.
  const attachments: EmailAttachment[] = issued.flatMap((ticket, index) => [
    { filename: `ticket-${index + 1}-${ticket.code}.png`, contentType: 'image/png', content: ticketQrPng(ticket.code), encoding: 'base64' as const, cid: qrContentId(ticket.code) },
    { filename: `ticket-${index + 1}-${ticket.code}.svg`, contentType: 'image/svg+xml', content: ticketQrSvg(ticket.code) },
  ]);
  const calendar = await getEventCalendar({ db: deps.db, clock: deps.clock, publicUrl: deps.email.publicUrl, mailFrom: deps.email.mailFrom }, checkout.bookingId).catch(() => undefined);
  if (calendar) attachments.push({ filename: 'event.ics', contentType: 'text/calendar; method=PUBLISH', content: calendar });
  return { ...rendered, to: checkout.email, language, attachments };
}

/** The refund of a buyer's tickets and donation when the event is cancelled. */
export function refundEmailForBuyer(input: { to: string; language: Locale; title: string; amount: number; currency: string; link: string }): OutgoingEmail {
  const money = formatMoney(input.amount, { currency: input.currency, locale: input.language });
  const content =
    input.language === 'vn'
      ? {
          subject: `Hoàn tiền ${money}: ${input.title}`,
          greeting: 'Xin chào,',
          paragraphs: [`"${input.title}" đã bị hủy, vì vậy vé và khoản quyên góp của bạn được hoàn lại toàn bộ: ${money}.`],
          action: { label: 'Xem đơn hàng', link: input.link },
        }
      : {
          subject: `Refund of ${money}: ${input.title}`,
          greeting: 'Hello,',
          paragraphs: [`"${input.title}" was cancelled, so your tickets and donation are refunded in full: ${money}.`],
          action: { label: 'See your order', link: input.link },
        };
  return { ...renderContent(input.language, content), to: input.to, language: input.language };
}

/** Seats came back for a sold-out event: the next person waiting hears first. */
export function waitlistOfferEmail(input: { to: string; language: Locale; title: string; link: string }): OutgoingEmail {
  const content =
    input.language === 'vn'
      ? { subject: `Đã có vé: ${input.title}`, greeting: 'Xin chào,', paragraphs: [`Đã có vé trở lại cho "${input.title}". Hãy mua sớm trước khi hết.`], action: { label: 'Mua vé', link: input.link } }
      : { subject: `Tickets available: ${input.title}`, greeting: 'Hello,', paragraphs: [`Tickets for "${input.title}" are available again. Buy them before they go.`], action: { label: 'Buy tickets', link: input.link } };
  return { ...renderContent(input.language, content), to: input.to, language: input.language };
}

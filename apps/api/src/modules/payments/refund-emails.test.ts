import { describe, expect, it } from 'vitest';
import { refundEmail } from './refund-emails.ts';

describe('refundEmail', () => {
  const input = { to: 'lan@example.com', firstName: 'Lan', title: 'Dinner for the shelter', amount: 2000, currency: 'AUD', link: 'https://goodtable.test/bookings/b1' };

  it('tells the payer in English what was refunded, why, and links the booking', () => {
    const email = refundEmail({ ...input, language: 'en', reason: 'client_cancelled_early' });
    expect(email).toMatchObject({ to: 'lan@example.com', language: 'en', subject: 'Refund of A$20.00: Dinner for the shelter' });
    expect(email.text).toContain('You cancelled "Dinner for the shelter" more than 14 days before the event');
    expect(email.text).toContain('We refunded A$20.00');
    expect(email.html).toContain('href="https://goodtable.test/bookings/b1"');
  });

  it('in Vietnamese, with the amount in the Vietnamese format', () => {
    const email = refundEmail({ ...input, language: 'vn', reason: 'restaurant_cancelled', amount: 850_000, currency: 'VND' });
    expect(email.subject).toMatch(/^Hoàn tiền 850\.000\s₫: Dinner for the shelter$/);
    expect(email.text).toContain('Nhà hàng đã hủy "Dinner for the shelter"');
    expect(email.text).toContain('Mở đặt chỗ');
  });
});

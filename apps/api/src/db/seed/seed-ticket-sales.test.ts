import { describe, expect, it } from 'vitest';
import { demoTicketSales } from './seed-ticket-sales.ts';

describe('the demo ticket purchases of an event', () => {
  const now = new Date('2026-11-27T00:00:00Z');

  it('sell exactly the count, in parties of one to four, each party led by its buyer', () => {
    for (const count of [1, 6, 27, 48]) {
      const sales = demoTicketSales({ bookingId: 'event', count, currency: 'AUD' }, now);
      expect(sales.reduce((sum, sale) => sum + sale.attendees.length, 0)).toBe(count);
      expect(sales.every((sale) => sale.attendees.length >= 1 && sale.attendees.length <= 4)).toBe(true);
      expect(sales.every((sale) => sale.email.startsWith(sale.attendees[0]!.toLowerCase().replace(' ', '.')))).toBe(true);
    }
  });

  it('give every buyer an address of its own at example.com, paid before now, and a round gift every third time', () => {
    const sales = demoTicketSales({ bookingId: 'event', count: 48, currency: 'AUD' }, now);
    expect(new Set(sales.map((sale) => sale.email)).size).toBe(sales.length);
    expect(sales.every((sale) => sale.email.endsWith('@example.com') && sale.paidAt < now)).toBe(true);
    expect(sales.map((sale) => sale.donation).slice(0, 4)).toEqual([2_000, 0, 0, 2_000]);
    expect(demoTicketSales({ bookingId: 'event', count: 2, currency: 'VND' }, now)[0]!.donation).toBe(200_000);
  });
});

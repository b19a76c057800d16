import { describe, expect, it } from 'vitest';
import { AMOUNT_COLUMN_MAX, bookingBoundsProblems, bookingDateWithinReach, latestBookingDate, productFits, TICKET_SALES_MAX } from './amounts.ts';
import { menuInputSchema } from './schemas/restaurants.ts';

const now = new Date('2026-03-10T12:00:00Z');

describe('amount bounds', () => {
  it('a product fits up to its bound, and anything missing is not checked', () => {
    expect(productFits({ price: 1_000_000, count: 1000, max: TICKET_SALES_MAX })).toBe(true);
    expect(productFits({ price: 1_000_001, count: 1000, max: TICKET_SALES_MAX })).toBe(false);
    expect(productFits({ price: null, count: 1000, max: TICKET_SALES_MAX })).toBe(true);
    expect(productFits({ price: 5, count: undefined, max: TICKET_SALES_MAX })).toBe(true);
  });

  it('a booking date lies at most two calendar years ahead', () => {
    expect(latestBookingDate(now).toISOString()).toBe('2028-03-10T12:00:00.000Z');
    expect(bookingDateWithinReach('2028-03-10T12:00:00Z', now)).toBe(true);
    expect(bookingDateWithinReach('2028-03-10T12:00:01Z', now)).toBe(false);
    expect(bookingDateWithinReach('9999-12-31T00:00:00Z', now)).toBe(false);
    expect(bookingDateWithinReach(null, now)).toBe(true);
  });

  it('names the field of each bound a booking passes', () => {
    const booking = { date: '2030-01-01T19:00:00Z', guests: 1000, ticket_price: 1_000_001 };
    expect(bookingBoundsProblems({ booking, menuPrice: 2_147_484, now })).toEqual([
      { field: 'date', message: 'validation.dateTooFarAhead' },
      { field: 'ticket_price', message: 'validation.ticketSalesTooLarge' },
      { field: 'guests', message: 'validation.foodCostTooLarge' },
    ]);
    expect(bookingBoundsProblems({ booking: { date: '2027-01-01T19:00:00Z', guests: 1000, ticket_price: 1_000_000 }, menuPrice: 2_147_483, now })).toEqual([]);
  });

  it('a menu costs at least 1 per head, and its price × maximum guests fits the column', () => {
    const menu = { name: 'Banquet', price_per_head: 1, min_guests: 1, max_guests: 1000 };
    expect(menuInputSchema.safeParse(menu).success).toBe(true);
    expect(menuInputSchema.safeParse({ ...menu, price_per_head: 0 }).error?.issues).toMatchObject([{ path: ['price_per_head'], message: 'validation.tooSmall' }]);
    expect(menuInputSchema.safeParse({ ...menu, price_per_head: Math.floor(AMOUNT_COLUMN_MAX / 1000) }).success).toBe(true);
    expect(menuInputSchema.safeParse({ ...menu, price_per_head: Math.floor(AMOUNT_COLUMN_MAX / 1000) + 1 }).error?.issues).toMatchObject([
      { path: ['price_per_head'], message: 'validation.menuFoodCostTooLarge' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { percentOf, settlementPlan, type SettlementInput } from './booking-money.ts';

/**
 * The settlement formula (docs/decisions/0070-settlement-formula.md), branch by branch. The booking: menu 50.00 per head (M = 5000), 20 guests booked (g),
 * tickets at 60.00 (T = 6000), platform fee 5 %. F = 5000 × max(n, 20) = 100,000 unless more tickets than guests.
 */
const base: SettlementInput = { menuPrice: 5000, guests: 20, ticketPrice: 6000, tickets: 0, donations: 0, prepaid: 2000, platformFeePercent: 5, chargeShortfall: true };
const moneyIn = (input: SettlementInput, plan: ReturnType<typeof settlementPlan>) => plan.ticketRevenue + input.donations + input.prepaid + plan.balanceCharge;
const moneyOut = (plan: ReturnType<typeof settlementPlan>) => plan.restaurant + plan.cause + plan.platformFee + plan.refund;

describe('settlementPlan', () => {
  it('surplus: R − P above F goes to the cause with the donations; C is refunded whole', () => {
    const input = { ...base, tickets: 20, donations: 2500 };
    const plan = settlementPlan(input);
    // R = 120,000; P = 6,000; R − P − F = 14,000.
    expect(plan).toEqual({ foodCost: 100_000, ticketRevenue: 120_000, platformFee: 6000, restaurant: 100_000, cause: 16_500, fromPrepaid: 0, refund: 2000, balanceCharge: 0 });
    expect(moneyIn(input, plan)).toBe(moneyOut(plan));
  });

  it('shortfall within C: taken from C, the rest of C refunded, the cause gets only the donations', () => {
    const input = { ...base, tickets: 10, donations: 700, prepaid: 100_000 };
    const plan = settlementPlan(input);
    // R = 60,000; P = 3,000; shortfall 100,000 − 57,000 = 43,000 out of C = 100,000 (the total fee).
    expect(plan).toMatchObject({ restaurant: 100_000, cause: 700, platformFee: 3000, fromPrepaid: 43_000, refund: 57_000, balanceCharge: 0 });
    expect(moneyIn(input, plan)).toBe(moneyOut(plan));
  });

  it('shortfall beyond C: all of C is used and the rest is charged to the client', () => {
    const input = { ...base, tickets: 10 };
    const plan = settlementPlan(input);
    expect(plan).toMatchObject({ restaurant: 100_000, cause: 0, platformFee: 3000, fromPrepaid: 2000, refund: 0, balanceCharge: 41_000 });
    expect(moneyIn(input, plan)).toBe(moneyOut(plan));
  });

  it('no tickets: the whole food cost comes from C and the balance charge', () => {
    expect(settlementPlan(base)).toMatchObject({ foodCost: 100_000, ticketRevenue: 0, platformFee: 0, fromPrepaid: 2000, refund: 0, balanceCharge: 98_000 });
    expect(settlementPlan({ ...base, prepaid: 100_000 })).toMatchObject({ fromPrepaid: 100_000, refund: 0, balanceCharge: 0 });
  });

  it('more tickets than guests: the restaurant is paid for every ticket holder', () => {
    const plan = settlementPlan({ ...base, tickets: 25 });
    // F = 5000 × 25 = 125,000; R = 150,000; P = 7,500; cause 17,500.
    expect(plan).toMatchObject({ foodCost: 125_000, restaurant: 125_000, platformFee: 7500, cause: 17_500, refund: 2000 });
  });

  it('a host event charges nobody its shortfall: the restaurant receives what there is', () => {
    const input = { ...base, tickets: 10, prepaid: 0, chargeShortfall: false };
    const plan = settlementPlan(input);
    expect(plan).toMatchObject({ restaurant: 57_000, balanceCharge: 0, refund: 0 });
    expect(moneyIn(input, plan)).toBe(moneyOut(plan));
  });

  it('rounds the platform fee half away from zero to the minor unit', () => {
    expect(percentOf(10, 5)).toBe(1); // 0.5
    expect(percentOf(9, 5)).toBe(0); // 0.45
    expect(percentOf(30, 5)).toBe(2); // 1.5
    expect(percentOf(12_345, 2.9)).toBe(358); // 358.005
    expect(percentOf(-10, 5)).toBe(-1);
    expect(settlementPlan({ ...base, ticketPrice: 333, tickets: 30 }).platformFee).toBe(500); // 9,990 × 5 % = 499.5
  });
});

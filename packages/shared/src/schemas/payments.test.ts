import { describe, expect, it } from 'vitest';
import { earnerRowTotal } from './payments.ts';

describe('earnerRowTotal', () => {
  it('counts settlement shares, forfeits and donations without an event as earned, payouts as paid out', () => {
    expect(earnerRowTotal({ type: 'SETTLEMENT', status: 'succeeded' })).toBe('earned');
    expect(earnerRowTotal({ type: 'FORFEIT', status: 'succeeded' })).toBe('earned');
    expect(earnerRowTotal({ type: 'CREDIT_CARD_DONATION', status: 'succeeded' })).toBe('earned');
    expect(earnerRowTotal({ type: 'PAYOUT', status: 'paid' })).toBe('paid_out');
  });

  it('counts a client’s deposit or an event’s donation the platform holds as held, never as earned', () => {
    for (const type of ['CREDIT_CARD_DEPOSIT', 'CREDIT_CARD_TOTAL_FEE', 'BANK_DEPOSIT', 'BECS_DEBIT_DEPOSIT', 'CREDIT_CARD_DONATION'] as const) {
      expect(earnerRowTotal({ type, status: 'held' })).toBe('held');
    }
  });

  it('counts a settled or refunded deposit and a settled event donation in no total: their money is in the settlement row, or went back', () => {
    for (const status of ['settled', 'refunded'] as const) expect(earnerRowTotal({ type: 'CREDIT_CARD_DEPOSIT', status })).toBeNull();
    expect(earnerRowTotal({ type: 'BECS_DEBIT_BALANCE_FEE', status: 'settled' })).toBeNull();
    expect(earnerRowTotal({ type: 'CREDIT_CARD_DONATION', status: 'settled' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { EarnerMonth, PaymentListItem } from '@goodtable/shared';
import { chartAxisLabels, chartCurrencies, chartLayout, chartMonthName, csvAmount, csvCell, moneyDirection, paymentsCsv, receiptPaymentId, type CsvTexts } from './payment-history.ts';

const BOOKING = '0b6f0c3e-9b21-4a57-9d1c-6a1f0c3e9b21';
const item = (overrides: Partial<PaymentListItem>): PaymentListItem => ({
  id: '7e1f0c3e-9b21-4a57-9d1c-6a1f0c3e9b21',
  payment_id: '7e1f0c3e-9b21-4a57-9d1c-6a1f0c3e9b21',
  booking_id: BOOKING,
  type: 'CREDIT_CARD_DEPOSIT',
  amount: 2000,
  currency: 'AUD',
  status: 'succeeded',
  created_at: '2026-11-20T10:00:00.000Z',
  booking: { id: BOOKING, title: 'Dinner, "for" the shelter', date: null, restaurant: { id: BOOKING, name: 'Pho Mai' }, cause: { id: BOOKING, name: '=Hope' } },
  ...overrides,
});
const texts: CsvTexts = {
  headers: { date: 'Date', booking: 'Booking', restaurant: 'Restaurant', cause: 'Cause', type: 'Type', status: 'Status', amount: 'Amount', notIncome: 'Not income', currency: 'Currency', reference: 'Reference' },
  type: (row) => `type:${row.type}`,
  status: (row) => `status:${row.status}`,
  date: (instant) => instant.slice(0, 10),
};

describe('moneyDirection', () => {
  it('reads a payer’s payments as money out and refunds as money in', () => {
    expect(moneyDirection({ type: 'CREDIT_CARD_DEPOSIT', status: 'succeeded' }, 'payer')).toBe('out');
    expect(moneyDirection({ type: 'BECS_DEBIT_BALANCE_FEE', status: 'succeeded' }, 'payer')).toBe('out');
    expect(moneyDirection({ type: 'REFUND', status: 'succeeded' }, 'payer')).toBe('in');
  });

  it('reads an earner’s settlements, forfeits and donations without an event as in, payouts as out', () => {
    for (const type of ['SETTLEMENT', 'FORFEIT'] as const) expect(moneyDirection({ type, status: 'succeeded' }, 'earner')).toBe('in');
    expect(moneyDirection({ type: 'CREDIT_CARD_DONATION', status: 'succeeded' }, 'earner')).toBe('in');
    expect(moneyDirection({ type: 'PAYOUT', status: 'paid' }, 'earner')).toBe('out');
  });

  it('never reads a client’s deposit or an event’s donation as the earner’s money in: held, settled or refunded, it is not income', () => {
    for (const status of ['held', 'settled', 'refunded'] as const) {
      for (const type of ['CREDIT_CARD_DEPOSIT', 'CREDIT_CARD_TOTAL_FEE', 'BANK_DEPOSIT'] as const) expect(moneyDirection({ type, status }, 'earner')).toBe('none');
    }
    for (const status of ['held', 'settled'] as const) expect(moneyDirection({ type: 'CREDIT_CARD_DONATION', status }, 'earner')).toBe('none');
  });
});

describe('receiptPaymentId', () => {
  it('links a succeeded payment’s receipt, also held or settled on the restaurant side', () => {
    for (const status of ['succeeded', 'held', 'settled', 'refunded'] as const) expect(receiptPaymentId(item({ status }))).toBe(item({}).payment_id);
  });

  it('links none for an unfinished or failed payment, nor for a ledger movement or a donation (its receipt is the donor’s)', () => {
    for (const status of ['failed', 'processing', 'requires_action'] as const) expect(receiptPaymentId(item({ status }))).toBeNull();
    for (const type of ['REFUND', 'SETTLEMENT', 'FORFEIT', 'PAYOUT', 'CREDIT_CARD_DONATION'] as const) expect(receiptPaymentId(item({ type }))).toBeNull();
  });
});

describe('CSV export', () => {
  it('quotes cells with commas, quotes or line breaks and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(null)).toBe('');
  });

  it('writes amounts in major units with the currency’s decimals', () => {
    expect(csvAmount(2000, 'AUD')).toBe('20.00');
    expect(csvAmount(850_000, 'VND')).toBe('850000');
  });

  it('writes a header and one signed line per row, CRLF-terminated; an earner’s held deposit in the not-income column', () => {
    const csv = paymentsCsv({
      items: [
        item({ status: 'held' }),
        item({ id: 'b5a1d2c3-0000-4000-8000-000000000001', payment_id: null, booking_id: null, booking: null, type: 'PAYOUT', status: 'paid', amount: 850_000, currency: 'VND' }),
        item({ id: 'c5a1d2c3-0000-4000-8000-000000000002', payment_id: null, type: 'SETTLEMENT', amount: 1500 }),
      ],
      viewer: 'earner',
      texts,
    });
    expect(csv.split('\r\n')).toEqual([
      'Date,Booking,Restaurant,Cause,Type,Status,Amount,Not income,Currency,Reference',
      `2026-11-20,"Dinner, ""for"" the shelter",Pho Mai,'=Hope,type:CREDIT_CARD_DEPOSIT,status:held,,20.00,AUD,7e1f0c3e-9b21-4a57-9d1c-6a1f0c3e9b21`,
      '2026-11-20,,,,type:PAYOUT,status:paid,-850000,,VND,b5a1d2c3-0000-4000-8000-000000000001',
      `2026-11-20,"Dinner, ""for"" the shelter",Pho Mai,'=Hope,type:SETTLEMENT,status:succeeded,15.00,,AUD,c5a1d2c3-0000-4000-8000-000000000002`,
      '',
    ]);
  });

  it('writes a payer’s payments negative and refunds positive, without the earner’s column', () => {
    const csv = paymentsCsv({ items: [item({}), item({ type: 'REFUND', amount: 500 })], viewer: 'payer', texts });
    expect(csv.split('\r\n').map((line) => line.split(',').slice(-3, -1))).toEqual([['Amount', 'Currency'], ['-20.00', 'AUD'], ['5.00', 'AUD'], []]);
  });
});

describe('chart layout', () => {
  const months: EarnerMonth[] = [
    { month: '2026-11', currency: 'AUD', received: 4000, earned: 2000, paid_out: 1000 },
    { month: '2026-10', currency: 'AUD', received: 1000, earned: 0, paid_out: 0 },
    { month: '2026-11', currency: 'VND', received: 850_000, earned: 0, paid_out: 0 },
  ];

  it('lists the currencies once, in order', () => {
    expect(chartCurrencies(months)).toEqual(['AUD', 'VND']);
  });

  it('groups one currency’s bars by month, oldest first, scaled to the largest', () => {
    const layout = chartLayout({ months, currency: 'AUD', size: { width: 600, height: 100 } });
    expect(layout.max).toBe(4000);
    expect(layout.months.map((month) => month.month)).toEqual(['2026-10', '2026-11']);
    expect(layout.bars).toHaveLength(6);
    const received = layout.bars.find((bar) => bar.month === '2026-11' && bar.series === 'received')!;
    expect(received).toMatchObject({ height: 100, y: 0 });
    const paidOut = layout.bars.find((bar) => bar.month === '2026-11' && bar.series === 'paid_out')!;
    expect(paidOut).toMatchObject({ height: 25, y: 75 });
    // Bars stay inside the box and do not overlap.
    for (const bar of layout.bars) expect(bar.x + bar.width).toBeLessThanOrEqual(600);
    const xs = layout.bars.map((bar) => bar.x);
    expect(new Set(xs).size).toBe(xs.length);
  });

  it('draws nothing for a currency without months, and flat bars for a negative month', () => {
    expect(chartLayout({ months, currency: 'USD', size: { width: 600, height: 100 } }).bars).toEqual([]);
    const refunded = chartLayout({ months: [{ month: '2026-11', currency: 'AUD', received: -2000, earned: 0, paid_out: 0 }], currency: 'AUD', size: { width: 600, height: 100 } });
    expect(refunded.bars.every((bar) => bar.height === 0)).toBe(true);
  });
});

describe('chart months in the viewer’s language', () => {
  it('names a month by Intl: short on the axis, with the year in full, in English and Vietnamese', () => {
    expect(chartMonthName({ month: '2026-09', languageTag: 'en', style: 'axis' })).toBe('Sep');
    expect(chartMonthName({ month: '2026-09', languageTag: 'en', style: 'full' })).toBe('September 2026');
    expect(chartMonthName({ month: '2026-09', languageTag: 'vi', style: 'axis' })).toBe('Tháng 9');
    expect(chartMonthName({ month: '2026-09', languageTag: 'vi', style: 'full' })).toBe('tháng 9 năm 2026');
    // Never a month early or late, whatever the zone (UTC midnight of the 1st, formatted in UTC).
    expect(chartMonthName({ month: '2027-01', languageTag: 'en', style: 'full' })).toBe('January 2027');
  });

  it('puts the year under the first month and each January, and keeps about six labels on a phone', () => {
    const months = Array.from({ length: 12 }, (_, i) => `20${i < 4 ? '26' : '27'}-${String(((i + 8) % 12) + 1).padStart(2, '0')}`);
    expect(months.slice(0, 5)).toEqual(['2026-09', '2026-10', '2026-11', '2026-12', '2027-01']);
    const labels = chartAxisLabels({ months, languageTag: 'en' });
    expect(labels.map((label) => label.name).slice(0, 5)).toEqual(['Sep', 'Oct', 'Nov', 'Dec', 'Jan']);
    expect(labels.filter((label) => label.year).map((label) => `${label.name} ${label.year}`)).toEqual(['Sep 2026', 'Jan 2027']);
    expect(labels.filter((label) => label.narrow).map((label) => label.month)).toEqual(['2026-09', '2026-11', '2027-01', '2027-03', '2027-05', '2027-07']);
    expect(chartAxisLabels({ months: ['2026-10', '2026-11'], languageTag: 'vi' }).map((label) => [label.name, label.narrow])).toEqual([
      ['Tháng 10', true],
      ['Tháng 11', true],
    ]);
  });
});

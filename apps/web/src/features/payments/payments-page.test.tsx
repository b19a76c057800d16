import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { EarnerPaymentList, Role } from '@goodtable/shared';
import { PaymentsPage } from './payments-page.tsx';
import { BOOKING, listedBooking as booking, PAYMENT, renderSignedIn, stubPaymentsApi } from './test/payments-page-stubs.tsx';

const PAYOUT = 'b5a1d2c3-0000-4000-8000-000000000001';
const LIST: EarnerPaymentList = {
  data: [
    { id: PAYOUT, payment_id: null, booking_id: null, type: 'PAYOUT', amount: 50_000, currency: 'AUD', status: 'paid', created_at: '2026-11-22T10:00:00.000Z', booking: null },
    { id: PAYMENT, payment_id: PAYMENT, booking_id: BOOKING, type: 'CREDIT_CARD_DEPOSIT', amount: 2000, currency: 'AUD', status: 'held', created_at: '2026-11-20T10:00:00.000Z', booking },
  ],
  page: 1,
  limit: 10,
  totalPages: 1,
  totalResults: 2,
  totals: [{ currency: 'AUD', earned: 80_000, paid_out: 50_000, pending: 30_000, held: 2000 }],
  months: [
    { month: '2026-10', currency: 'AUD', received: 100_000, earned: 80_000, paid_out: 0 },
    { month: '2026-11', currency: 'AUD', received: 2000, earned: 0, paid_out: 50_000 },
  ],
};

const stubApi = (role: Role) => stubPaymentsApi({ role, listPath: '/v1/payments', list: LIST });
const renderPage = () => renderSignedIn('/payments', <PaymentsPage />);

afterEach(() => vi.unstubAllGlobals());

describe('PaymentsPage', () => {
  it('shows a seller its totals, the months as labelled bars and its movements, the payout as money out, the client’s deposit not as income', async () => {
    stubApi('seller');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Payments', level: 1 })).toBeTruthy();
    const totals = await screen.findByTestId('earner-totals-AUD');
    expect(within(totals).getAllByRole('term').map((cell) => cell.textContent)).toEqual(['Held until events settle', 'Earned', 'Paid out', 'To be paid out']);
    expect(totals.textContent).toContain('A$800.00');
    expect(totals.textContent).toContain('A$300.00');
    expect(totals.textContent).toContain('Your clients’ deposits, held by GoodTable until each event settles: not your income.');
    const chart = screen.getByRole('img', { name: 'Monthly bars: deposits and donations paid in, earned and paid out, in AUD.' });
    expect(chart.querySelectorAll('rect')).toHaveLength(6);
    expect(chart.textContent).toContain('October 2026, Deposits and donations paid in: A$1,000.00');
    const axis = screen.getByTestId('money-chart-axis');
    expect([...axis.children].map((label) => label.textContent)).toEqual(['Oct2026', 'Nov']);
    const rows = screen.getAllByTestId('payment-row');
    expect(rows[0]!.textContent).toContain('Payout to your bank');
    expect(rows[0]!.textContent).toContain('−A$500.00');
    expect(rows[1]!.textContent).toContain('Held until the event settles');
    expect(rows[1]!.textContent).toContain('Not income: A$20.00');
    expect(rows[1]!.textContent).not.toContain('+');
    expect(rows[1]!.textContent).not.toContain('Money in');
  });

  it('shows a cause its donations with the donors’ names (an anonymous gift’s too) and messages, settlement share and payout', async () => {
    const donation = (id: string, overrides: Partial<EarnerPaymentList['data'][number]>): EarnerPaymentList['data'][number] => ({
      id,
      payment_id: id,
      booking_id: null,
      type: 'CREDIT_CARD_DONATION',
      amount: 5000,
      currency: 'AUD',
      status: 'succeeded',
      created_at: '2026-11-21T10:00:00.000Z',
      booking: null,
      ...overrides,
    });
    const cause = { id: BOOKING, name: 'Hope Kitchen' };
    stubPaymentsApi({
      role: 'cause',
      listPath: '/v1/payments',
      list: {
        ...LIST,
        data: [
          donation('c5a1d2c3-0000-4000-8000-000000000001', { donation: { id: 'd5a1d2c3-0000-4000-8000-000000000001', name: 'Jane Doe', message: 'For the kitchen', anonymous: true, cause } }),
          donation('c5a1d2c3-0000-4000-8000-000000000002', {
            amount: 2500,
            status: 'held',
            booking_id: BOOKING,
            booking,
            donation: { id: 'd5a1d2c3-0000-4000-8000-000000000002', name: 'Minh Tran', message: null, anonymous: false, cause },
          }),
        ],
        totals: [{ currency: 'AUD', earned: 5000, paid_out: 0, pending: 5000, held: 2500 }],
      },
    });
    renderPage();
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows[0]!.textContent).toContain('Donation (no event) · Hope Kitchen');
    expect(rows[0]!.textContent).toContain('From Anonymous (Jane Doe)');
    expect(rows[0]!.textContent).toContain('“For the kitchen”');
    expect(rows[0]!.textContent).toContain('+A$50.00');
    expect(within(rows[0]!).queryByRole('link', { name: /Receipt/ })).toBeNull();
    expect(rows[1]!.textContent).toContain('Dinner for the shelter');
    expect(rows[1]!.textContent).toContain('From Minh Tran');
    expect(rows[1]!.textContent).toContain('Not income: A$25.00');
    expect((await screen.findByTestId('earner-totals-AUD')).textContent).toContain('they reach you in the event’s settlement share');
  });

  it('calls a manager’s page All Payments', async () => {
    stubApi('manager');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'All Payments', level: 1 })).toBeTruthy();
  });

  it('exports every row as CSV from the API’s pages', async () => {
    const fetchMock = stubApi('seller');
    const blobs: Blob[] = [];
    // jsdom has no object URLs: the download's blob is caught here instead.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:csv');
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderPage();
      (await screen.findByRole('button', { name: 'Export CSV' })).click();
      await waitFor(() => expect(blobs).toHaveLength(1));
      expect(fetchMock.calls.some((call) => call.url === '/v1/payments?page=1&limit=100')).toBe(true);
      const csv = await blobs[0]!.text();
      const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Date,Booking,Restaurant,Cause,Type,Status,Amount,Not income (held or settled),Currency,Reference');
      expect(lines[1]).toContain('Payout to your bank,Paid,-500.00,,AUD');
      expect(lines[2]).toContain('Dinner for the shelter,Pho Mai,Hope Kitchen,Deposit by card,Held until the event settles,,20.00,AUD');
      expect(click).toHaveBeenCalled();
    } finally {
      Object.assign(URL, original);
      click.mockRestore();
    }
  });
});

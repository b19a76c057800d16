import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PayerPaymentList } from '@goodtable/shared';
import { BookingsPaymentsPage } from './bookings-payments-page.tsx';
import { BOOKING, listedBooking as booking, PAYMENT, renderSignedIn, stubPaymentsApi } from './test/payments-page-stubs.tsx';

const REFUND = 'b5a1d2c3-0000-4000-8000-000000000001';
const LIST: PayerPaymentList = {
  data: [
    { id: REFUND, payment_id: PAYMENT, booking_id: BOOKING, type: 'REFUND', amount: 500, currency: 'AUD', status: 'succeeded', created_at: '2026-11-21T10:00:00.000Z', booking },
    { id: PAYMENT, payment_id: PAYMENT, booking_id: BOOKING, type: 'CREDIT_CARD_DEPOSIT', amount: 2000, currency: 'AUD', status: 'succeeded', created_at: '2026-11-20T10:00:00.000Z', booking },
  ],
  page: 1,
  limit: 10,
  totalPages: 1,
  totalResults: 2,
  totals: [{ currency: 'AUD', paid: 2000, refunded: 500 }],
};

/** A client's session, and the payments list answering `list` (or failing). */
const stubApi = (list: { status: number; body: unknown }) => stubPaymentsApi({ role: 'user', listPath: '/v1/bookings/payments', list: list.body, status: list.status });
const renderPage = () => renderSignedIn('/bookings/payments', <BookingsPaymentsPage />);

afterEach(() => vi.unstubAllGlobals());

describe('BookingsPaymentsPage', () => {
  it('shows the totals and each payment and refund, with a receipt link for the payment only', async () => {
    const fetchMock = stubApi({ status: 200, body: LIST });
    renderPage();
    const totals = await screen.findByTestId('payer-totals-AUD');
    expect(within(totals).getAllByRole('definition').map((cell) => cell.textContent)).toEqual(['A$20.00', 'A$5.00', 'A$15.00']);
    const rows = screen.getAllByTestId('payment-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Refund');
    expect(rows[0]!.textContent).toContain('+A$5.00');
    expect(within(rows[0]!).queryByRole('link', { name: /Receipt/ })).toBeNull();
    expect(rows[1]!.textContent).toContain('−A$20.00');
    expect(within(rows[1]!).getByRole('link', { name: 'Receipt for Deposit by card of A$20.00' }).getAttribute('href')).toBe(`/payments/${PAYMENT}/receipt`);
    expect(fetchMock.calls.some((call) => call.url === '/v1/bookings/payments?page=1&limit=10')).toBe(true);
  });

  it('narrows to one booking and back', async () => {
    const fetchMock = stubApi({ status: 200, body: LIST });
    renderPage();
    const [onlyThis] = await screen.findAllByRole('button', { name: 'Show only the payments of Dinner for the shelter' });
    onlyThis!.click();
    await waitFor(() => expect(fetchMock.calls.some((call) => call.url === `/v1/bookings/payments?page=1&limit=10&booking_id=${BOOKING}`)).toBe(true));
    (await screen.findByRole('button', { name: 'Show all bookings' })).click();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show all bookings' })).toBeNull());
  });

  it('shows the empty state without payments', async () => {
    stubApi({ status: 200, body: { ...LIST, data: [], totalPages: 0, totalResults: 0, totals: [] } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No payments yet' })).toBeTruthy();
    expect(screen.queryByTestId('payer-totals-AUD')).toBeNull();
  });

  it('says “Get Bookings Account Detail error!” when the list fails', async () => {
    stubApi({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: '' } });
    renderPage();
    await waitFor(() => expect(screen.getAllByText('Get Bookings Account Detail error!').length).toBeGreaterThan(0));
  });
});

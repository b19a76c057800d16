import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LOCAL_STORAGE_TOKEN_KEY, type Booking, type Role } from '@goodtable/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { testUser } from '../../test/users.ts';
import { BookingMoney } from './booking-money.tsx';

const CLIENT_ID = '1b2c3d4e-0000-4000-8000-000000000001';
const BOOKING_ID = '1b2c3d4e-0000-4000-8000-0000000000aa';
const booking = (status: Booking['status']) => ({ id: BOOKING_ID, status, client: { id: CLIENT_ID, first_name: 'Mai', last_name: 'Tran' } });
const list = (totals: unknown[]) => ({ data: [], page: 1, limit: 1, totalPages: 0, totalResults: 0, totals, months: [] });

function renderSection({ status, role, id }: { status: Booking['status']; role: Role; id?: string }) {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  const api = stubApi({
    'GET /v1/bookings/payments': () => list([{ currency: 'AUD', paid: 16_560, refunded: 16_560 }]),
    'GET /v1/payments': () => list([{ currency: 'AUD', earned: 130_000, paid_out: 0, pending: 130_000, held: 0 }]),
  });
  const user = testUser({ role, ...(id ? { id } : {}) });
  const view = (shown: Booking['status']) => (
    <MemoryRouter>
      <BookingMoney booking={booking(shown)} user={user} />
    </MemoryRouter>
  );
  const { rerender } = renderWithProviders(view(status));
  return Object.assign(api, { showStatus: (shown: Booking['status']) => rerender(view(shown)) });
}

afterEach(() => vi.unstubAllGlobals());

describe('BookingMoney', () => {
  it('shows the client of a cancelled booking its refund, with a link to the booking’s payments', async () => {
    const api = renderSection({ status: 'CANCELED', role: 'user', id: CLIENT_ID });
    const section = await screen.findByRole('region', { name: 'Money for this booking' });
    expect(within(section).getByText('Paid').nextElementSibling?.textContent).toBe('A$165.60');
    expect(within(section).getByText('Refunded').nextElementSibling?.textContent).toBe('A$165.60');
    expect(within(section).getByText('Net paid').nextElementSibling?.textContent).toBe('A$0.00');
    expect(within(section).getByRole('link', { name: 'See this booking’s payments' }).getAttribute('href')).toBe(`/bookings/payments?booking=${BOOKING_ID}`);
    expect(api.calls.map((call) => call.query.get('booking_id'))).toEqual([BOOKING_ID]);
  });

  it('shows the restaurant what it earned from a completed booking', async () => {
    renderSection({ status: 'COMPLETED', role: 'seller' });
    const section = await screen.findByRole('region', { name: 'Money for this booking' });
    expect(within(section).getByText('Earned').nextElementSibling?.textContent).toBe('A$1,300.00');
    expect(within(section).getByRole('link', { name: 'See this booking’s payments' }).getAttribute('href')).toBe(`/payments?booking=${BOOKING_ID}`);
  });

  it('tells the client of an INCOMPLETE booking (no tickets) that its prepayment went to the restaurant', async () => {
    renderSection({ status: 'INCOMPLETE', role: 'user', id: CLIENT_ID });
    const section = await screen.findByRole('region', { name: 'Money for this booking' });
    expect(within(section).getByText(/No tickets were purchased: what you prepaid went to the restaurant/)).toBeTruthy();
  });

  it('shows the restaurant of an INCOMPLETE booking the prepayment it earned', async () => {
    renderSection({ status: 'INCOMPLETE', role: 'seller' });
    const section = await screen.findByRole('region', { name: 'Money for this booking' });
    expect(within(section).getByText(/the client’s prepayment went to the restaurant/)).toBeTruthy();
    expect(within(section).getByText('Earned').nextElementSibling?.textContent).toBe('A$1,300.00');
  });

    it('asks again when the booking’s status changes (a cancellation refunds, a completion settles)', async () => {
    const api = renderSection({ status: 'CONFIRMED', role: 'user', id: CLIENT_ID });
    await screen.findByRole('region', { name: 'Money for this booking' });
    expect(api.calls).toHaveLength(1);
    api.showStatus('CANCELED');
    await waitFor(() => expect(api.callsTo('GET /v1/bookings/payments')).toHaveLength(2));
  });

  it('asks nothing while no money can have moved', async () => {
    const api = renderSection({ status: 'ACCEPTED', role: 'user', id: CLIENT_ID });
    // Effects have run: a query the section started would have called by now.
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Money for this booking' })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});

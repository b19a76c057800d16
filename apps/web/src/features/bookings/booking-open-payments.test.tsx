import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LOCAL_STORAGE_TOKEN_KEY, type Payment, type Role } from '@goodtable/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { testUser } from '../../test/users.ts';
import { BookingOpenPayments } from './booking-open-payments.tsx';

const CLIENT_ID = '1b2c3d4e-0000-4000-8000-000000000001';
const BOOKING = { id: '1b2c3d4e-0000-4000-8000-0000000000aa', status: 'ACCEPTED' as const, client: { id: CLIENT_ID, first_name: 'Mai', last_name: 'Tran' } };
const TRANSFER: Payment = {
  id: '1b2c3d4e-0000-4000-8000-0000000000bb',
  booking_id: BOOKING.id,
  type: 'BANK_DEPOSIT',
  amount: 2000,
  refunded_amount: 0,
  currency: 'AUD',
  status: 'processing',
  bank_transfer: { account_name: 'GoodTable Pty Ltd', bank_name: 'Commonwealth Bank of Australia', bsb: '062-000', account_number: '12345678', reference: 'GT-ABCD2345' },
  created_at: '2026-11-23T00:00:00.000Z',
};

function renderSection({ role, id, open = [TRANSFER] }: { role: Role; id?: string; open?: Payment[] }) {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  const user = testUser({ role, ...(id ? { id } : {}) });
  const api = stubApi({
    'GET /v1/me': user,
    'GET /v1/bookings/:id/open-payments': { data: open },
    'POST /v1/payments/:id/mark-received': { ...TRANSFER, status: 'succeeded' },
  });
  renderWithProviders(
    <MemoryRouter>
      <BookingOpenPayments booking={BOOKING} user={user} />
    </MemoryRouter>,
  );
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('BookingOpenPayments', () => {
  it('lets the restaurant side mark an awaited bank transfer received', async () => {
    const api = renderSection({ role: 'seller' });
    expect(await screen.findByRole('heading', { name: 'Payment processing' })).toBeTruthy();
    expect(screen.getByText(/with the reference GT-ABCD2345/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark transfer received' }));
    await waitFor(() => expect(api.callsTo('POST /v1/payments/:id/mark-received').map((call) => call.path)).toEqual([`/v1/payments/${TRANSFER.id}/mark-received`]));
    expect(await screen.findByText('Transfer marked received: the booking is confirmed.')).toBeTruthy();
  });

  it('shows the client its reference and the way back to the details, without the restaurant’s button', async () => {
    renderSection({ role: 'user', id: CLIENT_ID });
    expect(await screen.findByText('The restaurant is waiting for your transfer of A$20.00 with the reference GT-ABCD2345.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bank transfer details' }).getAttribute('href')).toBe(`/bookings/${BOOKING.id}/payment`);
    expect(screen.queryByRole('button', { name: 'Mark transfer received' })).toBeNull();
  });

  it('says a BECS debit is clearing, with the account’s last digits, and offers the cause no button', async () => {
    const debit: Payment = { ...TRANSFER, type: 'BECS_DEBIT_DEPOSIT', bank_transfer: undefined, bank_account: { bsb: '000-000', last4: '3456' }, processing_until: '2026-11-26T00:00:00.000Z' };
    renderSection({ role: 'cause', open: [debit] });
    expect(await screen.findByText(/A debit of A\$20\.00 from 000-000 ••••3456 is clearing/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark transfer received' })).toBeNull();
  });
});

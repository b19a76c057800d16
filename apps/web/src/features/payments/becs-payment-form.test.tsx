import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LOCAL_STORAGE_TOKEN_KEY, type Payment } from '@goodtable/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { BecsPaymentForm } from './becs-payment-form.tsx';

const PAYMENT: Payment = {
  id: '7d1f2a4e-1b7c-4c8e-9f3a-2d5e6f7a8b9c',
  booking_id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  type: 'BECS_DEBIT_DEPOSIT',
  amount: 2000,
  refunded_amount: 0,
  currency: 'AUD',
  status: 'requires_payment_method',
  created_at: '2026-11-23T00:00:00.000Z',
};

function renderForm() {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  const processing: Payment = { ...PAYMENT, status: 'processing', processing_until: '2026-11-26T00:00:00.000Z', bank_account: { bsb: '000-000', last4: '3456' } };
  const api = stubApi({ 'POST /v1/payments/:id/confirm': processing });
  const start = vi.fn(async () => PAYMENT);
  const onResult = vi.fn();
  renderWithProviders(<BecsPaymentForm start={start} submitLabel="Debit A$20.00" onResult={onResult} />);
  return { api, start, onResult };
}

afterEach(() => vi.unstubAllGlobals());

describe('BecsPaymentForm', () => {
  it('shows the Direct Debit Request mandate and names a malformed BSB and account number without sending anything', async () => {
    const { api, start } = renderForm();
    expect(screen.getByText(/authorise Stripe Payments Australia Pty Ltd/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Direct Debit Request service agreement' }).getAttribute('href')).toBe('https://stripe.com/au-becs-dd-service-agreement/legal');
    fireEvent.change(screen.getByLabelText("Account holder's name"), { target: { value: 'Jenny Rosen' } });
    fireEvent.change(screen.getByLabelText('BSB'), { target: { value: '00-0000' } });
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Debit A$20.00' }));
    expect(await screen.findByText('Enter the BSB as six digits: 000-000.')).toBeTruthy();
    expect(screen.getByText('Enter the account number (5 to 9 digits).')).toBeTruthy();
    expect(start).not.toHaveBeenCalled();
    expect(api.calls).toEqual([]);
  });

  it('sends the bank account to the payment’s confirm and hands the processing payment on', async () => {
    const { api, onResult } = renderForm();
    fireEvent.change(screen.getByLabelText("Account holder's name"), { target: { value: 'Jenny Rosen' } });
    fireEvent.change(screen.getByLabelText('BSB'), { target: { value: '000-000' } });
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '000123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Debit A$20.00' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
    expect(onResult.mock.calls[0]![0]).toMatchObject({ status: 'processing' });
    const [confirm] = api.calls;
    expect(confirm!.path).toBe(`/v1/payments/${PAYMENT.id}/confirm`);
    expect(confirm!.body).toEqual({ becs: { bsb: '000-000', account_number: '000123456', account_name: 'Jenny Rosen' } });
    expect(new Headers(confirm!.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });
});

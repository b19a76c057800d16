import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LOCAL_STORAGE_TOKEN_KEY, type ConnectedAccount } from '@goodtable/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { jsonAnswer, stubApi } from '../../test/stub-api.ts';
import { ProviderOnboarding, type OnboardingReturn } from './provider-onboarding.tsx';

const LINK = 'https://connect.stripe.com/setup/e/acct_123/abc';
const account = (transfers: ConnectedAccount['capabilities']['transfers']): ConnectedAccount => ({
  id: 'acct_123',
  provider: 'stripe',
  capabilities: { transfers },
  created_at: '2026-11-01T00:00:00.000Z',
  external_account: null,
});

function renderOnboarding({ current, onboarding, answers = {} }: { current: ConnectedAccount | null; onboarding: OnboardingReturn; answers?: { refresh?: ConnectedAccount; start?: Response } }) {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  const api = stubApi({
    'GET /v1/payments/me/connected-account': current,
    'POST /v1/payments/me/connected-account/onboarding': () => answers.start ?? { url: LINK, expires_at: '2999-01-01T00:05:00.000Z' },
    'POST /v1/payments/me/connected-account/refresh': answers.refresh ?? current,
  });
  const redirect = vi.fn();
  renderWithProviders(<ProviderOnboarding account={current} onboarding={onboarding} redirect={redirect} />);
  const calls = (path: string) => api.callsTo(`POST /v1/payments/me${path}`);
  return { redirect, calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('ProviderOnboarding (Stripe Connect on /payment-management)', () => {
  it('without an account: “Continue to the payment provider” creates it and sends the browser to the provider’s link', async () => {
    const { redirect, calls } = renderOnboarding({ current: null, onboarding: null });
    expect(screen.getByText(/Payouts go through our payment provider, Stripe/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the payment provider' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(LINK));
    expect(calls('/connected-account/onboarding').map((call) => call.body)).toEqual([{ country: 'AU' }]);
  });

  it('onboarding not finished: says so and offers to continue', () => {
    renderOnboarding({ current: account('inactive'), onboarding: null });
    expect(screen.getByRole('status').textContent).toMatch(/not complete yet/);
    expect(screen.getByRole('button', { name: 'Continue to the payment provider' })).toBeTruthy();
  });

  it('back from the provider: reads the account and says verification is pending', async () => {
    const { calls } = renderOnboarding({ current: account('inactive'), onboarding: 'return', answers: { refresh: account('pending') } });
    expect((await screen.findByText(/Verification pending/)).textContent).toContain('checking your details');
    expect(calls('/connected-account/refresh')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Update your details at the payment provider' })).toBeTruthy();
  });

  it('back from the provider once verified: says verification is complete', async () => {
    renderOnboarding({ current: account('pending'), onboarding: 'return', answers: { refresh: account('active') } });
    expect((await screen.findByText(/Verification complete/)).textContent).toContain('transfers are active');
  });

  it('an expired link (the refresh URL) asks for a new one and goes back to the provider at once', async () => {
    const { redirect, calls } = renderOnboarding({ current: account('inactive'), onboarding: 'refresh' });
    expect(screen.getByRole('status').textContent).toBe('Opening the payment provider again…');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(LINK));
    expect(calls('/connected-account/onboarding')).toHaveLength(1);
  });

  it('a country the provider does not serve: the toast points to “My country is not listed”', async () => {
    renderOnboarding({ current: null, onboarding: null, answers: { start: jsonAnswer({ statusCode: 409, code: 'payments.countryNotSupported', error: 'Conflict', message: 'not served' }, 409) } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the payment provider' }));
    expect(await screen.findByText(/does not open payout accounts in this country/)).toBeTruthy();
  });
});

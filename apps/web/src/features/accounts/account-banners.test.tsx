import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LOCAL_STORAGE_TOKEN_KEY } from '@goodtable/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { jsonAnswer, stubApi } from '../../test/stub-api.ts';
import { testUser } from '../../test/users.ts';
import { AccountBanners } from './account-banners.tsx';

const VERIFY_PAYOUT = 'Please verify your bank account with our payment provider to receive transfers.';
/** The texts of the error toasts shown (sonner keeps its queue across tests, so earlier ones may still be there). */
const alertTexts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
const failure = (status: number) => jsonAnswer({ statusCode: status, error: 'Error' }, status);

/** The API as the banners meet it: the connected-account answer, and PUT me answering `putMe`. */
function stubBannersApi({ connectedAccount, putMe = 500 }: { connectedAccount: 'none' | 'failing'; putMe?: number }) {
  return stubApi({
    'GET /v1/payments/me/connected-account': () => (connectedAccount === 'none' ? null : failure(500)),
    'PUT /v1/me': () => failure(putMe),
  });
}

function renderBanners() {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  return renderWithProviders(
    <MemoryRouter>
      <AccountBanners user={testUser({ role: 'seller', published: true })} />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('AccountBanners payout notice', () => {
  it('asks a published seller with no payout account to verify one, linking to /payment-management', async () => {
    stubBannersApi({ connectedAccount: 'none' });
    renderBanners();
    const banner = (await screen.findByText(VERIFY_PAYOUT)).closest('[role="status"]') as HTMLElement;
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/payment-management');
  });

  it('says "Set hidden alert error" when dismissing fails, and keeps the banner', async () => {
    const api = stubBannersApi({ connectedAccount: 'none', putMe: 500 });
    renderBanners();
    await screen.findByText(VERIFY_PAYOUT);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(alertTexts().some((text) => text.includes('Set hidden alert error'))).toBe(true));
    expect(api.callsTo('PUT /v1/me')[0]?.body).toMatchObject({ is_hidden_payment_verified: true });
    expect(screen.getByText(VERIFY_PAYOUT)).toBeTruthy();
  });

  it('says "Get connected account error!" when the account cannot be loaded, and shows no payout banner', async () => {
    stubBannersApi({ connectedAccount: 'failing' });
    renderBanners();
    await waitFor(() => expect(alertTexts().some((text) => text.includes('Get connected account error!'))).toBe(true));
    await waitFor(() => expect(screen.queryByText(VERIFY_PAYOUT)).toBeNull());
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LOCAL_STORAGE_TOKEN_KEY, type Role } from '@goodtable/shared';
import { AvailableScreensContext } from '../../lib/available-screens.ts';
import { LOCAL_STORAGE_SPEAKER_KEY } from '../../lib/speaker.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { testUser } from '../../test/users.ts';
import { paymentsPath, useSignedInLinks } from './signed-in-links.ts';

const RESTAURANT_ID = '7e1f0c3e-9b21-4a57-9d1c-6a1f0c3e9b21';
const EVERY_SCREEN = new Set(['/bookings', '/bookings/payments', '/payments', '/payment-management', '/restaurants/:id/bookings']);

function Links({ role }: { role: Role }) {
  const links = useSignedInLinks(testUser({ role }));
  return (
    <ul>
      {links.map((link) => (
        <li key={link.to}>{`${link.labelKey} ${link.to}${link.values ? ` ${JSON.stringify(link.values)}` : ''}`}</li>
      ))}
    </ul>
  );
}

/** Answers the connected-account call (null without an account) and the manager's restaurants. */
function stubAccountApi({ connectedAccount }: { connectedAccount: boolean }) {
  return stubApi({
    'GET /v1/payments/me/connected-account': connectedAccount ? { id: 'acct_1', capabilities: { transfers: 'active' } } : null,
    'GET /v1/managers/:id/restaurants': { data: [{ id: RESTAURANT_ID, name: 'Pho Mai', email: 'pho@example.com' }], page: 1, limit: 100, totalPages: 1, totalResults: 1 },
  });
}

function renderLinks(role: Role, screens: ReadonlySet<string> = EVERY_SCREEN) {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  return renderWithProviders(
    <MemoryRouter>
      <AvailableScreensContext.Provider value={screens}>
        <Links role={role} />
      </AvailableScreensContext.Provider>
    </MemoryRouter>,
  );
}

const items = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('paymentsPath (docs/product.md, Roles and permissions)', () => {
  it('sends a client to its payments and others to payouts or the payout set-up', () => {
    expect(paymentsPath({ role: 'user', hasConnectedAccount: false })).toBe('/bookings/payments');
    expect(paymentsPath({ role: 'user', hasConnectedAccount: true })).toBe('/bookings/payments');
    for (const role of ['seller', 'cause'] as const) {
      expect(paymentsPath({ role, hasConnectedAccount: true })).toBe('/payments');
      expect(paymentsPath({ role, hasConnectedAccount: false })).toBe('/payment-management');
    }
  });

  it('sends a manager to All Payments: it is never paid out itself, and /payment-management turns managers away', () => {
    expect(paymentsPath({ role: 'manager', hasConnectedAccount: false })).toBe('/payments');
    expect(paymentsPath({ role: 'manager', hasConnectedAccount: true })).toBe('/payments');
  });
});

describe('useSignedInLinks', () => {
  it('gives a client Bookings and its payments without asking for a payout account', async () => {
    const api = stubAccountApi({ connectedAccount: false });
    renderLinks('user');
    expect(items()).toEqual(['nav.bookings /bookings', 'nav.payments /bookings/payments']);
    // Effects have run: a query the links started would have called by now.
    await act(async () => undefined);
    expect(api.calls).toEqual([]);
  });

  it('links a seller without a connected account to the payout set-up', async () => {
    stubAccountApi({ connectedAccount: false });
    renderLinks('seller');
    await waitFor(() => expect(items()).toEqual(['nav.bookings /bookings', 'nav.payments /payment-management']));
  });

  it('links a cause with a connected account to its payouts', async () => {
    stubAccountApi({ connectedAccount: true });
    renderLinks('cause');
    await waitFor(() => expect(items()).toEqual(['nav.bookings /bookings', 'nav.payments /payments']));
  });

  it('leaves out links to screens that do not exist yet, without calling for them', async () => {
    const api = stubAccountApi({ connectedAccount: true });
    renderLinks('seller', new Set(['/bookings']));
    expect(items()).toEqual(['nav.bookings /bookings']);
    await act(async () => undefined);
    expect(api.calls).toEqual([]);
  });

  describe('with the payments lists registered (the Payments links show)', () => {
    // The app's screens with the payments lists registered and /payment-management not.
    const withLists: ReadonlySet<string> = new Set(['/bookings', '/bookings/payments', '/payments', '/payments/:id/receipt']);

    it('links a client to /bookings/payments', () => {
      stubAccountApi({ connectedAccount: false });
      renderLinks('user', withLists);
      expect(items()).toEqual(['nav.bookings /bookings', 'nav.payments /bookings/payments']);
    });

    it('links a seller, a manager and a cause with a connected account to /payments', async () => {
      for (const role of ['seller', 'manager', 'cause'] as const) {
        stubAccountApi({ connectedAccount: true });
        const view = renderLinks(role, withLists);
        await waitFor(() => expect(items()).toContain(`${role === 'manager' ? 'nav.allPayments' : 'nav.payments'} /payments`));
        view.unmount();
        vi.unstubAllGlobals();
      }
    });

    it('keeps the rule of docs/product.md, Roles and permissions without an account: no link until /payment-management exists, never /payments', async () => {
      const api = stubAccountApi({ connectedAccount: false });
      const { queryClient } = renderLinks('seller', withLists);
      // The answer (no account) has been read before the links are judged.
      await waitFor(() => expect(api.callsTo('GET /v1/payments/me/connected-account')).toHaveLength(1));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(items()).toEqual(['nav.bookings /bookings']);
    });
  });

  it('adds the bookings and payments of the restaurant a manager acts for, beside All bookings and All payments', async () => {
    stubAccountApi({ connectedAccount: false });
    localStorage.setItem(LOCAL_STORAGE_SPEAKER_KEY, RESTAURANT_ID);
    renderLinks('manager');
    await waitFor(() =>
      expect(items()).toEqual([
        'nav.allBookings /bookings',
        `nav.restaurantBookings /restaurants/${RESTAURANT_ID}/bookings {"restaurant":"Pho Mai"}`,
        `nav.restaurantPayments /payments?restaurant_id=${RESTAURANT_ID} {"restaurant":"Pho Mai"}`,
        'nav.allPayments /payments',
      ]),
    );
  });
});

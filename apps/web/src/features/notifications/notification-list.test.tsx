import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LOCAL_STORAGE_TOKEN_KEY, type Notification } from '@goodtable/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { jsonAnswer, stubApi } from '../../test/stub-api.ts';
import { NotificationList } from './notification-item.tsx';

const notification = (overrides: Partial<Notification> = {}): Notification => ({
  id: '0b6c1a52-6f4e-4f6e-9a53-3e8f1c2d4a10',
  object_type: 'booking',
  object_id: '7d9e3c1b-2a4f-4e8d-b6c5-1f0a9e8d7c6b',
  title: '<strong>Marco Rossi</strong> accepted the booking <strong>“Pasta night”</strong>',
  content: 'Trattoria Rossi',
  user: { first_name: 'Marco', last_name: 'Rossi' },
  is_read: false,
  created_at: new Date(Date.now() - 3 * 60_000).toISOString(),
  ...overrides,
});

function renderList(notifications: Notification[]) {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  return renderWithProviders(
    <MemoryRouter>
      <NotificationList notifications={notifications} />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('NotificationList', () => {
  it('shows the sender, the title as sanitised HTML, the content and the relative time, linking to the booking', () => {
    renderList([notification({ title: '<strong>Marco</strong> <img src="x" onerror="alert(1)"><a href="javascript:alert(1)">accepted</a><script>alert(1)</script>' })]);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/bookings/7d9e3c1b-2a4f-4e8d-b6c5-1f0a9e8d7c6b');
    expect(link.textContent).toContain('From: Marco Rossi');
    expect(link.textContent).toContain('Trattoria Rossi');
    expect(link.querySelector('strong')?.textContent).toBe('Marco');
    // Only emphasis survives: no image, script, nested link or handler.
    expect(link.querySelector('img, script, a')).toBeNull();
    expect(link.innerHTML).not.toContain('onerror');
    expect(link.textContent).toContain('accepted');
    expect(screen.getByText('3 minutes ago')).toBeTruthy();
  });

  it('names the system as sender when nobody acted, and does not announce a read one as unread', () => {
    renderList([notification({ user: null, is_read: true })]);
    expect(screen.getByRole('link').textContent).toContain('From: GoodTable');
    expect(screen.getByRole('link').textContent).not.toContain('Unread');
  });

  it('opens /account for a manager access request or answer (where restaurants answer them)', () => {
    renderList([notification({ object_type: 'manager_access', title: '<strong>Marco Rossi</strong> asked to manage <strong>Trattoria</strong>', content: '' })]);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/account');
  });

  it('opens /payments for a payout (it covers a balance, not one booking)', () => {
    renderList([notification({ object_type: 'payout', user: null, title: 'We sent a payout of <strong>A$20.00</strong> to your payout account', content: '' })]);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/payments');
  });

  it('shows the empty state', () => {
    renderList([]);
    expect(screen.getByText('You have no notifications yet.')).toBeTruthy();
  });

  it('marks it read when followed, and says "Delete Notifications error!" when deleting fails', async () => {
    const api = stubApi({
      'PUT /v1/notification/read-some': () => new Response(null, { status: 204 }),
      'DELETE /v1/notification/:id': () => jsonAnswer({}, 500),
    });
    renderList([notification()]);
    fireEvent.click(screen.getByRole('link'));
    await waitFor(() => expect(api.callsTo('PUT /v1/notification/read-some').map((call) => call.body)).toEqual([{ ids: ['0b6c1a52-6f4e-4f6e-9a53-3e8f1c2d4a10'] }]));

    fireEvent.click(screen.getByRole('button', { name: 'Delete notification' }));
    expect(await screen.findByText('Delete Notifications error!')).toBeTruthy();
  });
});

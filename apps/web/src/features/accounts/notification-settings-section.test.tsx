import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LOCAL_STORAGE_TOKEN_KEY, type NotificationSettings, type Role } from '@goodtable/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { NotificationSettingsSection } from './notification-settings-section.tsx';

const stored: NotificationSettings = { bookings: 'in_app_and_email', payments: 'in_app_and_email', tickets: 'in_app', team: 'in_app_and_email' };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API as the section sees it: GET answers `stored`, PUT answers `onPut`'s response (the saved body by default). */
function stubApi(onPut: (body: NotificationSettings) => Response = (body) => json(body)) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'PUT' ? onPut(JSON.parse(String(init.body))) : json(stored)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSection(role: Role = 'manager') {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  return renderWithProviders(<NotificationSettingsSection role={role} />);
}

const group = (name: RegExp) => screen.getByRole('group', { name });

afterEach(() => vi.unstubAllGlobals());

describe('NotificationSettingsSection', () => {
  it('shows a manager every category with the stored choice, labelled radios per category', async () => {
    const fetchMock = stubApi();
    renderSection();
    const bookings = await screen.findByRole('group', { name: /Bookings/ });
    expect(fetchMock.mock.calls[0]![0]).toBe('/v1/me/notification-settings');
    expect((within(bookings).getByRole('radio', { name: 'In-app and email' }) as HTMLInputElement).checked).toBe(true);
    expect((within(group(/Ticket sales/)).getByRole('radio', { name: 'In-app only' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('group')).toHaveLength(4);
    expect(group(/Manager access requests/)).toBeTruthy();
    expect(group(/Payments and payouts/)).toBeTruthy();
  });

  it('shows a client no manager access requests and a cause only its payouts, and keeps the hidden choices when saving', async () => {
    const fetchMock = stubApi();
    const client = renderSection('user');
    await screen.findByRole('group', { name: /Bookings/ });
    expect(screen.queryByRole('group', { name: /Manager access requests/ })).toBeNull();
    expect(screen.getAllByRole('group')).toHaveLength(3);
    client.unmount();

    renderSection('cause');
    fireEvent.click(within(await screen.findByRole('group', { name: /Payments and payouts/ })).getByRole('radio', { name: 'In-app only' }));
    expect(screen.getAllByRole('group')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved.')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ ...stored, payments: 'in_app' });
  });

  it('saves every category’s choice with PUT and says so', async () => {
    const fetchMock = stubApi();
    renderSection();
    fireEvent.click(within(await screen.findByRole('group', { name: /Bookings/ })).getByRole('radio', { name: 'In-app only' }));
    fireEvent.click(within(group(/Manager access requests/)).getByRole('radio', { name: 'In-app only' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved.')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/v1/me/notification-settings');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ ...stored, bookings: 'in_app', team: 'in_app' });
  });

  it('puts the server’s field error under its category, and a failure without one in a toast', async () => {
    let answer = json({ statusCode: 400, error: 'Bad Request', message: 'Invalid payments', code: 'validation.failed', details: [{ field: 'payments', message: 'validation.required' }] }, 400);
    stubApi(() => answer);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Save notification settings' }));
    await waitFor(() => expect(within(group(/Payments and payouts/)).getByText('This field is required.')).toBeTruthy());

    answer = json({ statusCode: 500, error: 'Internal Server Error', message: '' }, 500);
    fireEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Save Notification Settings error!')).toBeTruthy();
  });
});

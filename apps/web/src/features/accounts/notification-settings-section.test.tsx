import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LOCAL_STORAGE_TOKEN_KEY, type NotificationSettings, type Role } from '@goodtable/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { jsonAnswer, stubApi } from '../../test/stub-api.ts';
import { NotificationSettingsSection } from './notification-settings-section.tsx';

const stored: NotificationSettings = { bookings: 'in_app_and_email', payments: 'in_app_and_email', tickets: 'in_app', team: 'in_app_and_email' };
const SETTINGS = '/v1/me/notification-settings';

/** The API as the section sees it: GET answers `stored`, PUT answers `onPut`'s response (the saved body by default). */
function stubSettings(onPut: (body: NotificationSettings) => Response = (body) => jsonAnswer(body)) {
  return stubApi({ [`GET ${SETTINGS}`]: stored, [`PUT ${SETTINGS}`]: (request) => onPut(request.body as NotificationSettings) });
}

function renderSection(role: Role = 'manager') {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  return renderWithProviders(<NotificationSettingsSection role={role} />);
}

const group = (name: RegExp) => screen.getByRole('group', { name });

afterEach(() => vi.unstubAllGlobals());

describe('NotificationSettingsSection', () => {
  it('shows a manager every category with the stored choice, labelled radios per category', async () => {
    const api = stubSettings();
    renderSection();
    const bookings = await screen.findByRole('group', { name: /Bookings/ });
    expect(api.calls.map((call) => call.url)).toEqual([SETTINGS]);
    expect((within(bookings).getByRole('radio', { name: 'In-app and email' }) as HTMLInputElement).checked).toBe(true);
    expect((within(group(/Ticket sales/)).getByRole('radio', { name: 'In-app only' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('group')).toHaveLength(4);
    expect(group(/Manager access requests/)).toBeTruthy();
    expect(group(/Payments and payouts/)).toBeTruthy();
  });

  it('shows a client no manager access requests and a cause only its payouts, and keeps the hidden choices when saving', async () => {
    const api = stubSettings();
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
    expect(api.callsTo(`PUT ${SETTINGS}`).map((call) => call.body)).toEqual([{ ...stored, payments: 'in_app' }]);
  });

  it('saves every category’s choice with PUT and says so', async () => {
    const api = stubSettings();
    renderSection();
    fireEvent.click(within(await screen.findByRole('group', { name: /Bookings/ })).getByRole('radio', { name: 'In-app only' }));
    fireEvent.click(within(group(/Manager access requests/)).getByRole('radio', { name: 'In-app only' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved.')).toBeTruthy();
    expect(api.callsTo(`PUT ${SETTINGS}`).map((call) => call.body)).toEqual([{ ...stored, bookings: 'in_app', team: 'in_app' }]);
  });

  it('puts the server’s field error under its category, and a failure without one in a toast', async () => {
    let answer = jsonAnswer({ statusCode: 400, error: 'Bad Request', message: 'Invalid payments', code: 'validation.failed', details: [{ field: 'payments', message: 'validation.required' }] }, 400);
    stubSettings(() => answer);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Save notification settings' }));
    await waitFor(() => expect(within(group(/Payments and payouts/)).getByText('This field is required.')).toBeTruthy());

    answer = jsonAnswer({ statusCode: 500, error: 'Internal Server Error', message: '' }, 500);
    fireEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Save Notification Settings error!')).toBeTruthy();
  });
});

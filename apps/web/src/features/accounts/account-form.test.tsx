import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Me } from '@goodtable/shared';
import { createQueryClient } from '../../lib/query-client.ts';
import { meQuery } from '../../lib/session.ts';
import { storeToken } from '../../lib/stored-token.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { jsonAnswer, stubApi } from '../../test/stub-api.ts';
import { testUser } from '../../test/users.ts';
import { AccountForm } from './account-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderForm(user: Me = testUser({ role: 'user' })) {
  storeToken({ access_token: 'session-token', expires_at: '2999-01-01T00:00:00.000Z' });
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQuery().queryKey, user);
  return renderWithProviders(<AccountForm user={user} />, queryClient);
}

const currentPassword = () => screen.queryByLabelText('Current password');

describe('Account form: changing the email address needs the current password', () => {
  it('asks for the current password only while the email differs from the saved one', () => {
    renderForm();
    expect(currentPassword()).toBeNull();

    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'mai.new@example.com' } });
    const field = currentPassword() as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(field.autocomplete).toBe('current-password');

    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: ' MAI@example.com ' } });
    expect(currentPassword()).toBeNull();
  });

  it('refuses to send a new address without the password, then sends it with the password', async () => {
    const api = stubApi({ 'PUT /v1/me': testUser({ role: 'user', email: 'mai.new@example.com', is_verified: false }) });
    renderForm();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'mai.new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter your current password to change your email address.')).toBeTruthy();
    expect(api.calls).toEqual([]);

    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT /v1/me')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/me')[0]!.body).toMatchObject({ email: 'mai.new@example.com', current_password: 'old-secret-1' });
    // The toast library loads with the first toast: allow for that chunk on a busy machine.
    expect(await screen.findByText(/We sent a verification email to mai\.new@example\.com/, undefined, { timeout: 5000 })).toBeTruthy();
  });

  it("shows the server's answer for a wrong password under that field", async () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'Invalid', details: [{ field: 'current_password', message: 'validation.currentPasswordWrong' }] };
    stubApi({ 'PUT /v1/me': () => jsonAnswer(body, 400) });
    renderForm();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'mai.new@example.com' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'not-it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
  });

  it('takes a time zone saved elsewhere (the time-zone prompt) unless the user edited that field', async () => {
    const user = testUser({ role: 'user', timezone: 'Asia/Ho_Chi_Minh' });
    const { rerender } = renderForm(user);
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Hoi An' } });
    await act(async () => rerender(<AccountForm user={{ ...user, timezone: 'Australia/Melbourne', location: 'Melbourne' }} />));
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe('Australia/Melbourne');
    expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('Hoi An');
  });
});

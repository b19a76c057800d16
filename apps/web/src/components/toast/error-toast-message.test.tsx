import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { TOAST_AUTO_CLOSE_MS } from '@goodtable/shared';
import { ApiRequestError } from '../../lib/api-error.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { createTestI18n } from '../../test/test-i18n.ts';
import { errorToastMessage } from './error-toast-message.ts';
import { useErrorToast } from './use-error-toast.ts';

const i18n = createTestI18n();
const translator = { exists: (key: string) => i18n.exists(key), t: (key: string) => i18n.t(key) };

function apiError(message: string, code?: string) {
  return new ApiRequestError({ statusCode: 400, error: 'Bad Request', message, ...(code ? { code } : {}) });
}

describe('errorToastMessage', () => {
  it("shows the server's message", () => {
    expect(errorToastMessage({ error: apiError('Menu is sold out'), fallbackMessage: 'Get Cause error!', translator })).toBe('Menu is sold out');
  });

  it("translates the server's message when the locale has a text for its code", () => {
    expect(errorToastMessage({ error: apiError('Email or password is wrong', 'auth.invalidCredentials'), fallbackMessage: 'Sign in error!', translator })).toBe(
      'The email address or password is incorrect.',
    );
  });

  it("keeps the server's message when its code has no text", () => {
    expect(errorToastMessage({ error: apiError('Booking is locked', 'bookings.locked'), fallbackMessage: 'Fallback', translator })).toBe('Booking is locked');
  });

  it('falls back to the default when the server gave no message', () => {
    expect(errorToastMessage({ error: apiError('  '), fallbackMessage: 'Get Notifications error!', translator })).toBe('Get Notifications error!');
  });

  it('falls back to the default for errors that did not come from the API', () => {
    expect(errorToastMessage({ error: new Error('boom'), fallbackMessage: 'Subscription error.', translator })).toBe('Subscription error.');
  });
});

function FailingCall({ error, fallback }: { error: unknown; fallback: string }) {
  const showErrorToast = useErrorToast();
  return (
    <button type="button" onClick={() => showErrorToast(error, fallback)}>
      fail
    </button>
  );
}

describe('error toast', () => {
  it('is announced, dismissible by keyboard and closes by itself after 3000 ms', async () => {
    renderWithProviders(<FailingCall error={apiError('')} fallback="Get Bookings Account Detail error!" />);
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Get Bookings Account Detail error!');
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();
    const dismiss = screen.getByRole('button', { name: 'Dismiss notification' });
    dismiss.focus();
    fireEvent.keyDown(dismiss, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'fail' }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20);
      });
      expect(screen.getByRole('alert')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(TOAST_AUTO_CLOSE_MS - 100);
      });
      expect(screen.queryByRole('alert')).not.toBeNull();
      // Sonner removes the toast at 3000 ms, then lets its exit animation run before unmounting it.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100 + 400);
      });
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

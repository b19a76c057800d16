import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LOCAL_STORAGE_TOKEN_KEY } from '@goodtable/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { stubApi } from '../../test/stub-api.ts';
import { testUser } from '../../test/users.ts';
import { publicConfigQuery } from './auth-api.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as { google?: unknown }).google;
});

describe('GoogleSignInButton', () => {
  it('is absent, and loads no Google script, when the server has no client id', async () => {
    stubApi({ 'GET /v1/config': { google_client_id: null } });
    const appendChild = vi.spyOn(document.head, 'appendChild');
    const { queryClient } = renderWithProviders(
      <MemoryRouter>
        <GoogleSignInButton redirect={null} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(queryClient.getQueryData(publicConfigQuery().queryKey)).toEqual({ google_client_id: null }));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
    expect(appendChild.mock.calls.some(([node]) => (node as HTMLScriptElement).src?.includes('accounts.google.com'))).toBe(false);
  });

  it('loads Google Identity Services with the client id and sends its ID token to POST /v1/auth/google', async () => {
    const api = stubApi({
      'GET /v1/config': { google_client_id: 'client-123.apps.googleusercontent.com' },
      'POST /v1/auth/google': { user: testUser({ role: 'cause' }), token: { access_token: 'session-token', expires_at: '2030-01-01T00:00:00.000Z' } },
    });
    let initializedWith: { client_id: string; callback: (response: { credential: string }) => void } | undefined;
    const google = {
      accounts: {
        id: {
          initialize: (options: typeof initializedWith) => {
            initializedWith = options;
          },
          renderButton: (element: HTMLElement) => {
            const button = document.createElement('button');
            button.textContent = 'Sign in with Google';
            button.addEventListener('click', () => initializedWith?.callback({ credential: 'header.payload.signature' }));
            element.appendChild(button);
          },
        },
      },
    };
    const realAppend = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      const script = node as unknown as HTMLScriptElement;
      if (script.src?.startsWith('https://accounts.google.com/gsi/client')) {
        (window as { google?: unknown }).google = google;
        queueMicrotask(() => script.onload?.(new Event('load')));
        return node;
      }
      return realAppend(node);
    });

    renderWithProviders(
      <MemoryRouter>
        <GoogleSignInButton redirect="/bookings" role="cause" />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(initializedWith?.client_id).toBe('client-123.apps.googleusercontent.com');
    await waitFor(() => expect(localStorage.getItem(LOCAL_STORAGE_TOKEN_KEY)).toContain('session-token'));
    expect(api.callsTo('POST /v1/auth/google').map((call) => call.body)).toEqual([{ credential: 'header.payload.signature', role: 'cause', language: 'en' }]);
  });
});

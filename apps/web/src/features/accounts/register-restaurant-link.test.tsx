import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { Me } from '@goodtable/shared';
import { storeToken } from '../../lib/stored-token.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { jsonAnswer, stubApi } from '../../test/stub-api.ts';
import { testUser } from '../../test/users.ts';
import { RegisterRestaurantLink } from './register-restaurant-link.tsx';

// The Warning dialog is a lazy chunk in the app; loaded up front here, the tests wait for the session's answer, not
// for that chunk.
await import('./signed-in-warning-dialog.tsx');

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderLink() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <RegisterRestaurantLink>Register as a restaurant</RegisterRestaurantLink>
            <Location />
          </>
        ),
      },
      { path: '/register-as-a-restaurant', element: <Location /> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

/** GET /v1/me answers only when the test says so: the session is "still being checked" until then. */
function holdSessionCheck(): (answer: Me | null) => void {
  storeToken({ access_token: 'stored-token', expires_at: '2999-01-01T00:00:00.000Z' });
  let answer: (response: Response) => void = () => {};
  stubApi({ 'GET /v1/me': () => new Promise<Response>((resolve) => (answer = resolve)) });
  return (me) => answer(me ? jsonAnswer(me) : jsonAnswer({ statusCode: 401, error: 'Unauthorized', message: 'Authentication required' }, 401));
}

afterEach(() => vi.unstubAllGlobals());

describe('RegisterRestaurantLink', () => {
  it('leads a signed-out visitor to the registration page', async () => {
    renderLink();
    fireEvent.click(screen.getByRole('link', { name: 'Register as a restaurant' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/register-as-a-restaurant'));
  });

  it('clicked while the stored session is checked, shows the Warning once it proves signed in', async () => {
    const answerSessionCheck = holdSessionCheck();
    renderLink();
    fireEvent.click(screen.getByRole('link', { name: 'Register as a restaurant' }));
    expect(screen.getByTestId('location').textContent).toBe('/');

    answerSessionCheck(testUser({ role: 'user' }));
    expect(await screen.findByRole('dialog', { name: 'Warning' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('clicked while the stored session is checked, follows the link once the session proves invalid', async () => {
    const answerSessionCheck = holdSessionCheck();
    renderLink();
    fireEvent.click(screen.getByRole('link', { name: 'Register as a restaurant' }));
    expect(screen.getByTestId('location').textContent).toBe('/');

    answerSessionCheck(null);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/register-as-a-restaurant'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

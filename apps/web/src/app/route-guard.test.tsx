import { describe, expect, it, vi, afterEach } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { Me, Role } from '@goodtable/shared';
import { createQueryClient } from '../lib/query-client.ts';
import { meQuery } from '../lib/session.ts';
import { sessionLanding, setSessionLanding } from '../lib/sign-in-landing.ts';
import { storeToken } from '../lib/stored-token.ts';
import { renderWithProviders } from '../test/render.tsx';
import { jsonAnswer, neverAnswers, stubApi } from '../test/stub-api.ts';
import { testUser } from '../test/users.ts';
import { RouteGuard } from './route-guard.tsx';

function CurrentLocation({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="screen">{`${name} ${location.pathname}${location.search}`}</p>;
}

const guardedPaths = ['/account', '/sub-manager/add', '/sign-in', '/about'];

function renderAt(path: string, session: Me | null | 'loading') {
  const queryClient = createQueryClient();
  if (session !== 'loading') queryClient.setQueryData(meQuery().queryKey, session);
  const router = createMemoryRouter(
    [
      ...guardedPaths.map((guardedPath) => ({
        path: guardedPath,
        element: (
          <RouteGuard>
            <CurrentLocation name="guarded" />
          </RouteGuard>
        ),
      })),
      { path: '/signing-in', element: <CurrentLocation name="signing-in" /> },
      { path: '/404', element: <CurrentLocation name="not-found" /> },
      {
        path: '/',
        element: (
          <RouteGuard>
            <CurrentLocation name="home" />
          </RouteGuard>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, queryClient);
  return router;
}

const asRole = (role: Role) => testUser({ role });

afterEach(() => vi.unstubAllGlobals());

describe('RouteGuard', () => {
  it('allows an admitted role onto a signed-in route', async () => {
    renderAt('/sub-manager/add', asRole('manager'));
    expect((await screen.findByTestId('screen')).textContent).toBe('guarded /sub-manager/add');
  });

  it('sends a signed-out visitor to /signing-in with the original path and query', async () => {
    const router = renderAt('/account?tab=security', null);
    expect((await screen.findByTestId('screen')).textContent).toBe('signing-in /signing-in?redirect=%2Faccount%3Ftab%3Dsecurity');
    expect(router.state.location.pathname).toBe('/signing-in');
  });

  it('sends a role the route does not admit to /404', async () => {
    renderAt('/sub-manager/add', asRole('user'));
    expect((await screen.findByTestId('screen')).textContent).toBe('not-found /404');
  });

  it('sends a signed-in user away from a signed-out-only route to /', async () => {
    renderAt('/sign-in', asRole('seller'));
    expect((await screen.findByTestId('screen')).textContent).toBe('home /');
  });

  it('lets a signed-out visitor onto a signed-out-only route', async () => {
    renderAt('/sign-in', null);
    expect((await screen.findByTestId('screen')).textContent).toBe('guarded /sign-in');
  });

  it('waits for the session before deciding on a signed-in route, but not on a public one', async () => {
    storeToken({ access_token: 'pending-token', expires_at: '2999-01-01T00:00:00.000Z' });
    stubApi({ 'GET /v1/me': neverAnswers });
    renderAt('/account', 'loading');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByTestId('screen')).toBeNull();
  });

  it('renders a public route while the session is still loading', async () => {
    storeToken({ access_token: 'pending-token', expires_at: '2999-01-01T00:00:00.000Z' });
    stubApi({ 'GET /v1/me': neverAnswers });
    renderAt('/about', 'loading');
    expect((await screen.findByTestId('screen')).textContent).toBe('guarded /about');
  });

  it('after signing out, the screen left goes to the landing, which is forgotten once it shows', async () => {
    setSessionLanding('/');
    const router = renderAt('/account', null);
    expect((await screen.findByTestId('screen')).textContent).toBe('home /');
    expect(router.state.location.pathname).toBe('/');
    expect(sessionLanding).toBeUndefined();
  });

  it('treats a failed session load as signed out and removes the token', async () => {
    storeToken({ access_token: 'revoked-token', expires_at: '2999-01-01T00:00:00.000Z' });
    stubApi({ 'GET /v1/me': () => jsonAnswer({ statusCode: 401, error: 'Unauthorized', message: 'Authentication required' }, 401) });
    renderAt('/account', 'loading');
    await waitFor(() => expect(screen.getByTestId('screen').textContent).toBe('signing-in /signing-in?redirect=%2Faccount'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

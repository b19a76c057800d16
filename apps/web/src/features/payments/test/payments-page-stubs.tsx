import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { LOCAL_STORAGE_TOKEN_KEY, type Role } from '@goodtable/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { testUser } from '../../../test/users.ts';

/** What the payments pages' unit tests share: ids, a booking as the lists show it, the API stub and the render. */
export const BOOKING = '0b6f0c3e-9b21-4a57-9d1c-6a1f0c3e9b21';
export const PAYMENT = '7e1f0c3e-9b21-4a57-9d1c-6a1f0c3e9b21';
export const listedBooking = { id: BOOKING, title: 'Dinner for the shelter', date: null, restaurant: { id: BOOKING, name: 'Pho Mai' }, cause: { id: BOOKING, name: 'Hope Kitchen' } };

/**
 * Stubs `fetch`: the session is a `role` user's, URLs starting with `listPath` answer `list` (200 unless `status`),
 * anything else 404. Undo with `vi.unstubAllGlobals()`.
 */
export function stubPaymentsApi({ role, listPath, list, status = 200 }: { role: Role; listPath: string; list: unknown; status?: number }) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith(listPath)) return Response.json(list, { status });
    if (url.startsWith('/v1/me')) return Response.json(testUser({ role }));
    return Response.json({ statusCode: 404, error: 'Not Found', message: 'Unknown' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders `page` at `path` for a signed-in viewer (a stored token; the stub answers who it is). */
export function renderSignedIn(path: string, page: ReactNode) {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  renderWithProviders(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);
}

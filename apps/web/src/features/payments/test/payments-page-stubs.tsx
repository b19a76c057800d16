import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { LOCAL_STORAGE_TOKEN_KEY, type Role } from '@goodtable/shared';
import { renderWithProviders } from '../../../test/render.tsx';
import { jsonAnswer, stubApi } from '../../../test/stub-api.ts';
import { testUser } from '../../../test/users.ts';

/** What the payments pages' unit tests share: ids, a booking as the lists show it, the API stub and the render. */
export const BOOKING = '0b6f0c3e-9b21-4a57-9d1c-6a1f0c3e9b21';
export const PAYMENT = '7e1f0c3e-9b21-4a57-9d1c-6a1f0c3e9b21';
export const listedBooking = { id: BOOKING, title: 'Dinner for the shelter', date: null, restaurant: { id: BOOKING, name: 'Pho Mai' }, cause: { id: BOOKING, name: 'Hope Kitchen' } };

const NO_CHOICES = { data: [], page: 1, limit: 100, totalPages: 0, totalResults: 0 };

/**
 * Stubs the API: the session is a `role` user's, GET `listPath` (a path, without query) answers `list` (200 unless
 * `status`), the filters find nothing to choose from. Undo with `vi.unstubAllGlobals()`.
 */
export function stubPaymentsApi({ role, listPath, list, status = 200 }: { role: Role; listPath: string; list: unknown; status?: number }) {
  return stubApi({
    'GET /v1/me': testUser({ role }),
    [`GET ${listPath}`]: () => jsonAnswer(list, status),
    // The filters' choices: a cause's causes, a manager's restaurants.
    'GET /v1/users/:id/causes': NO_CHOICES,
    'GET /v1/managers/:id/restaurants': NO_CHOICES,
  });
}

/** Renders `page` at `path` for a signed-in viewer (a stored token; the stub answers who it is). */
export function renderSignedIn(path: string, page: ReactNode) {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  renderWithProviders(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);
}

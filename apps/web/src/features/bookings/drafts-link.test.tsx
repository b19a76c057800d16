import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LOCAL_STORAGE_TOKEN_KEY, type Role } from '@goodtable/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { jsonAnswer, stubApi } from '../../test/stub-api.ts';
import { testUser } from '../../test/users.ts';
import { DraftsArchiveLink } from './drafts-link.tsx';

/** The API answering the client's draft count with `status` and `body`. */
const stubDrafts = (status: number, body: unknown) => stubApi({ 'GET /v1/users/:id/bookings': () => jsonAnswer(body, status) });

function renderLink(role: Role) {
  const user = testUser({ role });
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  const { queryClient } = renderWithProviders(
    <MemoryRouter>
      <DraftsArchiveLink user={user} />
    </MemoryRouter>,
  );
  return { user, queryClient };
}

afterEach(() => vi.unstubAllGlobals());

describe('DraftsArchiveLink', () => {
  it('asks for one draft of the client and links the archive when there is at least one', async () => {
    const api = stubDrafts(200, { data: [], page: 1, limit: 1, totalPages: 3, totalResults: 3 });
    const { user } = renderLink('user');
    const link = await screen.findByRole('link', { name: 'Drafts archive (3)' });
    expect(link.getAttribute('href')).toBe('/bookings?status=DRAFT');
    expect(api.calls.map((call) => call.url)).toEqual([`/v1/users/${user.id}/bookings?status=DRAFT&limit=1`]);
  });

  it('shows no link without drafts', async () => {
    stubDrafts(200, { data: [], page: 1, limit: 1, totalPages: 0, totalResults: 0 });
    const { queryClient } = renderLink('user');
    // The answer has been read (the query succeeded) before the absence of the link proves anything.
    await waitFor(() => expect(queryClient.getQueryCache().getAll().map((query) => query.state.status)).toEqual(['success']));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows "Get Events Draft error!" when the check fails without a server message', async () => {
    stubDrafts(502, 'Bad gateway');
    renderLink('user');
    expect(await screen.findByText('Get Events Draft error!')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('never asks for drafts of the other roles', async () => {
    const api = stubApi({});
    renderLink('seller');
    // Effects have run: a query the component started would have called by now.
    await act(async () => undefined);
    expect(api.calls).toEqual([]);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LOCAL_STORAGE_TOKEN_KEY, type Role } from '@goodtable/shared';
import { renderWithProviders } from '../../test/render.tsx';
import { testUser } from '../../test/users.ts';
import { DraftsArchiveLink } from './drafts-link.tsx';

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLink(role: Role) {
  const user = testUser({ role });
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  renderWithProviders(
    <MemoryRouter>
      <DraftsArchiveLink user={user} />
    </MemoryRouter>,
  );
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('DraftsArchiveLink', () => {
  it('asks for one draft of the client and links the archive when there is at least one', async () => {
    const fetchMock = stubFetch(200, { data: [], page: 1, limit: 1, totalPages: 3, totalResults: 3 });
    const user = renderLink('user');
    const link = await screen.findByRole('link', { name: 'Drafts archive (3)' });
    expect(link.getAttribute('href')).toBe('/bookings?status=DRAFT');
    expect(fetchMock.mock.calls[0]![0]).toBe(`/v1/users/${user.id}/bookings?status=DRAFT&limit=1`);
  });

  it('shows no link without drafts', async () => {
    const fetchMock = stubFetch(200, { data: [], page: 1, limit: 1, totalPages: 0, totalResults: 0 });
    renderLink('user');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows "Get Events Draft error!" when the check fails without a server message', async () => {
    stubFetch(502, 'Bad gateway');
    renderLink('user');
    expect(await screen.findByText('Get Events Draft error!')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('never asks for drafts of the other roles', async () => {
    const fetchMock = stubFetch(200, { data: [], page: 1, limit: 1, totalPages: 1, totalResults: 1 });
    renderLink('seller');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { LOCAL_STORAGE_TOKEN_KEY } from '@goodtable/shared';
import { AppToaster } from '../../components/toast/toast-context.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { meQuery } from '../../lib/session.ts';
import { jsonAnswer, stubApi } from '../../test/stub-api.ts';
import { testUser } from '../../test/users.ts';
import common from '../../../public/locales/en/common.json';
import causes from '../../../public/locales/en/causes.json';
import { CausesDropdown } from './causes-dropdown.tsx';

function renderDropdown(role: 'cause' | 'user') {
  const queryClient = createQueryClient();
  const user = testUser({ role });
  queryClient.setQueryData(meQuery().queryKey, user);
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ access_token: 'token', expires_at: '2999-01-01T00:00:00.000Z' }));
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    defaultNS: 'common',
    fallbackNS: 'common',
    ns: ['common', 'causes'],
    resources: { en: { common, causes } },
    initAsync: false,
    react: { useSuspense: false },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          {children}
          <AppToaster />
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
  return { ...render(<CausesDropdown />, { wrapper }), user };
}

/** The API answering the cause user's causes with `status` and `body`. */
const stubCauses = (status: number, body: unknown) => stubApi({ 'GET /v1/users/:id/causes': () => jsonAnswer(body, status) });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const item = (id: string, name: string) => ({ id, slug: name.toLowerCase(), name, category: 'health', logo: null, country: 'AU', published: true, created_at: '2025-01-01T00:00:00.000Z' });

describe('CausesDropdown', () => {
  it("loads the cause user's 10 newest causes and lists them with Add a cause", async () => {
    const api = stubCauses(200, { data: [item('7d3c0a3e-93c4-4f4e-9a4b-5d2f7d1f0a01', 'Reef Rescue'), item('7d3c0a3e-93c4-4f4e-9a4b-5d2f7d1f0a02', 'Book Club')] });
    const { user } = renderDropdown('cause');
    await waitFor(() => expect(api.calls.map((call) => call.url)).toEqual([`/v1/users/${user.id}/causes?limit=10&sortBy=created_at%3Adesc`]));
    fireEvent.click(screen.getByRole('button', { name: 'My causes' }));
    expect((await screen.findByRole('menuitem', { name: /Reef Rescue/ })).getAttribute('href')).toBe('/cause-profile?causeId=7d3c0a3e-93c4-4f4e-9a4b-5d2f7d1f0a01');
    expect(screen.getAllByRole('menuitem').map((element) => element.textContent)).toEqual(['RReef Rescue', 'BBook Club', 'Add a cause']);
    expect(screen.getByRole('menuitem', { name: 'Add a cause' }).getAttribute('href')).toBe('/add-cause');
  });

  it('shows "Get Cause error!" when loading fails without a server message', async () => {
    stubCauses(500, { statusCode: 500, error: 'Internal Server Error', message: '' });
    renderDropdown('cause');
    expect((await screen.findByRole('alert')).textContent).toContain('Get Cause error!');
  });

  it('renders nothing and calls nothing for other roles', () => {
    const api = stubApi({});
    renderDropdown('user');
    expect(screen.queryByRole('button', { name: 'My causes' })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});

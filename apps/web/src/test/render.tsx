import type { ReactElement, ReactNode } from 'react';
import { afterEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { AppToaster } from '../components/toast/toast-context.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createTestI18n } from './test-i18n.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** Renders `ui` with the app's providers (query client, English texts, toasts). */
export function renderWithProviders(ui: ReactElement, queryClient: QueryClient = createQueryClient()) {
  const i18n = createTestI18n();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {children}
        <AppToaster />
      </I18nextProvider>
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper }), queryClient, i18n };
}

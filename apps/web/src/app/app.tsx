import { Suspense, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BlankLoading } from '../components/feedback/page-loading.tsx';
import { AppToaster } from '../components/toast/toast-context.ts';
import { AppRouter } from './router.tsx';

export type AppProps = {
  /** The page's data: empty in the browser, or filled with what the server rendered the page from. */
  queryClient: QueryClient;
  /** The browser's router, or on the server one fixed at the address being rendered. */
  router: ComponentType<{ children: ReactNode }>;
};

/** The whole app, the same in the browser and in the server's render of a public page. */
export function App({ queryClient, router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BlankLoading />}>
        <AppRouter router={router} />
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}

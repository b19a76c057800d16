import { Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { BlankLoading } from '../components/feedback/page-loading.tsx';
import { ToastProvider } from '../components/toast/toast-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { createAppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BlankLoading />}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </Suspense>
    </QueryClientProvider>
  );
}

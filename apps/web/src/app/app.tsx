import { Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BlankLoading } from '../components/feedback/page-loading.tsx';
import { AppToaster } from '../components/toast/toast-context.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BlankLoading />}>
        <AppRouter />
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}

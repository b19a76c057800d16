import { Suspense } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { ROUTE_ACCESS } from '@goodtable/shared';
import { PageLoading } from '../components/feedback/page-loading.tsx';
import { LayoutSlotsContext } from '../components/layouts/layout-slots.tsx';
import { AvailableScreensContext } from '../lib/available-screens.ts';
import { useClearSessionOnUnauthorized } from '../lib/session.ts';
import { AppErrorPage } from '../components/errors/app-error-page.tsx';
import { NotFoundPage } from '../components/errors/not-found-page.tsx';
import { CompleteProfileGate } from '../features/restaurants/complete-profile-gate.tsx';
import { CauseProfileGate } from '../features/causes/require-cause.tsx';
import { layoutSlots } from './layout-slots.tsx';
import { RouteGuard } from './route-guard.tsx';
import { routeScreens } from './route-screens.tsx';

const availableScreens: ReadonlySet<string> = new Set(Object.keys(routeScreens));

function RootShell() {
  useClearSessionOnUnauthorized();
  return (
    <AvailableScreensContext.Provider value={availableScreens}>
      <LayoutSlotsContext.Provider value={layoutSlots}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
        <ScrollRestoration />
      </LayoutSlotsContext.Provider>
    </AvailableScreensContext.Provider>
  );
}

/** One route per row of the route-access table, each guarded by it; any other path shows the 404 page. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <AppErrorPage />,
    children: [
      ...ROUTE_ACCESS.map((row) => ({
        path: row.path,
        element: (
          <RouteGuard>
            <CompleteProfileGate>
              <CauseProfileGate>{routeScreens[row.path] ?? <NotFoundPage />}</CauseProfileGate>
            </CompleteProfileGate>
          </RouteGuard>
        ),
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

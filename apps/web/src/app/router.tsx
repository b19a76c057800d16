import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { ROUTE_ACCESS } from '@goodtable/shared';
import { AppErrorBoundary } from '../components/errors/app-error-boundary.tsx';
import { PageLoading } from '../components/feedback/page-loading.tsx';
import { LayoutSlotsContext } from '../components/layouts/layout-slots.tsx';
import { RegisterRestaurantRedirectWarning } from '../features/accounts/register-restaurant-link.tsx';
import { AvailableScreensContext } from '../lib/available-screens.ts';
import { useClearSessionOnUnauthorized } from '../lib/session.ts';
import { useScrollToTopOnNavigation } from '../hooks/use-scroll-to-top-on-navigation.ts';
import { layoutSlots } from './layout-slots.tsx';
import { ProfileGates } from './profile-gates.tsx';
import { RouteGuard } from './route-guard.tsx';
import { NotFoundPage, routeScreens } from './route-screens.tsx';
import { UntilHydrated } from '../components/until-hydrated.tsx';

const availableScreens: ReadonlySet<string> = new Set(Object.keys(routeScreens));

/**
 * One route per row of the route-access table, each guarded by it; any other path shows the 404 page. Declarative
 * routing (no data router): the app loads its data with TanStack Query, and the data router's extra code would
 * not fit the public pages' JavaScript budget (docs/decisions/0052-public-pages-javascript-budget.md).
 */
function AppRoutes() {
  useClearSessionOnUnauthorized();
  useScrollToTopOnNavigation();
  return (
    <AvailableScreensContext.Provider value={availableScreens}>
      <LayoutSlotsContext.Provider value={layoutSlots}>
        <Suspense fallback={<PageLoading />}>
          <UntilHydrated>
            <Routes>
              {ROUTE_ACCESS.map((row) => (
                <Route
                  key={row.path}
                  path={row.path}
                  element={
                    <RouteGuard>
                      <ProfileGates>{routeScreens[row.path] ?? <NotFoundPage />}</ProfileGates>
                    </RouteGuard>
                  }
                />
              ))}
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </UntilHydrated>
        </Suspense>
        <RegisterRestaurantRedirectWarning />
      </LayoutSlotsContext.Provider>
    </AvailableScreensContext.Provider>
  );
}

/** The routes inside `router`: the browser's history, or the server's fixed address (entry-server.tsx). */
export function AppRouter({ router: Router }: { router: ComponentType<{ children: ReactNode }> }) {
  return (
    <Router>
      <AppErrorBoundary>
        <AppRoutes />
      </AppErrorBoundary>
    </Router>
  );
}

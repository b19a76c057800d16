import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { ApiError, Locale } from '@goodtable/shared';
import { ApiRequestError, hasErrorStatus } from './api-error.ts';
import type { NamespaceTexts } from './i18n.ts';

/**
 * What the server rendered a public page from, sent with the page for the browser to hydrate it from the same:
 * the language, the texts of the namespaces the page used and the answers of the API calls it made
 * (docs/decisions/0231-public-pages-rendered-by-react-on-the-server.md).
 */
export type ServerRenderState = { language: Locale; texts: NamespaceTexts; queries: DehydratedState };

/** The `<script type="application/json">` element holding the state, after the page's root element. */
export const SERVER_RENDER_ELEMENT_ID = 'server-render';

/** The state the served page came with; undefined for a page the server did not render (signed-in screens). */
export function readServerRender(): ServerRenderState | undefined {
  const text = document.getElementById(SERVER_RENDER_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerRenderState) : undefined;
}

/** Statuses that make a public page show the 404 page: sent with the page, which is then served as the 404 page. */
const NOT_FOUND_STATUSES = [400, 404];

/** The answers a page is sent with: its data, and the "not found" its 404 page is drawn from. */
export function dehydratePage(queryClient: QueryClient): DehydratedState {
  return dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || (query.state.status === 'error' && hasErrorStatus(query.state.error, NOT_FOUND_STATUSES)),
  });
}

/**
 * Puts the answers a page was sent with in `queryClient`, each error again the API client's error (JSON keeps its
 * body). The cache's own `build` with their state, rather than TanStack's `hydrate`: every public page's first load
 * carries this, within its JavaScript budget.
 */
export function hydratePage(queryClient: QueryClient, state: DehydratedState): void {
  for (const { queryKey, queryHash, state: queryState } of state.queries) {
    const error = queryState.error === null ? null : new ApiRequestError((queryState.error as unknown as { body: ApiError }).body);
    // A "not found" stays shown rather than being asked again as the page mounts (which would show it loading).
    if (error) queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
    queryClient.getQueryCache().build(queryClient, { queryKey, queryHash }, { ...queryState, error });
  }
}

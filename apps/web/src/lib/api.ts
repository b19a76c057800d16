import { createApiClient } from './api-client.ts';
import { currentLocale } from './i18n.ts';

let unauthorizedHandler: (() => void) | undefined;

/** The session layer registers what happens when the server says the token is no longer valid. */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  unauthorizedHandler = handler;
}

/** Authenticated client (docs/product.md, API calls): sends the stored bearer token. */
export const authenticatedApi = createApiClient({
  authenticated: true,
  getLanguage: () => currentLocale(),
  onUnauthorized: () => unauthorizedHandler?.(),
});

/** Public client (docs/product.md, API calls): sends no token. */
export const publicApi = createApiClient({ authenticated: false, getLanguage: () => currentLocale() });

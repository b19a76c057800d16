import { LOCAL_STORAGE_TOKEN_KEY, type AccessToken } from '@goodtable/shared';

// A plain check rather than the shared zod schema: this runs on every page's first load, where zod would not fit the
// JavaScript budget (docs/decisions/0052-public-pages-javascript-budget.md).
function isAccessToken(value: unknown): value is AccessToken {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Record<string, unknown>;
  return typeof token.access_token === 'string' && typeof token.expires_at === 'string';
}

/**
 * The session token kept in localStorage under `token` as JSON `{access_token, expires_at}` (docs/product.md, Entities and API calls).
 * A value that cannot be parsed is removed, so a broken token never lingers.
 */
export function readStoredToken(): AccessToken | null {
  // The server's render of a public page has no storage: it renders for a visitor without a session.
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(LOCAL_STORAGE_TOKEN_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isAccessToken(parsed) && parsed.access_token) return { access_token: parsed.access_token, expires_at: parsed.expires_at };
  } catch {
    // Not JSON: fall through and remove it.
  }
  localStorage.removeItem(LOCAL_STORAGE_TOKEN_KEY);
  return null;
}

export function storeToken(token: AccessToken): void {
  localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify(token));
}

export function removeStoredToken(): void {
  localStorage.removeItem(LOCAL_STORAGE_TOKEN_KEY);
}

export function hasStoredToken(): boolean {
  return readStoredToken() !== null;
}

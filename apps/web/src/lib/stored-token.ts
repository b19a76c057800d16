import { accessTokenSchema, LOCAL_STORAGE_TOKEN_KEY, type AccessToken } from '@goodtable/shared';

/**
 * The session token kept in localStorage under `token` as JSON `{access_token, expires_at}` (SPEC.md §3, §7).
 * A value that cannot be parsed is removed, so a broken token never lingers.
 */
export function readStoredToken(): AccessToken | null {
  const raw = localStorage.getItem(LOCAL_STORAGE_TOKEN_KEY);
  if (raw === null) return null;
  try {
    const parsed = accessTokenSchema.safeParse(JSON.parse(raw));
    if (parsed.success && parsed.data.access_token) return parsed.data;
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

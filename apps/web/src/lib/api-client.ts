import { readStoredToken } from './stored-token.ts';
import { apiErrorFromResponse, networkError } from './api-error.ts';

/** docs/product.md, API calls: every call lives under /v1/ on the product's API host (same origin in production and in dev). */
export const API_BASE_PATH = '/v1/';

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  /** Query parameters; null and undefined values are left out. */
  params?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
};

export type ApiClient = {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, options?: RequestOptions): Promise<T>;
  put<T>(path: string, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
};

type ClientSettings = {
  /** Sends `Authorization: Bearer <access_token>` from the stored token. */
  authenticated: boolean;
  /** Locale sent as `Accept-Language` so server messages come back in the user's language. */
  getLanguage: () => string;
  /** Called when an authenticated call is refused with 401 (the session ended on the server). */
  onUnauthorized?: () => void;
};

/**
 * The fetch the calls go through: the browser's, or, while the server renders a public page, one that answers from
 * the API in the same process (docs/decisions/0231-public-pages-rendered-by-react-on-the-server.md).
 */
let apiFetch: typeof fetch | undefined;

export function setApiFetch(replacement: typeof fetch | undefined): void {
  apiFetch = replacement;
}

export function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const url = API_BASE_PATH + path.replace(/^\/+/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(settings: ClientSettings): ApiClient {
  async function request<T>({ method, path, options = {} }: { method: string; path: string; options?: RequestOptions }): Promise<T> {
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json', 'Accept-Language': settings.getLanguage() };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (settings.authenticated) {
      const token = readStoredToken();
      if (token) headers.Authorization = `Bearer ${token.access_token}`;
    }
    let response: Response;
    try {
      response = await (apiFetch ?? fetch)(buildUrl(path, options.params), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw networkError();
    }
    const body = await readBody(response);
    if (!response.ok) {
      if (settings.authenticated && response.status === 401) settings.onUnauthorized?.();
      throw apiErrorFromResponse({ status: response.status, statusText: response.statusText, body });
    }
    return body as T;
  }

  return {
    get: (path, options) => request({ method: 'GET', path, options }),
    post: (path, options) => request({ method: 'POST', path, options }),
    put: (path, options) => request({ method: 'PUT', path, options }),
    patch: (path, options) => request({ method: 'PATCH', path, options }),
    delete: (path, options) => request({ method: 'DELETE', path, options }),
  };
}

/** A minimal JSON client over real HTTP (fetch), as an API consumer would call it. */
export type HttpResponse<Body = any> = { status: number; body: Body; headers: Headers };

type RequestOptions = { token?: string; headers?: Record<string, string> };

/** `baseUrl` may be a function, read at each request: a client made before its app listens (see `useTestApp`). */
export function httpClient(baseUrl: string | (() => string)) {
  const base = typeof baseUrl === 'string' ? () => baseUrl : baseUrl;
  async function request<Body = any>(method: string, { path, options = {} }: { path: string; options?: RequestOptions & { body?: unknown } }): Promise<HttpResponse<Body>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(new URL(path, base()), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text (HTML pages, documents).
    }
    return { status: response.status, body: body as Body, headers: response.headers };
  }
  return {
    get: <Body = any>(path: string, options?: RequestOptions) => request<Body>('GET', { path, options }),
    post: <Body = any>(path: string, options?: RequestOptions & { body?: unknown }) => request<Body>('POST', { path, options }),
    put: <Body = any>(path: string, options?: RequestOptions & { body?: unknown }) => request<Body>('PUT', { path, options }),
    delete: <Body = any>(path: string, options?: RequestOptions) => request<Body>('DELETE', { path, options }),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;

let counter = 0;
/** A unique address per call so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = 'person'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** Signs up a fresh client through the API; returns its token and user. */
export async function signUpClient(client: ReturnType<typeof httpClient>, overrides: Record<string, unknown> = {}) {
  const body = { email: uniqueEmail(), password: 'correct-horse-battery', first_name: 'Lan', last_name: 'Pham', ...overrides };
  const response = await client.post('/v1/auth/sign-up', { body });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { token: response.body.token.access_token as string, user: response.body.user, password: body.password as string, email: response.body.user.email as string };
}

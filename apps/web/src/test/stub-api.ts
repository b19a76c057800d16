import { afterEach, vi, type Mock } from 'vitest';

/** A call the web app made to the stubbed API, read the way a test asserts on it. */
export type StubbedRequest = {
  method: string;
  /** The path without the query (`/v1/bookings`). */
  path: string;
  /** The path with the query, as the app asked for it (`/v1/bookings?status=DRAFT`). */
  url: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The body parsed as JSON when it is JSON, else as sent. */
  body: unknown;
};

/** What a route answers: a body sent as JSON with status 200, or a function of the request answering a Response or a body. */
export type StubbedAnswer = ((request: StubbedRequest) => unknown) | object | string | number | boolean | null;

export type ApiStub = {
  /** Every call, in order. */
  calls: StubbedRequest[];
  /** The calls to one route (`'PUT /v1/me'`), in order. */
  callsTo: (route: string) => StubbedRequest[];
  /** The stubbed fetch itself. */
  fetch: Mock<(input: string, init?: RequestInit) => Promise<Response>>;
};

/** A JSON answer with `status` (an error answer of the API, say). */
export function jsonAnswer(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

/** A fetch that never answers: the app keeps waiting (its loading state). */
export function neverAnswers(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}

const unexpectedCalls: string[] = [];

// A call no route answers fails the test that made it, even when the app swallows the failed fetch.
afterEach(() => {
  const unexpected = unexpectedCalls.splice(0);
  if (unexpected.length > 0) throw new Error(`unexpected API calls: ${unexpected.join(', ')}`);
});

/** Does `pattern` (`/v1/users/:id/bookings`, a segment `:name` matching any one segment) match `path`? */
function pathMatches(pattern: string, path: string): boolean {
  const wanted = pattern.split('/');
  const actual = path.split('/');
  return wanted.length === actual.length && wanted.every((segment, index) => segment.startsWith(':') || segment === actual[index]);
}

/** The headers as the app wrote them (a plain object keeps the names' case, as the API client sends them). */
function readHeaders(headers: RequestInit['headers']): Record<string, string> {
  if (headers === undefined) return {};
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers).entries());
  return { ...headers };
}

function readBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Stubs `fetch` with the API a web test needs: `routes` answer by method and path
 * (`{ 'GET /v1/me': user, 'PUT /v1/me': (request) => jsonAnswer(problem, 400) }`); any other call is recorded as
 * unexpected and fails the test. The calls are recorded for assertions.
 */
export function stubApi(routes: Record<string, StubbedAnswer>): ApiStub {
  const table = Object.entries(routes).map(([route, answer]) => {
    const [method, pattern] = route.split(' ') as [string, string];
    return { route, method, pattern, answer };
  });
  const calls: StubbedRequest[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const request: StubbedRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: parsed.pathname,
      url,
      query: parsed.searchParams,
      headers: readHeaders(init?.headers),
      body: readBody(init?.body),
    };
    calls.push(request);
    const match = table.find((entry) => entry.method === request.method && pathMatches(entry.pattern, request.path));
    if (!match) {
      unexpectedCalls.push(`${request.method} ${url}`);
      throw new Error(`unexpected API call: ${request.method} ${url}`);
    }
    const answer = typeof match.answer === 'function' ? await (match.answer as (request: StubbedRequest) => unknown)(request) : match.answer;
    return answer instanceof Response ? answer : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    callsTo: (route) => {
      const [method, pattern] = route.split(' ') as [string, string];
      return calls.filter((call) => call.method === method && pathMatches(pattern, call.path));
    },
    fetch,
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_TOKEN_KEY } from '@goodtable/shared';
import { createApiClient } from './api-client.ts';
import { ApiRequestError } from './api-error.ts';
import { readStoredToken, storeToken } from './stored-token.ts';

const validToken = { access_token: 'abc123', expires_at: '2999-01-01T00:00:00.000Z' };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof stubFetch>): Record<string, string> {
  return (fetchMock.mock.calls[0]?.[1]?.headers ?? {}) as Record<string, string>;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('stored token', () => {
  it('reads a well-formed token', () => {
    storeToken(validToken);
    expect(readStoredToken()).toEqual(validToken);
  });

  it('removes a token that is not JSON', () => {
    localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, '{not json');
    expect(readStoredToken()).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_TOKEN_KEY)).toBeNull();
  });

  it('removes JSON that is not a token object', () => {
    localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, JSON.stringify({ token: 'abc' }));
    expect(readStoredToken()).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_TOKEN_KEY)).toBeNull();
  });

  it('returns null without touching storage when there is no token', () => {
    expect(readStoredToken()).toBeNull();
  });
});

describe('authenticated client', () => {
  const client = createApiClient({ authenticated: true, getLanguage: () => 'vn' });

  it('sends the bearer token and the locale, and returns the body', async () => {
    storeToken(validToken);
    const fetchMock = stubFetch(() => jsonResponse(200, { id: 'me' }));
    await expect(client.get('me', { params: { page: 2, status: undefined } })).resolves.toEqual({ id: 'me' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/me?page=2');
    expect(sentHeaders(fetchMock).Authorization).toBe('Bearer abc123');
    expect(sentHeaders(fetchMock)['Accept-Language']).toBe('vn');
  });

  it('removes an unparsable stored token and sends no Authorization header', async () => {
    localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, 'garbage');
    const fetchMock = stubFetch(() => jsonResponse(200, {}));
    await client.get('me');
    expect(sentHeaders(fetchMock).Authorization).toBeUndefined();
    expect(localStorage.getItem(LOCAL_STORAGE_TOKEN_KEY)).toBeNull();
  });

  it('throws the API error body and reports a 401', async () => {
    storeToken(validToken);
    const onUnauthorized = vi.fn();
    const reporting = createApiClient({ authenticated: true, getLanguage: () => 'en', onUnauthorized });
    const body = { statusCode: 401, error: 'Unauthorized', message: 'Authentication required', code: 'auth.unauthorized' };
    stubFetch(() => jsonResponse(401, body));
    const error = await reporting.get('me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).body).toEqual(body);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('sends a JSON body and returns undefined for 204', async () => {
    storeToken(validToken);
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await expect(client.post('auth/sign-out', { body: { all: true } })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"all":true}');
    expect(sentHeaders(fetchMock)['Content-Type']).toBe('application/json');
  });

  it('sends a call’s own headers (an Idempotency-Key) without letting them replace the token', async () => {
    storeToken(validToken);
    const fetchMock = stubFetch(() => jsonResponse(201, { id: 'payment' }));
    await client.post('bookings/b1/payments', { body: { type: 'CREDIT_CARD_DEPOSIT' }, headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer other' } });
    expect(sentHeaders(fetchMock)['Idempotency-Key']).toBe('key-1');
    expect(sentHeaders(fetchMock).Authorization).toBe('Bearer abc123');
  });
});

describe('public client', () => {
  const client = createApiClient({ authenticated: false, getLanguage: () => 'en' });

  it('never sends the token', async () => {
    storeToken(validToken);
    const fetchMock = stubFetch(() => jsonResponse(200, { data: [] }));
    await client.get('causes');
    expect(sentHeaders(fetchMock).Authorization).toBeUndefined();
  });

  it('turns an error body of another shape into an error without a server message', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await client.get('causes').catch((caught: unknown) => caught)) as ApiRequestError;
    expect(error.body).toEqual({ statusCode: 502, error: 'Bad Gateway', message: '' });
  });

  it('turns a network failure into an error with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = (await client.get('causes').catch((caught: unknown) => caught)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.statusCode).toBe(0);
  });
});

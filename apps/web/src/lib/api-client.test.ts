import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_TOKEN_KEY } from '@goodtable/shared';
import { createApiClient } from './api-client.ts';
import { ApiRequestError } from './api-error.ts';
import { jsonAnswer, stubApi, type ApiStub } from '../test/stub-api.ts';
import { readStoredToken, storeToken } from './stored-token.ts';

const validToken = { access_token: 'abc123', expires_at: '2999-01-01T00:00:00.000Z' };

/** The headers of the first call. */
function sentHeaders(api: ApiStub): Record<string, string> {
  return api.calls[0]?.headers ?? {};
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
    const fetchMock = stubApi({ 'GET /v1/me': { id: 'me' } });
    await expect(client.get('me', { params: { page: 2, status: undefined } })).resolves.toEqual({ id: 'me' });
    expect(fetchMock.calls[0]?.url).toBe('/v1/me?page=2');
    expect(sentHeaders(fetchMock).Authorization).toBe('Bearer abc123');
    expect(sentHeaders(fetchMock)['Accept-Language']).toBe('vn');
  });

  it('removes an unparsable stored token and sends no Authorization header', async () => {
    localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, 'garbage');
    const fetchMock = stubApi({ 'GET /v1/me': {} });
    await client.get('me');
    expect(sentHeaders(fetchMock).Authorization).toBeUndefined();
    expect(localStorage.getItem(LOCAL_STORAGE_TOKEN_KEY)).toBeNull();
  });

  it('throws the API error body and reports a 401', async () => {
    storeToken(validToken);
    const onUnauthorized = vi.fn();
    const reporting = createApiClient({ authenticated: true, getLanguage: () => 'en', onUnauthorized });
    const body = { statusCode: 401, error: 'Unauthorized', message: 'Authentication required', code: 'auth.unauthorized' };
    stubApi({ 'GET /v1/me': () => jsonAnswer(body, 401) });
    const error = await reporting.get('me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).body).toEqual(body);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('sends a JSON body and returns undefined for 204', async () => {
    storeToken(validToken);
    const fetchMock = stubApi({ 'POST /v1/auth/sign-out': () => new Response(null, { status: 204 }) });
    await expect(client.post('auth/sign-out', { body: { all: true } })).resolves.toBeUndefined();
    expect(fetchMock.fetch.mock.calls[0]?.[1]?.body).toBe('{"all":true}');
    expect(sentHeaders(fetchMock)['Content-Type']).toBe('application/json');
  });

  it('sends a call’s own headers (an Idempotency-Key) without letting them replace the token', async () => {
    storeToken(validToken);
    const fetchMock = stubApi({ 'POST /v1/bookings/:id/payments': () => jsonAnswer({ id: 'payment' }, 201) });
    await client.post('bookings/b1/payments', { body: { type: 'CREDIT_CARD_DEPOSIT' }, headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer other' } });
    expect(sentHeaders(fetchMock)['Idempotency-Key']).toBe('key-1');
    expect(sentHeaders(fetchMock).Authorization).toBe('Bearer abc123');
  });
});

describe('public client', () => {
  const client = createApiClient({ authenticated: false, getLanguage: () => 'en' });

  it('never sends the token', async () => {
    storeToken(validToken);
    const fetchMock = stubApi({ 'GET /v1/causes': { data: [] } });
    await client.get('causes');
    expect(sentHeaders(fetchMock).Authorization).toBeUndefined();
  });

  it('turns an error body of another shape into an error without a server message', async () => {
    stubApi({ 'GET /v1/causes': () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }) });
    const error = (await client.get('causes').catch((caught: unknown) => caught)) as ApiRequestError;
    expect(error.body).toEqual({ statusCode: 502, error: 'Bad Gateway', message: '' });
  });

  it('turns a network failure into an error with status 0', async () => {
    stubApi({ 'GET /v1/causes': () => Promise.reject(new TypeError('Failed to fetch')) });
    const error = (await client.get('causes').catch((caught: unknown) => caught)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.statusCode).toBe(0);
  });
});

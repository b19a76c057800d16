import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_STORAGE_TOKEN_KEY } from '@goodtable/shared';
import { jsonAnswer, stubApi } from '../test/stub-api.ts';
import { fetchSessionUser } from './session.ts';

const TOKEN = JSON.stringify({ access_token: 'stored-token', expires_at: '2099-01-01T00:00:00.000Z' });

describe('fetchSessionUser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('removes the stored token when GET /v1/me fails (docs/product.md, Booking lifecycle)', async () => {
    localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, TOKEN);
    stubApi({ 'GET /v1/me': () => jsonAnswer({ statusCode: 401, error: 'Unauthorized', message: 'Session ended' }, 401) });
    expect(await fetchSessionUser()).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_TOKEN_KEY)).toBeNull();
  });

  it('keeps the token when the call was cancelled because the page is being left', async () => {
    localStorage.setItem(LOCAL_STORAGE_TOKEN_KEY, TOKEN);
    stubApi({ 'GET /v1/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    window.dispatchEvent(new Event('beforeunload'));
    expect(await fetchSessionUser()).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_TOKEN_KEY)).toBe(TOKEN);
    window.dispatchEvent(new Event('pageshow'));
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_STORAGE_LANGUAGE_KEY } from '@goodtable/shared';
import { initialLocale } from './i18n.ts';

const clearCookie = () => (document.cookie = 'lang=; path=/; max-age=0');

describe('initialLocale: the language the app starts in', () => {
  afterEach(() => {
    localStorage.clear();
    clearCookie();
  });

  it('continues in the language of the server-written first screen (the lang cookie) when this browser saved none', () => {
    document.cookie = 'lang=vn; path=/';
    expect(initialLocale()).toBe('vn');
  });

  it('prefers the choice saved in this browser over the cookie', () => {
    document.cookie = 'lang=vn; path=/';
    localStorage.setItem(LOCAL_STORAGE_LANGUAGE_KEY, 'en');
    expect(initialLocale()).toBe('en');
  });

  it('ignores a cookie naming no language of the app', () => {
    document.cookie = 'lang=fr; path=/';
    expect(initialLocale()).toBe('en');
  });
});

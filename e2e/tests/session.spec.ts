import { expect, test } from '@playwright/test';
import { signingInPath } from '@goodtable/shared';
import { setStoredTokenValue, signUpThroughApi, storedTokenValue, storeSession } from '../fixtures.ts';

test('an invalid or expired token signs the user out silently and is removed', async ({ page }) => {
  await setStoredTokenValue(page, JSON.stringify({ access_token: 'not-a-real-token', expires_at: '2020-01-01T00:00:00.000Z' }));
  await page.goto('/account');
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === signingInPath('/account'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeVisible();
  expect(await storedTokenValue(page)).toBeNull();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveCount(0);
});

test('an unparsable stored token is removed and the visitor is signed out', async ({ page }) => {
  await setStoredTokenValue(page, '{this is not json');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await storedTokenValue(page)).toBeNull();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a token revoked on the server ends the session on the next load', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'revoked');
  await storeSession(page, auth.token);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();

  const signOut = await request.post('/v1/auth/sign-out', { headers: { Authorization: `Bearer ${auth.token.access_token}` } });
  expect(signOut.status()).toBe(204);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await storedTokenValue(page)).toBeNull();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { signingInPath } from '@goodtable/shared';
import { signUpThroughApi, storeSession } from '../fixtures.ts';

test('signing in from /signing-in returns to the page first asked for', async ({ page, request }) => {
  const { email, password } = await signUpThroughApi(request, 'redirect');
  await page.goto('/account?section=details');
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === signingInPath('/account?section=details'));
  await expect(page).toHaveTitle('Signing in | GoodTable');

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === '/account?section=details');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(email);
});

test('/signing-in with a valid stored token goes straight to the redirect', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'straight');
  await storeSession(page, auth.token);
  await page.goto(signingInPath('/account'));
  await expect(page).toHaveURL((url) => url.pathname === '/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
});

test('/sign-in honours a same-site redirect query', async ({ page, request }) => {
  const { email, password } = await signUpThroughApi(request, 'query');
  await page.goto('/sign-in?redirect=%2Faccount');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');
});

test('a redirect to another site is ignored after signing in', async ({ page, request }) => {
  const { email, password } = await signUpThroughApi(request, 'open-redirect');
  await page.goto(`/signing-in?redirect=${encodeURIComponent('//evil.example/steal')}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.origin === new URL(page.url()).origin && url.pathname === '/bookings');
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { signUpThroughApi, storedTokenValue, uniqueEmail } from '../fixtures.ts';

test('sign up, sign out and sign in again through the screens', async ({ page }) => {
  const email = uniqueEmail('flow');
  const password = `pw-${randomUUID()}`;

  await page.goto('/sign-up');
  await expect(page).toHaveTitle('Sign up | GoodTable');
  await page.getByLabel('First name').fill('An');
  await page.getByLabel('Last name').fill('Pham');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/bookings');
  const profileMenu = page.getByRole('button', { name: 'Open profile menu' });
  await expect(profileMenu).toBeVisible();
  expect(await storedTokenValue(page)).toContain('access_token');

  // Sign out with the keyboard only.
  await profileMenu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await storedTokenValue(page)).toBeNull();
  // Signing out lands on the home page, not on the sign-in page of the screen left.
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/bookings');
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
});

test('a short password is shown as an error under the password field', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('An');
  await page.getByLabel('Last name').fill('Pham');
  await page.getByLabel('Email address').fill(uniqueEmail('short'));
  const passwordField = page.getByLabel('Password');
  await passwordField.fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The password must be at least 8 characters long.')).toBeVisible();
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL((url) => url.pathname === '/sign-up');
});

test("the server's field error for a taken email shows under the email field", async ({ page, request }) => {
  const existing = await signUpThroughApi(request, 'taken');
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('An');
  await page.getByLabel('Last name').fill('Pham');
  const emailField = page.getByLabel('Email address');
  await emailField.fill(existing.email);
  await page.getByLabel('Password').fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This email address is already in use.')).toBeVisible();
});

test('a wrong password shows an error toast and keeps the user signed out', async ({ page, request }) => {
  const existing = await signUpThroughApi(request, 'wrong');
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(existing.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/The email address or password is incorrect\./);
  await expect(page).toHaveURL((url) => url.pathname === '/sign-in');
  await expect(page.getByRole('alert')).toBeHidden({ timeout: 5_000 });
});

import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signUpThroughApi } from '../fixtures.ts';
import { linkPath, waitForEmail } from '../support/mailbox.ts';

test('a forgotten password is reset from the emailed link, which works only once', async ({ page, request }) => {
  const { email, password } = await signUpThroughApi(request, 'forgot');
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveTitle('Forgot password | GoodTable');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account uses this address, we have sent a link')).toBeVisible();

  const message = await waitForEmail(request, { to: email, subject: /Reset your GoodTable password/ });
  const resetPath = linkPath(message, '/reset-password');
  await page.goto(resetPath);
  const newPassword = `new-${randomUUID()}`;
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/sign-in');

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email address or password is incorrect.')).toBeVisible();
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();

  // The link is used up.
  await page.evaluate(() => localStorage.clear());
  await page.goto(resetPath);
  await page.getByLabel('New password').fill(`again-${randomUUID()}`);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('This link is not valid, has expired or was already used.')).toBeVisible();
});

test('forgot-password answers the same for an unknown address', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill(`nobody-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account uses this address, we have sent a link')).toBeVisible();
});

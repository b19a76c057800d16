import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { meSchema, LOCAL_STORAGE_TOKEN_KEY } from '@goodtable/shared';
import { signUpThroughApi, storeSession, uniqueEmail } from '../fixtures.ts';
import { linkPath, waitForEmail } from '../support/mailbox.ts';

/** The signed-in user of the page, read through the API with the page's stored token. */
async function currentUser(page: Page) {
  const stored = await page.evaluate((key) => localStorage.getItem(key), LOCAL_STORAGE_TOKEN_KEY);
  expect(stored).not.toBeNull();
  const token = (JSON.parse(stored!) as { access_token: string }).access_token;
  const response = await page.request.get('/v1/me', { headers: { authorization: `Bearer ${token}` } });
  return meSchema.parse(await response.json());
}

async function fillPerson(page: Page, { email, password }: { email: string; password: string }) {
  await page.getByLabel('First name').fill('Ngoc');
  await page.getByLabel('Last name').fill('Bui');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Opens the verification link of the newest verification email and checks the account is verified. */
async function verifyFromMailbox(page: Page, email: string) {
  const message = await waitForEmail(page.request, { to: email, subject: /Verify your email address/ });
  expect(message.text).toContain('Verify my email');
  await page.goto(linkPath(message, '/verify-email'));
  await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
  expect((await currentUser(page)).is_verified).toBe(true);
}

test('a client signs up and verifies the email from the mailbox', async ({ page }) => {
  const email = uniqueEmail('client');
  await page.goto('/sign-up');
  await fillPerson(page, { email, password: `pw-${randomUUID()}` });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  const user = await currentUser(page);
  expect(user).toMatchObject({ role: 'user', is_verified: false });
  await verifyFromMailbox(page, email);
});

test('a cause signs up with "I represent a cause"', async ({ page }) => {
  const email = uniqueEmail('cause');
  await page.goto('/sign-up');
  await fillPerson(page, { email, password: `pw-${randomUUID()}` });
  await page.getByLabel('I represent a cause').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  // Signed in, a new user lands on its dashboard; without a cause yet, that sends it to add one first (docs/product.md, Validation rules).
  await expect(page).toHaveURL((url) => url.pathname === '/add-cause');
  await page.getByRole('dialog', { name: 'Please complete your profile first' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  expect((await currentUser(page)).role).toBe('cause');
  await verifyFromMailbox(page, email);
});

test('a restaurant registers with its name', async ({ page }) => {
  const email = uniqueEmail('restaurant');
  await page.goto('/register-as-a-restaurant');
  await expect(page).toHaveTitle('Register as a restaurant | GoodTable');
  await page.getByLabel('Restaurant name').fill('Quan Ngon Test');
  await fillPerson(page, { email, password: `pw-${randomUUID()}` });
  await page.getByRole('button', { name: 'Register restaurant' }).click();
  // Signed in, a new restaurant lands on its dashboard; without menus yet, that sends it to its profile first (docs/product.md, Validation rules).
  await expect(page).toHaveURL((url) => url.pathname === '/profile');
  await page.getByRole('dialog', { name: 'Please complete your profile first' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  expect(await currentUser(page)).toMatchObject({ role: 'seller', name: 'Quan Ngon Test' });
  await verifyFromMailbox(page, email);
});

test('a manager creates an account at /management-access and signs in there later', async ({ page }) => {
  const email = uniqueEmail('manager');
  const password = `pw-${randomUUID()}`;
  await page.goto('/management-access');
  await page.getByRole('tab', { name: 'Create a manager account' }).click();
  await page.getByLabel('Company or group name (optional)').fill('Saigon Dining Group');
  await fillPerson(page, { email, password });
  await page.getByRole('button', { name: 'Create manager account' }).click();
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  expect((await currentUser(page)).role).toBe('manager');
  await verifyFromMailbox(page, email);

  await page.evaluate((key) => localStorage.removeItem(key), LOCAL_STORAGE_TOKEN_KEY);
  await page.goto('/management-access');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
});

test('a signed-in user opening "Register as a restaurant" sees the Warning dialog', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'warned');
  await storeSession(page, auth.token);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Register as a restaurant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Warning' });
  await expect(dialog.getByText('You are signed in with a Client, Guest or Manager account. Please sign out first to register a restaurant.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('a verification link opened while signed out verifies after signing in', async ({ page, request }) => {
  const { email, password } = await signUpThroughApi(request, 'verify-later');
  const message = await waitForEmail(request, { to: email, subject: /Verify your email address/ });
  await page.goto(linkPath(message, '/verify-email'));
  await expect(page).toHaveURL((url) => url.pathname === '/signing-in' && (url.searchParams.get('redirect') ?? '').startsWith('/verify-email?token='));
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
  expect((await currentUser(page)).is_verified).toBe(true);
});

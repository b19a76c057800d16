import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { LOCAL_STORAGE_DECLINED_TIMEZONE_KEY } from '@goodtable/shared';
import { signUpThroughApi, storeSession, storedTokenValue } from '../fixtures.ts';

test.describe('account settings', () => {
  test.use({ timezoneId: 'Australia/Sydney' });

  test('changes the password with the current one', async ({ page, request }) => {
    const { email, password, auth } = await signUpThroughApi(request, 'change-password');
    await storeSession(page, auth.token);
    await page.goto('/account');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    const newPassword = `new-${randomUUID()}`;
    await form.getByLabel('New password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The password is not correct.')).toBeVisible();

    await form.getByLabel('Current password').fill(password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
    expect((await request.post('/v1/auth/sign-in', { data: { email, password: newPassword } })).status()).toBe(200);
    expect((await request.post('/v1/auth/sign-in', { data: { email, password } })).status()).toBe(401);
  });

  test('shows the sign-in methods and deletes the account after confirmation', async ({ page, request }) => {
    const { email, password, auth } = await signUpThroughApi(request, 'delete-me');
    await storeSession(page, auth.token);
    await page.goto('/account');
    const methods = page.getByRole('region', { name: 'Sign-in methods' });
    await expect(methods.getByText('Email and password')).toBeVisible();
    await expect(methods.getByText('Not connected')).toBeVisible();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Password').fill(password);
    await confirm.click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await storedTokenValue(page)).toBeNull();
    expect((await request.post('/v1/auth/sign-in', { data: { email, password } })).status()).toBe(401);
  });
});

test.describe('timezone prompt', () => {
  test.use({ timezoneId: 'Asia/Ho_Chi_Minh' });

  test('Yes saves the browser’s time zone', async ({ page, request }) => {
    const { auth } = await signUpThroughApi(request, 'tz-yes');
    expect(auth.user.timezone).toBe('Australia/Sydney');
    await storeSession(page, auth.token);
    await page.goto('/account');
    const prompt = page.getByRole('region', { name: 'Update your time zone?' });
    await expect(prompt).toContainText('Asia/Ho Chi Minh');
    await prompt.getByRole('button', { name: 'Yes, update' }).click();
    await expect(prompt).toHaveCount(0);
    const me = await request.get('/v1/me', { headers: { authorization: `Bearer ${auth.token.access_token}` } });
    expect((await me.json()).timezone).toBe('Asia/Ho_Chi_Minh');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Update your time zone?' })).toHaveCount(0);
  });

  test('the prompt comes with the screen, not after it: the content does not move down once shown', async ({ page, request }) => {
    const { auth } = await signUpThroughApi(request, 'tz-first');
    await storeSession(page, auth.token);
    // The prompt's texts answer late, as on a slow connection (the bookings screen does not use them).
    await page.route('**/locales/*/accounts.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My events' })).toBeVisible();
    // Already there when the screen shows: no later arrival pushes the heading down.
    expect(await page.getByRole('region', { name: 'Update your time zone?' }).isVisible()).toBe(true);
  });

  test('No remembers the declined zone across reloads', async ({ page, request }) => {
    const { auth } = await signUpThroughApi(request, 'tz-no');
    await storeSession(page, auth.token);
    await page.goto('/account');
    const prompt = page.getByRole('region', { name: 'Update your time zone?' });
    await prompt.getByRole('button', { name: 'No' }).click();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_STORAGE_DECLINED_TIMEZONE_KEY)).toBe('Asia/Ho_Chi_Minh');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Update your time zone?' })).toHaveCount(0);
    const me = await request.get('/v1/me', { headers: { authorization: `Bearer ${auth.token.access_token}` } });
    expect((await me.json()).timezone).toBe('Australia/Sydney');
  });
});

import { expect, test } from '@playwright/test';
import { signUpThroughApi, storeSession, useLanguage } from '../fixtures.ts';

const WARNING_TEXT = 'You are signed in with a Client, Guest or Manager account. Please sign out first to register a restaurant.';

test('a signed-in user typing /register-as-a-restaurant lands home with the Warning, as from the home page button; Close keeps them there', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'typed-register');
  await storeSession(page, auth.token);
  await page.goto('/register-as-a-restaurant');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const dialog = page.getByRole('dialog', { name: 'Warning' });
  await expect(dialog.getByText(WARNING_TEXT)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The home page's own button says the same.
  await page.getByRole('main').getByRole('link', { name: 'Register as a restaurant', exact: true }).first().click();
  await expect(dialog.getByText(WARNING_TEXT)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('going back to /register-as-a-restaurant after signing in shows the Warning; Sign out opens the form', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'back-register');
  await page.goto('/register-as-a-restaurant');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await storeSession(page, auth.token);
  await page.goBack();
  const dialog = page.getByRole('dialog', { name: 'Warning' });
  await expect(dialog.getByText(WARNING_TEXT)).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign out' }).press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/register-as-a-restaurant');
  await expect(page.getByLabel('Restaurant name')).toBeVisible();
});

test('in Vietnamese, on a phone, the typed address shows the Warning in Vietnamese', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'vn');
  const { auth } = await signUpThroughApi(request, 'typed-register-vn');
  await storeSession(page, auth.token);
  await page.goto('/register-as-a-restaurant');
  const dialog = page.getByRole('dialog', { name: 'Cảnh báo' });
  await expect(dialog.getByText('Vui lòng đăng xuất trước khi đăng ký nhà hàng.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Đóng' })).toBeInViewport();
});

import { expect, test } from '@playwright/test';
import { LOCAL_STORAGE_LANGUAGE_KEY } from '@goodtable/shared';
import { signUpThroughApi, storeSession } from '../fixtures.ts';

test('a user chooses in-app only for bookings from the keyboard on /account; the choice is stored and still there after a reload', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'notify-settings');
  await storeSession(page, auth.token);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Notification settings' });
  const bookings = section.getByRole('group', { name: /^Bookings/ });
  await expect(bookings.getByRole('radio', { name: 'In-app and email' })).toBeChecked();

  // Keyboard only: focus the group's checked radio, arrow to the other choice, then tab to Save and press Enter.
  await bookings.getByRole('radio', { name: 'In-app and email' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(bookings.getByRole('radio', { name: 'In-app only' })).toBeChecked();
  await section.getByRole('button', { name: 'Save notification settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Notification settings saved.' })).toBeVisible();

  const stored = await request.get('/v1/me/notification-settings', { headers: { Authorization: `Bearer ${auth.token.access_token}` } });
  expect(await stored.json()).toEqual({ bookings: 'in_app', payments: 'in_app_and_email', tickets: 'in_app_and_email', team: 'in_app_and_email' });

  await page.reload();
  await expect(page.getByRole('region', { name: 'Notification settings' }).getByRole('group', { name: /^Bookings/ }).getByRole('radio', { name: 'In-app only' })).toBeChecked();
});

test('the notification settings in Vietnamese', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'notify-settings-vn');
  await storeSession(page, auth.token);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LOCAL_STORAGE_LANGUAGE_KEY, 'vn'] as const);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Cài đặt thông báo' });
  await expect(section.getByRole('group', { name: /^Thanh toán và chi trả/ }).getByRole('radio', { name: 'Trong ứng dụng và email' })).toBeChecked();
  await section.getByRole('group', { name: /^Bán vé/ }).getByRole('radio', { name: 'Chỉ trong ứng dụng' }).check();
  await section.getByRole('button', { name: 'Lưu cài đặt thông báo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Đã lưu cài đặt thông báo.' })).toBeVisible();
});

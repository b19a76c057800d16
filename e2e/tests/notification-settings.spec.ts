import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { authResponseSchema, LOCAL_STORAGE_LANGUAGE_KEY } from '@goodtable/shared';
import { signUpThroughApi, storeSession, uniqueEmail } from '../fixtures.ts';

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

test('a manager’s access request reaches the restaurant’s bell and opens /account; the answer reaches the manager’s bell', async ({ page, request }) => {
  const password = `pw-${randomUUID()}`;
  const restaurantEmail = uniqueEmail('bell-restaurant');
  const restaurantSignUp = await request.post('/v1/auth/sign-up', { data: { email: restaurantEmail, password, first_name: 'Tam', last_name: 'Ly', role: 'seller', name: 'Banh Xeo Bell' } });
  expect(restaurantSignUp.status()).toBe(201);
  const restaurant = authResponseSchema.parse(await restaurantSignUp.json());
  const managerSignUp = await request.post('/v1/auth/sign-up', { data: { email: uniqueEmail('bell-manager'), password, first_name: 'Quynh', last_name: 'Mai', role: 'manager' } });
  const manager = authResponseSchema.parse(await managerSignUp.json());
  const asked = await request.post(`/v1/managers/${manager.user.id}/restaurant-requests`, {
    data: { email: restaurantEmail },
    headers: { authorization: `Bearer ${manager.token.access_token}` },
  });
  expect(asked.status()).toBe(202);

  // From the notifications page (a new restaurant's /bookings leads to its profile, which opens a dialog first).
  await storeSession(page, restaurant.token);
  await page.goto('/notifications');
  await expect(page.getByTestId('notifications-badge')).toHaveText('1');
  await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
  const item = page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification');
  await expect(item).toContainText('From: Quynh Mai');
  await expect(item).toContainText('Quynh Mai asked to manage Banh Xeo Bell');
  await item.getByRole('link').click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  await page.getByRole('region', { name: 'Managers' }).getByRole('button', { name: 'Grant access' }).click();
  await expect(page.getByRole('region', { name: 'Managers' }).getByText('Has access')).toBeVisible();

  await storeSession(page, manager.token);
  await page.goto('/notifications');
  await expect(page.getByRole('main').getByTestId('notification')).toContainText('Tam Ly gave your team access to Banh Xeo Bell');
});

test('each role is offered only the notifications it receives: a client has no manager access requests, a manager has them', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'notify-settings-client');
  await storeSession(page, auth.token);
  await page.goto('/account');
  const clientSection = page.getByRole('region', { name: 'Notification settings' });
  await expect(clientSection.getByRole('group', { name: /^Bookings/ })).toBeVisible();
  await expect(clientSection.getByRole('group', { name: /^Ticket sales/ })).toBeVisible();
  await expect(clientSection.getByRole('group')).toHaveCount(3);
  await expect(clientSection.getByText('Manager access requests and answers')).toHaveCount(0);

  const signUp = await request.post('/v1/auth/sign-up', {
    data: { email: uniqueEmail('notify-settings-manager'), password: `pw-${randomUUID()}`, first_name: 'Hanh', last_name: 'Vu', role: 'manager', name: 'Vu Hospitality' },
  });
  expect(signUp.status()).toBe(201);
  await storeSession(page, authResponseSchema.parse(await signUp.json()).token);
  await page.goto('/account');
  const managerSection = page.getByRole('region', { name: 'Notification settings' });
  await expect(managerSection.getByRole('group', { name: /^Manager access requests/ })).toBeVisible();
  await expect(managerSection.getByRole('group')).toHaveCount(4);
});

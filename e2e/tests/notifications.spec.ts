import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authResponseSchema, LOCAL_STORAGE_LANGUAGE_KEY, type AuthResponse } from '@goodtable/shared';
import { signUpThroughApi, storeSession, uniqueEmail } from '../fixtures.ts';
import { bookingWorld, createRequest, demoSignIn, postAction, uniqueTitle } from '../support/bookings.ts';

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Notifications|Thông báo)/ });
const popover = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

/** A request of `client`'s at the demo restaurant, accepted by the restaurant through the API. */
async function acceptedRequest(request: APIRequestContext, { client, label }: { client: AuthResponse; label: string }) {
  const world = await bookingWorld(request, { client });
  const title = uniqueTitle(label);
  const booking = await createRequest(request, { world, title });
  await postAction(request, { auth: await demoSignIn(request, 'seller'), bookingId: booking.id, action: 'accept' });
  return { booking, title };
}

test('the restaurant accepts in its browser; the client’s badge and popover follow without reload, and the notification opens the booking', async ({ page, browser, request }) => {
  const { auth } = await signUpThroughApi(request, 'notified');
  const world = await bookingWorld(request, { client: auth });
  const title = uniqueTitle('Bell night');
  const booking = await createRequest(request, { world, title });

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await storeSession(clientPage, auth.token);
  await clientPage.goto('/bookings');
  await expect(bell(clientPage)).toHaveAccessibleName('Notifications');
  await expect(clientPage.getByTestId('notifications-badge')).toHaveCount(0);
  // The popover is open when the change happens: it follows too.
  await bell(clientPage).click();
  await expect(popover(clientPage).getByText('You have no notifications yet.')).toBeVisible();

  const restaurant = await demoSignIn(request, 'seller');
  await storeSession(page, restaurant.token);
  await page.goto(`/bookings/${booking.id}`);
  await page.getByRole('region', { name: 'What you can do now' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('region', { name: 'History' }).getByText('Request accepted')).toBeVisible();

  await expect(clientPage.getByTestId('notifications-badge')).toHaveText('1');
  await expect(bell(clientPage)).toHaveAccessibleName('Notifications, 1 unread');
  const item = popover(clientPage).getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`From: ${restaurant.user.first_name} ${restaurant.user.last_name}`);
  await expect(item).toContainText(`accepted the booking “${title}”`);
  await expect(item.locator('strong').first()).toHaveText(`${restaurant.user.first_name} ${restaurant.user.last_name}`);
  await expect(item.locator('time')).toHaveText(/ago$/);

  await item.getByRole('link').click();
  await expect(clientPage).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);
  await expect(clientPage.getByTestId('notifications-badge')).toHaveCount(0);
  await expect(bell(clientPage)).toHaveAccessibleName('Notifications');
  await clientContext.close();
});

test('the popover works from the keyboard: delete one, mark all as read, Escape closes', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'popover');
  const titles = [];
  for (const label of ['First', 'Second', 'Third']) titles.push((await acceptedRequest(request, { client: auth, label })).title);
  await storeSession(page, auth.token);
  await page.goto('/bookings');
  await expect(page.getByTestId('notifications-badge')).toHaveText('3');

  await bell(page).focus();
  await page.keyboard.press('Enter');
  const items = popover(page).getByTestId('notification');
  await expect(items).toHaveCount(3);
  // Newest first.
  await expect(items.first()).toContainText(titles[2]!);
  await items.filter({ hasText: titles[0]! }).getByRole('button', { name: 'Delete notification' }).click();
  await expect(items).toHaveCount(2);
  await expect(popover(page)).not.toContainText(titles[0]!);
  await expect(page.getByTestId('notifications-badge')).toHaveText('2');

  await popover(page).getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  await expect(items.and(page.locator('[data-read="true"]'))).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(popover(page)).toBeHidden();
  await expect(bell(page)).toBeFocused();

  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await bell(page).click();
  await expect(items).toHaveCount(2);
});

test('the /notifications page in Vietnamese: sender, title and time in the reader’s language, and in English once chosen', async ({ page, request }) => {
  const password = `pw-${randomUUID()}`;
  const signedUp = await request.post('/v1/auth/sign-up', { data: { email: uniqueEmail('vn-notified'), password, first_name: 'Linh', last_name: 'Tran', language: 'vn' } });
  expect(signedUp.status()).toBe(201);
  const auth = authResponseSchema.parse(await signedUp.json());
  const { booking, title } = await acceptedRequest(request, { client: auth, label: 'Tối gây quỹ' });
  const restaurant = await demoSignIn(request, 'seller');

  await storeSession(page, auth.token);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LOCAL_STORAGE_LANGUAGE_KEY, 'vn'] as const);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Thông báo' })).toBeVisible();
  await expect(page).toHaveTitle('Thông báo | GoodTable');
  await expect(page.getByText('1 chưa đọc')).toBeVisible();
  const item = page.getByRole('main').getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Từ: ${restaurant.user.first_name} ${restaurant.user.last_name}`);
  await expect(item).toContainText(`đã chấp nhận đặt chỗ “${title}”`);
  await expect(item.locator('time')).toHaveText(/trước$/);

  await page.getByRole('main').getByRole('button', { name: 'Đánh dấu tất cả là đã đọc' }).click();
  await expect(page.getByText('0 chưa đọc')).toBeVisible();

  // Choosing English saves it to the account; the list is written again in English.
  await page.getByRole('combobox', { name: 'Ngôn ngữ' }).selectOption({ label: 'Tiếng Anh' });
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(item).toContainText(`accepted the booking “${title}”`);
  await expect(item.locator('time')).toHaveText(/ago$/);
  await item.getByRole('link').click();
  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);
});

test('on /notifications a notification that arrives live waits behind a button instead of pushing the list down', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'reading');
  const first = await acceptedRequest(request, { client: auth, label: 'First night' });
  await storeSession(page, auth.token);
  await page.goto('/notifications');
  const items = page.getByRole('main').getByTestId('notification');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(first.title);
  const rowTop = await items.first().evaluate((row) => row.getBoundingClientRect().top);

  const second = await acceptedRequest(request, { client: auth, label: 'Second night' });
  const showNew = page.getByRole('button', { name: 'Show 1 new notification' });
  await expect(showNew).toBeVisible();
  // The unread count follows at once; the row being read stays where it was.
  await expect(page.getByText('2 unread')).toBeVisible();
  await expect(items).toHaveCount(1);
  expect(await items.first().evaluate((row) => row.getBoundingClientRect().top)).toBe(rowTop);

  await showNew.click();
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(second.title);
  await expect(showNew).toHaveCount(0);
});

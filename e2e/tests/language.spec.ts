import { expect, test } from '@playwright/test';
import { signUpThroughApi, storeSession } from '../fixtures.ts';

test('switching to Vietnamese translates the page, sets <html lang="vi"> and survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Vietnamese' });

  await expect(page.getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Cách hoạt động' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page).toHaveTitle('Bữa tối gây quỹ | GoodTable');

  await page.reload();
  await expect(page.getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');

  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('combobox', { name: 'Ngôn ngữ' }).selectOption({ label: 'Tiếng Anh' });
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test("a signed-in user's language choice is saved to their account", async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'language');
  await storeSession(page, auth.token);
  await page.goto('/account');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Vietnamese' });
  await expect(page.getByRole('heading', { level: 1, name: 'Cài đặt tài khoản' })).toBeVisible();
  await expect(page).toHaveTitle('Cài đặt tài khoản | GoodTable');

  await expect
    .poll(async () => {
      const me = await request.get('/v1/me', { headers: { Authorization: `Bearer ${auth.token.access_token}` } });
      return ((await me.json()) as { language: string }).language;
    })
    .toBe('vn');
});

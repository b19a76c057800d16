import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi, storeSession, useLanguage } from '../fixtures.ts';

/** Clicking a "Register as a restaurant" link while signed in shows the Warning dialog instead of the page. */
async function expectWarningDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Warning' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Please sign out first to register a restaurant.');
  await expect(page).not.toHaveURL(/register-as-a-restaurant/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test('every "Register as a restaurant" link shows a signed-in user the Warning dialog', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'register-warning');
  await storeSession(page, auth.token);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();

  const main = page.getByRole('main');
  // Home: the restaurants' audience card and the call to action at the end.
  await main.getByRole('link', { name: 'Register as a restaurant' }).first().click();
  await expectWarningDialog(page);
  await main.getByRole('link', { name: 'Register as a restaurant' }).last().click();
  await expectWarningDialog(page);
  // The footer of every public page.
  for (const path of ['/', '/about', '/restaurants']) {
    await page.goto(path);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Register as a restaurant' }).click();
    await expectWarningDialog(page);
  }

  // Signing out from the dialog leads to the registration page.
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Register as a restaurant' }).click();
  await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/register-as-a-restaurant$/);
  // Signed out: the header offers to sign in again, and so does the registration form.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('#main-content').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('a visitor follows "Register as a restaurant" straight to the registration page', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Register as a restaurant' }).click();
  await expect(page).toHaveURL(/\/register-as-a-restaurant$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('in Vietnamese, the header fits the screen: nothing scrolls sideways', async ({ page }) => {
    await useLanguage(page, 'vn');
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'Về GoodTable' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Đăng ký' }).first()).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the menu opens, leads to a page and closes by keyboard alone', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About GoodTable' })).toBeVisible();
    // The header's links are hidden below lg: the menu button is the way to them.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    // Enabled once the app has taken the served page over.
    await expect(menuButton).toBeEnabled();
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab');
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Site' });
    await expect(menu.getByRole('link', { name: 'Restaurants' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // Following a link closes it; focus stays with the new page, not the menu button.
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('link', { name: 'Restaurants' })).toBeFocused();
    await page.keyboard.press('Tab'); // Causes
    await page.keyboard.press('Tab'); // How it works
    await page.keyboard.press('Tab'); // Blog
    await expect(menu.getByRole('link', { name: 'Blog' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'The GoodTable blog' })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).not.toBeFocused();
  });

  test('a visitor signs in or up from the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Site' });
    await menu.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(menu).toBeHidden();
  });
});

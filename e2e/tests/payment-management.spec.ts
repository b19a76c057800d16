import { expect, test } from '@playwright/test';
import { storeSession } from '../fixtures.ts';
import { publishedRestaurantWithoutPayouts } from '../support/payments.ts';

// Accounts made through the API keep the default time zone (Australia/Sydney): match it so no time zone prompt shows.
test.use({ timezoneId: 'Australia/Sydney' });

const VERIFY_BANNER = 'Please verify your bank account with our payment provider to receive transfers.';
// The banners load lazily after the session and then ask for the connected account: on a busy machine that first
// appearance can take longer than the usual expect timeout.
const FIRST_LOAD = { timeout: 20_000 };

test('the payout banner comes with the screen, not after it', async ({ page, request }) => {
  const auth = await publishedRestaurantWithoutPayouts(request);
  await storeSession(page, auth.token);
  // The connected account answers late, as on a slow connection.
  await page.route('**/v1/payments/me/connected-account', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible(FIRST_LOAD);
  expect(await page.getByRole('status').filter({ hasText: VERIFY_BANNER }).isVisible()).toBe(true);
});

test('a published restaurant without a payout account is asked to verify one, connects it, and the banner goes', async ({ page, request }) => {
  const auth = await publishedRestaurantWithoutPayouts(request);
  await storeSession(page, auth.token);
  await page.goto('/account');
  const banner = page.getByRole('status').filter({ hasText: VERIFY_BANNER });
  await expect(banner).toBeVisible(FIRST_LOAD);
  // Without an account, the Payments link leads to the set-up.
  await expect(page.locator('a[href="/payment-management"]').first()).toBeVisible();

  await banner.getByRole('link', { name: 'Verify bank account' }).click();
  await expect(page).toHaveURL(/\/payment-management$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment management' })).toBeVisible();
  await expect(page).toHaveTitle('Payment management | GoodTable');
  await expect(page.getByText('You have no payout account yet.', { exact: false })).toBeVisible();

  await page.getByLabel('Account holder name').first().fill('Bistro Nouveau Pty Ltd');
  await page.getByLabel('BSB').fill('00-0000');
  await page.getByLabel('Account number', { exact: true }).fill('000123456');
  await page.getByRole('button', { name: 'Connect bank account' }).click();
  await expect(page.getByText('Enter the BSB as six digits: 000-000.')).toBeVisible();
  // The BSB is taken with or without its dash, and kept as printed on statements.
  await page.getByLabel('BSB').fill('000000');
  await page.getByRole('button', { name: 'Connect bank account' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Your payout account is connected: transfers are active.' })).toBeVisible();
  await expect(page.getByText('Transfers active')).toBeVisible();
  await expect(page.getByText('Account ending in 3456')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: VERIFY_BANNER })).toHaveCount(0);
  // The Payments link now leads to the payments list instead of the set-up (docs/product.md, Roles and permissions).
  await expect(page.locator('a[href="/payment-management"]')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments', exact: true })).toHaveAttribute('href', '/payments');

  // The account is kept: a reload shows it, still without the banner.
  await page.reload();
  await expect(page.getByText('Account ending in 3456')).toBeVisible();
  await expect(page.getByText('000-000', { exact: true })).toBeVisible();
  await expect(page.getByText(VERIFY_BANNER)).toHaveCount(0);
});

test('a restaurant dismisses the payout banner for good', async ({ page, request }) => {
  const auth = await publishedRestaurantWithoutPayouts(request);
  await storeSession(page, auth.token);
  await page.goto('/account');
  const banner = page.getByRole('status').filter({ hasText: VERIFY_BANNER });
  await expect(banner).toBeVisible(FIRST_LOAD);
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(VERIFY_BANNER)).toHaveCount(0);
});

test('a restaurant whose country is not listed enters bank details by hand', async ({ page, request }) => {
  const auth = await publishedRestaurantWithoutPayouts(request);
  await storeSession(page, auth.token);
  await page.goto('/payment-management');
  await page.getByRole('checkbox', { name: 'My country is not listed' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Your choice was saved.' })).toBeVisible();
  await expect(page.getByText('Please update your bank account details so you can receive payments.')).toBeVisible();
  await expect(page.getByText('No bank details yet.')).toBeVisible();

  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save bank details' }) });
  await form.getByLabel('Account holder name').fill('Nakamura Ramen KK');
  await form.getByLabel('Bank country').selectOption('JP');
  await form.getByLabel('Bank name').fill('MUFG Bank');
  await form.getByLabel('SWIFT / BIC code').fill('BOTK');
  await form.getByLabel('Account number or IBAN').fill('1234 5678 9012');
  await form.getByRole('button', { name: 'Save bank details' }).click();
  await expect(form.getByText('Enter a valid SWIFT / BIC code (8 or 11 characters).')).toBeVisible();
  await form.getByLabel('SWIFT / BIC code').fill('BOTKJPJT');
  await form.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your bank details were saved.' })).toBeVisible();
  await expect(page.getByText(/MUFG Bank \(Japan\), Nakamura Ramen KK, account ending in 9012/)).toBeVisible();
  await expect(page.getByText('Please update your bank account details so you can receive payments.')).toHaveCount(0);
});

import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { storeSession } from '../fixtures.ts';
import { demoSignIn } from '../support/bookings.ts';
import { waitForEmail } from '../support/mailbox.ts';
import { acceptedBooking, depositOf, payWithCard } from '../support/payments.ts';
import { typedTestCardNumber } from '@goodtable/shared';

test('a client pays a deposit, finds it with its totals on its payments, opens the receipt; the restaurant sees it held on /payments, not as money in', async ({ page, browser, request }) => {
  // Two roles, two browser contexts and a download on a busy machine.
  test.slow();
  const { booking, auth } = await acceptedBooking(page, { request, label: 'payments-list' });
  const deposit = await depositOf(request, { auth, bookingId: booking.id });
  await page.goto(`/bookings/${booking.id}/payment`);
  await payWithCard(page, { number: typedTestCardNumber(), amount: deposit });
  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);

  // The header's Payments link leads a client to its payments.
  await page.getByRole('link', { name: 'Payments', exact: true }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === '/bookings/payments');
  await expect(page.getByRole('heading', { name: 'My payments', level: 1 })).toBeVisible();
  const totals = page.getByTestId(/^payer-totals-/);
  await expect(totals.getByText('Paid', { exact: true })).toBeVisible();
  await expect(totals.getByRole('definition').first()).toHaveText(deposit);
  const row = page.getByTestId('payment-row').filter({ hasText: booking.title! });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Deposit by card');
  await expect(row).toContainText('Succeeded');
  await expect(row).toContainText(deposit);

  // The receipt, from the row's link (reached with the keyboard).
  const receiptLink = row.getByRole('link', { name: `Receipt for Deposit by card of ${deposit}` });
  await receiptLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}\/receipt$/);
  const receipt = page.getByRole('article', { name: 'Payment receipt' });
  await expect(receipt).toContainText(deposit);
  await expect(receipt).toContainText('Linh Tran');
  await expect(receipt).toContainText(booking.title!);
  await expect(receipt).toContainText(booking.restaurant!.name!);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  // The receipt email came with the payment and links to the same page.
  const email = await waitForEmail(request, { to: auth.user.email, subject: /^Your receipt: / });
  expect(email.text).toContain(deposit);
  expect(email.text).toContain(new URL(page.url()).pathname);

  // The restaurant sees the client's deposit, held until the event settles and not its income, and exports it.
  const restaurantContext = await browser.newContext({ baseURL: new URL(page.url()).origin, acceptDownloads: true });
  const restaurantPage = await restaurantContext.newPage();
  await restaurantPage.goto('/');
  await storeSession(restaurantPage, (await demoSignIn(request, 'seller')).token);
  await restaurantPage.goto(`/payments?booking=${booking.id}`);
  await expect(restaurantPage.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const sellerRow = restaurantPage.getByTestId('payment-row');
  await expect(sellerRow).toHaveCount(1);
  await expect(sellerRow).toContainText(booking.title!);
  await expect(sellerRow).toContainText('Held until the event settles');
  await expect(sellerRow).toContainText(`Not income: ${deposit}`);
  await expect(sellerRow).not.toContainText('+');
  await expect(sellerRow.getByText('Money in')).toHaveCount(0);
  const sellerTotals = restaurantPage.getByTestId(/^earner-totals-/);
  await expect(sellerTotals.getByText('Held until events settle')).toBeVisible();
  await expect(sellerTotals.getByRole('definition').first()).toHaveText(deposit);
  await expect(sellerTotals.getByText('Your clients’ deposits, held by GoodTable until each event settles: not your income.')).toBeVisible();
  await expect(restaurantPage.getByTestId('money-chart')).toBeVisible();
  const download = restaurantPage.waitForEvent('download');
  await restaurantPage.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv).toContain('Date,Booking,Restaurant,Cause,Type,Status,Amount,Not income (held or settled),Currency,Reference');
  expect(csv).toContain(booking.title!);
  expect(csv).toContain('Held until the event settles');
  // Back to every booking of the restaurant: the deposit is on its first page (newest first).
  await restaurantPage.getByRole('button', { name: 'Show all bookings' }).click();
  await expect(restaurantPage.getByTestId('payment-row').filter({ hasText: booking.title! })).toHaveCount(1);
  await restaurantContext.close();
});

test('a failing payments list shows “Get Bookings Account Detail error!”', async ({ page, request }) => {
  await acceptedBooking(page, { request, label: 'payments-list-error' });
  await page.route('**/v1/bookings/payments**', (route) => route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: '' } }));
  await page.goto('/bookings/payments');
  await expect(page.getByText('Get Bookings Account Detail error!').first()).toBeVisible();
});

test('a client without payments sees the empty state', async ({ page, request }) => {
  await acceptedBooking(page, { request, label: 'payments-list-empty' });
  await page.goto('/bookings/payments');
  await expect(page.getByRole('heading', { name: 'No payments yet' })).toBeVisible();
});

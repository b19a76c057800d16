import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatMoney, type AuthResponse, type PaymentOptions, type SiteHome, typedTestCardNumber } from '@goodtable/shared';
import { signUpThroughApi, storeSession } from '../fixtures.ts';
import { bearer, bookingWorld, createRequest, demoSignIn, postAction, uniqueTitle } from '../support/bookings.ts';
import { acceptedBooking, depositOf, payDepositThroughApi, payWithCard, publishedRestaurantWithoutPayouts } from '../support/payments.ts';
import { moveClock } from '../support/clock.ts';

// This file moves the shared business clock by weeks, so the config runs it alone after every other spec (CLOCK_MOVING_SPECS).

// Accounts made through the API keep the default time zone (Australia/Sydney): match it so no time zone prompt shows.
test.use({ timezoneId: 'Australia/Sydney' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const aud = (amount: number) => formatMoney(amount, { currency: 'AUD', locale: 'en' });

/** Rounded half away from zero to the minor unit, as the server rounds the platform fee. */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/**
 * docs/decisions/0070-settlement-formula.md: with n tickets at T, menu price M, g guests, donations D,
 * prepaid C and fee rate f — F = M × max(n, g), R = T × n, P = f × R; the restaurant gets F, the cause
 * max(0, R − P − F) + D; a shortfall F − (R − P) comes out of C, then from the client; the rest of C is refunded.
 */
function settlement({ n, T, M, g, D, C, feePercent }: { n: number; T: number; M: number; g: number; D: number; C: number; feePercent: number }) {
  const food = M * Math.max(n, g);
  const revenue = T * n;
  const fee = roundHalfAway((feePercent * revenue) / 100);
  const shortfall = Math.max(0, food - (revenue - fee));
  const fromPrepaid = Math.min(C, shortfall);
  return { restaurant: food, cause: Math.max(0, revenue - fee - food) + D, platform: fee, balanceCharge: shortfall - fromPrepaid, refund: C - fromPrepaid };
}

async function signedInPage(browser: Browser, { page, auth }: { page: Page; auth: AuthResponse }): Promise<Page> {
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, timezoneId: 'Australia/Sydney' });
  const other = await context.newPage();
  await storeSession(other, auth.token);
  return other;
}

/** The totals card figure labelled `label` (a `dt` and its amount in the next `dd`). */
const figure = (page: Page, { testId, label }: { testId: RegExp; label: string }) => page.getByTestId(testId).locator(`dt:text-is("${label}") + dd`);

/** The list's rows of one type (its first line; "Refund" would also match a row whose status is "Refunded"). */
const rowsOfType = (page: Page, type: string) => page.getByTestId('payment-row').filter({ has: page.getByText(type, { exact: true }) });

test('after the event the restaurant and the cause see the settlement formula’s amounts, and the payouts are paid', async ({ page, browser, request }) => {
  // Three roles in three browser contexts, weeks of business time run through the jobs.
  test.slow();
  // A restaurant of its own with a payout account, so its payout is this booking's money alone.
  const restaurant = await publishedRestaurantWithoutPayouts(request);
  const connected = await request.put('/v1/payments/me/connected-account', {
    headers: bearer(restaurant),
    data: { country: 'AU', account_holder: 'Settlement Bistro Pty Ltd', bsb: '000-000', account_number: '000123456' },
  });
  expect(connected.status(), await connected.text()).toBe(200);

  const { auth: client } = await signUpThroughApi(request, 'settlement');
  const booking = await createRequest(request, { world: await bookingWorld(request, { client, restaurantId: restaurant.user.id }), title: uniqueTitle('Settlement dinner') });
  await postAction(request, { auth: restaurant, bookingId: booking.id, action: 'accept' });
  const options = (await (await request.get(`/v1/bookings/${booking.id}/payment-options`, { headers: bearer(client) })).json()) as PaymentOptions;
  const deposit = options.options.find((option) => option.type === 'CREDIT_CARD_DEPOSIT')!.amount;
  const pricing = ((await (await request.get('/v1/site/home')).json()) as SiteHome).pricing;

  // The client pays the deposit in the browser.
  await storeSession(page, client.token);
  await page.goto(`/bookings/${booking.id}/payment`);
  await payWithCard(page, { number: typedTestCardNumber(), amount: aud(deposit) });
  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);
  await expect(page.getByRole('main').getByText('Booking Reserved').first()).toBeVisible();

  // Marking an event complete needs a ticket on the counter; ticket checkout does not exist yet, so the
  // dev route sets it. No ticket money comes with it: the settlement counts n = 0 tickets and D = 0 donations.
  expect((await request.post(`/dev/bookings/${booking.id}/tickets-sold`, { data: { count: 1 } })).status()).toBe(200);
  const clock = (await (await request.get('/dev/clock')).json()) as { now: string };
  await moveClock(request, Date.parse(booking.date!) - Date.parse(clock.now) + 6 * HOUR);
  await postAction(request, { auth: restaurant, bookingId: booking.id, action: 'mark-complete' });

  const menuPrice = booking.menu!.price;
  const expected = settlement({ n: 0, T: booking.ticket_price ?? 0, M: menuPrice, g: booking.guests!, D: 0, C: deposit, feePercent: pricing.platform_fee_percent });
  // Without ticket money the client owes the food cost beyond its deposit (the shortfall branch of the formula).
  expect(expected.balanceCharge).toBe(menuPrice * booking.guests! - deposit);

  // The client confirms the completion in the browser, shown first what settling charges: the booking completes and settles.
  await page.reload();
  await page.getByRole('button', { name: 'Confirm completion' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Confirm the event is complete?' });
  await expect(confirmation.locator('dt:text-is("The restaurant receives") + dd')).toHaveText(aud(expected.restaurant));
  await expect(confirmation.locator('dt:text-is("You pay now") + dd')).toHaveText(aud(expected.balanceCharge));
  await confirmation.getByRole('button', { name: `Confirm and pay ${aud(expected.balanceCharge)}` }).click();
  await expect(page.getByRole('main').getByText('Completed').first()).toBeVisible();

  // The restaurant: its share at settlement is money in; the client's payments, settled, are not its income.
  const restaurantPage = await signedInPage(browser, { page, auth: restaurant });
  await restaurantPage.goto(`/payments?booking=${booking.id}`);
  const restaurantRows = restaurantPage.getByTestId('payment-row');
  await expect(restaurantRows.filter({ hasText: 'Share at settlement' })).toContainText(`+${aud(expected.restaurant)}`);
  await expect(restaurantRows.filter({ hasText: 'Deposit by card' })).toContainText('Settled');
  await expect(restaurantRows.filter({ hasText: 'Deposit by card' })).toContainText(`Not income: ${aud(deposit)}`);
  await expect(restaurantRows.filter({ hasText: 'Balance after the event' })).toContainText(`Not income: ${aud(expected.balanceCharge)}`);
  await expect(restaurantRows.filter({ hasText: 'Deposit by card' })).not.toContainText('+');
  await expect(figure(restaurantPage, { testId: /^earner-totals-AUD$/, label: 'Earned' })).toHaveText(aud(expected.restaurant));
  await expect(figure(restaurantPage, { testId: /^earner-totals-AUD$/, label: 'Held until events settle' })).toHaveText(aud(0));

  // The restaurant's booking page shows the same share.
  await restaurantPage.goto(`/bookings/${booking.id}`);
  await expect(restaurantPage.getByRole('region', { name: 'Money for this booking' }).locator('dt:text-is("Earned") + dd')).toHaveText(aud(expected.restaurant));

  // The cause: no share without ticket money, and the client's payments are not the cause's money: nothing of this
  // booking is on its page.
  expect(expected.cause).toBe(0);
  const causePage = await signedInPage(browser, { page, auth: await demoSignIn(request, 'cause') });
  await causePage.goto(`/payments?booking=${booking.id}`);
  await expect(causePage.getByRole('heading', { name: 'No money yet' })).toBeVisible();
  await expect(causePage.getByTestId('payment-row')).toHaveCount(0);
  await expect(causePage.getByTestId(/^earner-totals-/)).toHaveCount(0);

  // The client: the deposit and the balance paid, whatever of the deposit was not needed refunded.
  await page.goto(`/bookings/payments?booking=${booking.id}`);
  await expect(figure(page, { testId: /^payer-totals-AUD$/, label: 'Paid' })).toHaveText(aud(deposit + expected.balanceCharge));
  await expect(figure(page, { testId: /^payer-totals-AUD$/, label: 'Refunded' })).toHaveText(aud(expected.refund));

  // The payouts job runs every 15 minutes of business time: the restaurant's share reaches its bank.
  await moveClock(request, 16 * MINUTE);
  await restaurantPage.goto('/payments');
  const payout = restaurantPage.getByTestId('payment-row').filter({ hasText: 'Payout to your bank' });
  await expect(payout).toHaveCount(1);
  await expect(payout).toContainText('Paid');
  await expect(payout).toContainText(aud(expected.restaurant));
  await expect(figure(restaurantPage, { testId: /^earner-totals-AUD$/, label: 'Paid out' })).toHaveText(aud(expected.restaurant));
  await expect(figure(restaurantPage, { testId: /^earner-totals-AUD$/, label: 'To be paid out' })).toHaveText(aud(0));
  await restaurantPage.context().close();
  await causePage.context().close();
});

test('a client cancelling more than 14 days ahead gets the deposit back: on its payments and on the receipt', async ({ page, request }) => {
  const { booking, auth } = await acceptedBooking(page, { request, label: 'cancel-early' });
  const deposit = await depositOf(request, { auth, bookingId: booking.id });
  await page.goto(`/bookings/${booking.id}/payment`);
  await payWithCard(page, { number: typedTestCardNumber(), amount: deposit });
  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);

  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Your prepayment of ${deposit} is refunded to you.`);
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('main').getByText('Cancelled').first()).toBeVisible();

  // The booking page shows the refund, and leads to the booking's payments.
  const money = page.getByRole('region', { name: 'Money for this booking' });
  await expect(money.locator('dt:text-is("Refunded") + dd')).toHaveText(deposit);
  await expect(money.locator('dt:text-is("Net paid") + dd')).toHaveText(aud(0));
  await money.getByRole('link', { name: 'See this booking’s payments' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/bookings/payments' && url.searchParams.get('booking') === booking.id);
  const refund = rowsOfType(page, 'Refund');
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText(deposit);
  await expect(figure(page, { testId: /^payer-totals-AUD$/, label: 'Refunded' })).toHaveText(deposit);
  await expect(figure(page, { testId: /^payer-totals-AUD$/, label: 'Net paid' })).toHaveText(aud(0));
  const paid = page.getByTestId('payment-row').filter({ hasText: 'Deposit by card' });
  await expect(paid).toContainText('Refunded');

  await paid.getByRole('link', { name: `Receipt for Deposit by card of ${deposit}` }).click();
  const receipt = page.getByRole('article', { name: 'Payment receipt' });
  await expect(receipt.locator('dt:text-is("Refunded") + dd')).toHaveText(deposit);
  await expect(receipt.locator('dt:text-is("Net paid") + dd')).toHaveText(aud(0));
});

test('the restaurant cancelling refunds the client’s deposit in full', async ({ page, browser, request }) => {
  const { booking, auth } = await acceptedBooking(page, { request, label: 'restaurant-cancels' });
  const deposit = await payDepositThroughApi(request, { auth, bookingId: booking.id });

  const restaurantPage = await signedInPage(browser, { page, auth: await demoSignIn(request, 'seller') });
  await restaurantPage.goto(`/bookings/${booking.id}`);
  await restaurantPage.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = restaurantPage.getByRole('dialog');
  await expect(dialog).toContainText(`The client's prepayment of ${aud(deposit)} and every ticket are refunded in full.`);
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(restaurantPage.getByRole('main').getByText('Cancelled').first()).toBeVisible();
  await restaurantPage.context().close();

  await page.goto(`/bookings/payments?booking=${booking.id}`);
  await expect(rowsOfType(page, 'Refund')).toContainText(aud(deposit));
  await expect(figure(page, { testId: /^payer-totals-AUD$/, label: 'Paid' })).toHaveText(aud(deposit));
  await expect(figure(page, { testId: /^payer-totals-AUD$/, label: 'Refunded' })).toHaveText(aud(deposit));
});

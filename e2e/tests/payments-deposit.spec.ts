import { expect, test, type Page } from '@playwright/test';
import { acceptedBooking, depositOf, payWithCard } from '../support/payments.ts';
import { typedTestCardNumber } from '@goodtable/shared';

/** The page's own badge, next to its heading (the coloured status badge carries `data-colour`). */
const statusBadge = (page: Page) => page.getByRole('main').locator('h1 + [data-colour]');

test('a client pays the deposit by card from the booking page; the booking is confirmed', async ({ page, request }) => {
  const { booking, auth } = await acceptedBooking(page, { request, label: 'deposit' });
  const deposit = await depositOf(request, { auth, bookingId: booking.id });
  await page.goto(`/bookings/${booking.id}`);
  await expect(statusBadge(page)).toHaveText('Booking status: Awaiting Payment');
  await page.getByRole('link', { name: 'Pay the deposit' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}/payment`);
  await expect(page.getByRole('heading', { name: 'Pay for your booking' })).toBeVisible();
  await expect(page.getByRole('radio', { name: new RegExp(`Deposit · ${deposit.replace('$', '\\$')}`) })).toBeChecked();

  // A malformed expiry is named before anything is sent.
  await page.getByLabel('Card number').fill(typedTestCardNumber());
  await page.getByLabel('Expiry date (MM/YY)').fill('13/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${deposit}` }).click();
  await expect(page.getByText('Enter the expiry date as MM/YY.')).toBeVisible();

  await payWithCard(page, { number: typedTestCardNumber(), amount: deposit });
  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);
  await expect(statusBadge(page)).toHaveText('Booking status: Booking Reserved');
  await expect(page.getByRole('link', { name: 'Pay the deposit' })).toHaveCount(0);
});

test('a declined card shows the provider’s message and leaves the booking awaiting payment', async ({ page, request }) => {
  const { booking, auth } = await acceptedBooking(page, { request, label: 'declined-card' });
  const deposit = await depositOf(request, { auth, bookingId: booking.id });
  await page.goto(`/bookings/${booking.id}/payment`);
  await payWithCard(page, { number: typedTestCardNumber('declined'), amount: deposit });
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}/payment`);

  await page.getByRole('link', { name: 'Back to the booking' }).first().click();
  await expect(statusBadge(page)).toHaveText('Booking status: Awaiting Payment');
});

test('the 3155 card goes through the extra step: failing it says why, approving it confirms the booking', async ({ page, request }) => {
  const { booking, auth } = await acceptedBooking(page, { request, label: 'three-ds' });
  const deposit = await depositOf(request, { auth, bookingId: booking.id });
  await page.goto(`/bookings/${booking.id}/payment`);
  await payWithCard(page, { number: typedTestCardNumber('requiresAction'), amount: deposit });
  await expect(page).toHaveURL(/\/intermediary\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Your bank asks you to confirm the payment of ${deposit}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Fail authentication' }).click();

  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}/payment`);
  await expect(page.getByRole('alert').filter({ hasText: 'We are unable to authenticate your payment method.' })).toBeVisible();

  await payWithCard(page, { number: typedTestCardNumber('requiresAction'), amount: deposit });
  await expect(page).toHaveURL(/\/intermediary\//);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);
  await expect(statusBadge(page)).toHaveText('Booking status: Booking Reserved');
});

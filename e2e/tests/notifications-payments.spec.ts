import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi, storeSession } from '../fixtures.ts';
import { bearer, bookingWorld, createRequest, postAction, uniqueTitle } from '../support/bookings.ts';
import { depositOf, payWithCard, publishedRestaurantWithoutPayouts } from '../support/payments.ts';
import { typedTestCardNumber } from '@goodtable/shared';

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const popover = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

test('the client pays the deposit by card in its browser; the restaurant’s badge and open popover follow without reload, linking to the booking', async ({ page, browser, request }) => {
  test.slow(); // two browsers and a payment
  // A restaurant of its own: the demo restaurant hears from every parallel test, so its badge would not stay at 0.
  const restaurant = await publishedRestaurantWithoutPayouts(request);
  // The client's browser (`page`): an accepted request of that restaurant's, awaiting the deposit.
  const { auth } = await signUpThroughApi(request, 'paid-dinner');
  const booking = await createRequest(request, { world: await bookingWorld(request, { client: auth, restaurantId: restaurant.user.id }), title: uniqueTitle('paid-dinner') });
  await postAction(request, { auth: restaurant, bookingId: booking.id, action: 'accept' });
  await storeSession(page, auth.token);
  const deposit = await depositOf(request, { auth, bookingId: booking.id });

  // The restaurant's browser, everything read so far: no badge, the popover open when the money arrives.
  expect((await request.put('/v1/notification', { headers: bearer(restaurant) })).status()).toBe(204);
  const restaurantContext = await browser.newContext();
  const restaurantPage = await restaurantContext.newPage();
  await storeSession(restaurantPage, restaurant.token);
  await restaurantPage.goto('/bookings');
  await expect(bell(restaurantPage)).toBeVisible({ timeout: 20_000 }); // the signed-in header actions are a lazy chunk
  await expect(restaurantPage.getByTestId('notifications-badge')).toHaveCount(0);
  await bell(restaurantPage).click();
  await expect(popover(restaurantPage)).toBeVisible();

  await page.goto(`/bookings/${booking.id}/payment`);
  await payWithCard(page, { number: typedTestCardNumber(), amount: deposit });
  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);

  await expect(restaurantPage.getByTestId('notifications-badge')).toHaveText(/^[1-9]\d*$/);
  // The request's own notification (read) is there too: the payment's is the one saying so.
  const item = popover(restaurantPage).getByTestId('notification').filter({ hasText: booking.title! }).filter({ hasText: 'paid the deposit' });
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText(`From: ${auth.user.first_name} ${auth.user.last_name}`);
  await expect(item).toContainText(`paid the deposit of ${deposit} for “${booking.title}”: the booking is confirmed`);
  await expect(item.locator('strong').first()).toHaveText(`${auth.user.first_name} ${auth.user.last_name}`);
  await expect(item.getByRole('link')).toHaveAttribute('href', `/bookings/${booking.id}`);

  await item.getByRole('link').click();
  await expect(restaurantPage).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);
  await expect(restaurantPage.getByRole('main')).toContainText(booking.title!);
  await restaurantContext.close();
});

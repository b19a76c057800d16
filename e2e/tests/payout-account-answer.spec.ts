import { expect, test } from '@playwright/test';
import { storeSession, waitForScreen } from '../fixtures.ts';
import { demoSignIn } from '../support/bookings.ts';
import { publishedRestaurantWithoutPayouts } from '../support/payments.ts';

const CONNECTED_ACCOUNT = '/v1/payments/me/connected-account';

test('pages of a manager and of a restaurant without a payout account log no failed request for the payout account', async ({ page, request }) => {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes(CONNECTED_ACCOUNT) && response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    // A failed request's console error names the request in its location.
    if (message.type() === 'error' && message.location().url.includes(CONNECTED_ACCOUNT)) consoleErrors.push(message.text());
  });

  for (const auth of [await demoSignIn(request, 'manager'), await publishedRestaurantWithoutPayouts(request)]) {
    await storeSession(page, auth.token);
    for (const path of ['/bookings', '/account']) {
      const answered = page.waitForResponse((response) => response.url().includes(CONNECTED_ACCOUNT));
      await page.goto(path);
      await waitForScreen(page);
      const answer = await answered;
      expect(answer.status()).toBe(200);
    }
  }
  expect(failures).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

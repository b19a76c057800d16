import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi, storeSession } from '../fixtures.ts';
import { bookingWorld, createRequest, demoSignIn, postAction, uniqueTitle } from '../support/bookings.ts';

const bookingList = (page: Page) => page.getByRole('region', { name: 'Bookings', exact: true });
const attention = (page: Page) => page.getByRole('region', { name: /Needs your attention/ });
const actions = (page: Page) => page.getByRole('region', { name: 'What you can do now' });

test('a request sent to the restaurant appears on its open dashboard, in the list and the attention block, without reload', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'live-request');
  const world = await bookingWorld(request, auth);
  const title = uniqueTitle('Live request');
  const draft = await createRequest(request, world, { title, submit: false });

  const restaurant = await demoSignIn(request, 'seller');
  await storeSession(page, restaurant.token);
  await page.goto(`/bookings?search=${encodeURIComponent(title)}`);
  await expect(bookingList(page).getByRole('heading', { name: 'No bookings match your search' })).toBeVisible();
  // Set on this document only: a reload would drop it.
  await page.evaluate(() => Object.assign(window, { openedOnce: true }));

  await postAction(request, auth, draft.id, 'submit');

  await expect(bookingList(page).getByRole('article', { name: title }).getByText('Action Required')).toBeVisible({ timeout: 2000 });
  await expect(attention(page).getByRole('article', { name: title })).toBeVisible({ timeout: 2000 });
  expect(await page.evaluate(() => 'openedOnce' in window)).toBe(true);
});

test('after the restaurant marks the event complete, confirming is the primary answer and unsatisfactory the secondary one', async ({ page, request }) => {
  // A demo dinner the restaurant has marked complete and the client has not answered yet.
  const title = 'River banquet for the Kitchen of Love';
  const client = await demoSignIn(request, 'user');
  await storeSession(page, client.token);
  await page.goto(`/bookings?search=${encodeURIComponent(title)}`);
  await bookingList(page).getByRole('link', { name: title }).click();

  const confirm = actions(page).getByRole('button', { name: 'Confirm completion' });
  const unsatisfactory = actions(page).getByRole('button', { name: 'Mark as unsatisfactory' });
  await expect(confirm).toHaveClass(/\bbg-brand-700\b/);
  await expect(unsatisfactory).not.toHaveClass(/\bbg-brand-700\b/);
  await expect(unsatisfactory).toHaveClass(/\bring-slate-300\b/);
});

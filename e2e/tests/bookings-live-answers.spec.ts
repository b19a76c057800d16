import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthResponse } from '@goodtable/shared';
import { signUpThroughApi, storeSession } from '../fixtures.ts';
import { bearer, bookingWorld, createRequest, demoSignIn, postAction, uniqueTitle } from '../support/bookings.ts';

const bookingList = (page: Page) => page.getByRole('region', { name: 'Bookings', exact: true });
const attention = (page: Page) => page.getByRole('region', { name: /Needs your attention/ });
const actions = (page: Page) => page.getByRole('region', { name: 'What you can do now' });

/**
 * The restaurant side's dashboard is open at `path` (searched for the request's title, so nothing else shows); the
 * client then sends its request through the API: the row and the attention entry appear within 2 s, on the same document.
 */
async function expectRequestAppearsLive(page: Page, { request, viewer, restaurantId, path }: { request: APIRequestContext; viewer: AuthResponse; restaurantId?: string; path: string }) {
  const { auth } = await signUpThroughApi(request, 'live-request');
  const world = await bookingWorld(request, { client: auth, restaurantId });
  const title = uniqueTitle('Live request');
  const draft = await createRequest(request, { world, title, submit: false });

  await storeSession(page, viewer.token);
  await page.goto(`${path}?search=${encodeURIComponent(title)}`);
  await expect(bookingList(page).getByRole('heading', { name: 'No bookings match your search' })).toBeVisible();
  // Set on this document only: a reload would drop it.
  await page.evaluate(() => Object.assign(window, { openedOnce: true }));

  await postAction(request, { auth, bookingId: draft.id, action: 'submit' });

  await expect(bookingList(page).getByRole('article', { name: title }).getByText('Action Required')).toBeVisible({ timeout: 2000 });
  await expect(attention(page).getByRole('article', { name: title })).toBeVisible({ timeout: 2000 });
  expect(await page.evaluate(() => 'openedOnce' in window)).toBe(true);
}

test('a request sent to the restaurant appears on its open dashboard, in the list and the attention block, without reload', async ({ page, request }) => {
  await expectRequestAppearsLive(page, { request, viewer: await demoSignIn(request, 'seller'), path: '/bookings' });
});

test('a request sent to a managed restaurant appears live on the manager’s page of that restaurant', async ({ page, request }) => {
  const manager = await demoSignIn(request, 'manager');
  const managed = (await (await request.get(`/v1/managers/${manager.user.id}/restaurants?status=active`, { headers: bearer(manager) })).json()) as { data: { id: string }[] };
  const restaurantId = managed.data[0]!.id;
  await expectRequestAppearsLive(page, { request, viewer: manager, restaurantId, path: `/restaurants/${restaurantId}/bookings` });
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

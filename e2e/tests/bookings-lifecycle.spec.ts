import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi, storeSession, notFoundHeading } from '../fixtures.ts';
import { bookingWorld, createDraft, createRequest, demoSignIn, postAction, uniqueTitle } from '../support/bookings.ts';

/** The page's own badge, next to its heading (the coloured status badge carries `data-colour`). */
const statusBadge = (page: Page) => page.getByRole('main').locator('h1 + [data-colour]');
const actions = (page: Page) => page.getByRole('region', { name: 'What you can do now' });

test('the restaurant accepts a request; the client’s open page follows live', async ({ page, browser, request }) => {
  const { auth } = await signUpThroughApi(request, 'accepted');
  const world = await bookingWorld(request, { client: auth });
  const title = uniqueTitle('Pasta night');
  const booking = await createRequest(request, { world, title });

  // The client keeps its booking open in its own browser.
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await storeSession(clientPage, auth.token);
  await clientPage.goto(`/bookings/${booking.id}`);
  await expect(statusBadge(clientPage)).toHaveText('Booking status: Awaiting restaurant response');
  await expect(clientPage.getByRole('region', { name: 'Status' })).toContainText('Restaurant to answer by');

  // The restaurant finds the request on its dashboard and accepts it.
  const restaurant = await demoSignIn(request, 'seller');
  await storeSession(page, restaurant.token);
  await page.goto(`/bookings?search=${encodeURIComponent(title)}`);
  await page.getByRole('region', { name: 'Bookings', exact: true }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);
  await expect(statusBadge(page)).toHaveText('Booking status: Action Required');
  await actions(page).getByRole('button', { name: 'Accept' }).click();
  await expect(statusBadge(page)).toHaveText('Booking status: Awaiting Client');
  await expect(page.getByRole('region', { name: 'History' }).getByText('Request accepted')).toBeVisible();
  await expect(actions(page).getByRole('button', { name: 'Accept' })).toHaveCount(0);

  await expect(statusBadge(clientPage)).toHaveText('Booking status: Awaiting Payment');
  await expect(clientPage.getByRole('region', { name: 'Status' })).toContainText('Deposit due by');
  await clientContext.close();
});

test('the restaurant declines with a reason; the client sees Request Declined', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'declined');
  const world = await bookingWorld(request, { client: auth });
  const booking = await createRequest(request, { world, title: uniqueTitle('Gala') });
  const restaurant = await demoSignIn(request, 'seller');
  await storeSession(page, restaurant.token);

  await page.goto(`/bookings/${booking.id}`);
  await actions(page).getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this request' });
  const confirm = dialog.getByRole('button', { name: 'Decline request' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Not suitable for this event').check();
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(statusBadge(page)).toHaveText('Booking status: Request Declined');

  await storeSession(page, auth.token);
  await page.goto(`/bookings/${booking.id}`);
  await expect(statusBadge(page)).toHaveText('Booking status: Request Declined');
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Not suitable for this event');
  await expect(actions(page).getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
});

test('an answer to a booking that changed meanwhile says why and shows what is true now', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'stale');
  const world = await bookingWorld(request, { client: auth });
  const booking = await createRequest(request, { world, title: uniqueTitle('Stale') });
  const restaurant = await demoSignIn(request, 'seller');
  await storeSession(page, restaurant.token);
  // Without its live stream (a dropped connection), the page cannot know of the change before answering.
  await page.route('**/v1/live/stream', (route) => route.abort());
  await page.goto(`/bookings/${booking.id}`);
  await expect(actions(page).getByRole('button', { name: 'Accept' })).toBeVisible();

  await postAction(request, { auth, bookingId: booking.id, action: 'cancel' });
  await actions(page).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This booking changed meanwhile. Please reload it and try again.' })).toBeVisible();
  await expect(statusBadge(page)).toHaveText('Booking status: Event Cancelled by Client');
  await expect(page.getByRole('region', { name: 'What you can do now' })).toHaveCount(0);
});

test('the client cancels a request after reading what happens to the money', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'cancel');
  const world = await bookingWorld(request, { client: auth });
  const booking = await createRequest(request, { world, title: uniqueTitle('Cancelled') });
  await storeSession(page, auth.token);
  await page.goto(`/bookings/${booking.id}`);

  await actions(page).getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText('No deposit has been paid, so nothing is charged.');
  // Escape keeps the booking as it is.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(statusBadge(page)).toHaveText('Booking status: Awaiting restaurant response');

  await actions(page).getByRole('button', { name: 'Cancel booking' }).click();
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(statusBadge(page)).toHaveText('Booking status: Booking Cancelled');
  await expect(page.getByRole('region', { name: 'History' }).getByText('Booking cancelled')).toBeVisible();
});

test('the client deletes a draft; nobody else can open its bookings', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'delete');
  const world = await bookingWorld(request, { client: auth });
  const draft = await createDraft(request, { client: auth, title: uniqueTitle('Throwaway') });
  const request_ = await createRequest(request, { world, title: uniqueTitle('Private') });

  const stranger = await signUpThroughApi(request, 'stranger');
  await storeSession(page, stranger.auth.token);
  await page.goto(`/bookings/${request_.id}`);
  await expect(notFoundHeading(page)).toBeVisible();

  await storeSession(page, auth.token);
  await page.goto(`/bookings/${draft.id}`);
  await expect(statusBadge(page)).toHaveText('Booking status: Resume Draft');
  await actions(page).getByRole('button', { name: 'Delete draft' }).click();
  await page.getByRole('dialog', { name: 'Delete this draft?' }).getByRole('button', { name: 'Delete draft' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/bookings');
  await expect(page.getByText('Draft deleted.')).toBeVisible();
  await page.goto(`/bookings/${draft.id}`);
  await expect(notFoundHeading(page)).toBeVisible();
});

test('after the event the restaurant marks it complete and the client confirms: Event Completed', async ({ browser, request }) => {
  // Two parties' pages, one after the other, each signing in and loading the app: about 17 s on a quiet 2-core machine,
  // over the default 30 s when another such test runs beside it.
  test.slow();
  // The demo's passed, ticketed and unmarked dinner (each run has its own database, so the demo starts fresh).
  const title = 'Riverside barbecue for flood relief';
  const manager = await demoSignIn(request, 'manager');
  const client = await demoSignIn(request, 'user');

  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await storeSession(managerPage, manager.token);
  await managerPage.goto(`/bookings?search=${encodeURIComponent(title)}`);
  const row = managerPage.getByRole('region', { name: 'Bookings', exact: true }).getByRole('article', { name: title });
  await expect(row.getByText('Awaiting Completion')).toBeVisible();
  await row.getByRole('link', { name: title }).click();
  await actions(managerPage).getByRole('button', { name: 'Mark as complete' }).click();
  await expect(statusBadge(managerPage)).toHaveText('Booking status: Awaiting Client Response');
  await managerContext.close();

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await storeSession(clientPage, client.token);
  await clientPage.goto(`/bookings?search=${encodeURIComponent(title)}`);
  await clientPage.getByRole('region', { name: 'Bookings', exact: true }).getByRole('link', { name: title }).click();
  await expect(statusBadge(clientPage)).toHaveText('Booking status: Event marked complete');
  await expect(actions(clientPage).getByRole('button', { name: 'Mark as unsatisfactory' })).toBeVisible();
  await actions(clientPage).getByRole('button', { name: 'Confirm completion' }).click();
  // The dialog shows the settlement first; confirming settles it at the amounts shown.
  const confirmation = clientPage.getByRole('dialog', { name: 'Confirm the event is complete?' });
  await confirmation.getByRole('button', { name: /^Confirm (completion|and pay)/ }).click();
  await expect(statusBadge(clientPage)).toHaveText('Booking status: Event Completed');
  await expect(clientPage.getByRole('region', { name: 'History' }).getByText('Completion confirmed')).toBeVisible();
  await clientContext.close();
});

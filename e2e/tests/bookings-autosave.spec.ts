import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { signUpThroughApi, storeSession } from '../fixtures.ts';

// Accounts made through the API keep the default time zone (Australia/Sydney): match it so no time zone prompt shows.
test.use({ timezoneId: 'Australia/Sydney' });

const TRATTORIA = 'trattoria-rossi';

/** A new client's draft on /add-event at Trattoria Rossi, titled and with its first menu chosen (saved). */
async function openDraft(page: Page, request: APIRequestContext) {
  const { auth } = await signUpThroughApi(request, 'autosaver');
  const headers = { authorization: `Bearer ${auth.token.access_token}` };
  const restaurant = await (await request.get(`/v1/restaurants/by-slug/${TRATTORIA}`)).json();
  const options = await (await request.get(`/v1/restaurants/${restaurant.id}/booking-options`, { headers })).json();
  const menu = options.menus[0] as { id: string; price: number };
  await storeSession(page, auth.token);
  // Timers run on Playwright's clock, so the debounce can be run forward instead of waited for.
  await page.clock.install();
  await page.goto(`/add-event?restaurant=${restaurant.id}`);
  await page.getByLabel('Event title').fill('Pasta for the pantry');
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await page.getByLabel('Menu').selectOption({ value: menu.id });
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  return { menu };
}

/** The draft saves (PUT /v1/bookings/{id}) the page sends from now on. */
function recordSaves(page: Page): Request[] {
  const puts: Request[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && /\/v1\/bookings\/[0-9a-f-]{36}$/.test(new URL(sent.url()).pathname)) puts.push(sent);
  });
  return puts;
}

test('the draft autosave sends nothing while the ticket price is below the menu, then one save once it is valid', async ({ page, request }) => {
  const { menu } = await openDraft(page, request);
  // A one-digit price is below the menu's price per head; two digits (the menu's price and more) are not.
  expect(menu.price).toBeGreaterThan(900);
  expect(menu.price).toBeLessThan(9000);
  const puts = recordSaves(page);

  const price = page.getByLabel('Ticket price per attendee (AUD)');
  await price.pressSequentially('9');
  await expect(page.getByText('The ticket price must be at least the menu’s price per head.')).toBeVisible();
  // Ten seconds of autosave time with the invalid price on screen.
  await page.clock.runFor(10_000);
  await expect(page.getByTestId('save-status')).not.toHaveText('Saving…');

  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.request().postDataJSON()?.ticket_price === 9500);
  await price.pressSequentially('5');
  await page.clock.runFor(1_000);
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  expect(puts.map((sent) => sent.postDataJSON().ticket_price)).toEqual([9500]);
});

test('typing a story at a steady pace saves at most twice a second, and the status ends at "Saved"', async ({ page, request }) => {
  await openDraft(page, request);
  const puts = recordSaves(page);
  const story = 'Every plate feeds a family for a week.';
  const started = Date.now();
  await page.getByLabel('Story', { exact: true }).pressSequentially(story, { delay: 60 });
  const typingSeconds = (Date.now() - started) / 1000;
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.request().postDataJSON()?.story === story);
  await page.clock.runFor(1_000);
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  expect(puts.length).toBeLessThanOrEqual(Math.max(1, 2 * Math.ceil(typingSeconds)));
});

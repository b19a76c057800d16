import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInThroughApi, signUpThroughApi, storeSession } from '../fixtures.ts';

// Accounts made through the API keep the default time zone (Australia/Sydney): match it so no time zone prompt shows.
test.use({ timezoneId: 'Australia/Sydney' });

const TRATTORIA = 'trattoria-rossi'; // Melbourne, hosts every day 18:00–22:30, 14 days' notice (the demo seller's).
const HARBOURSIDE = 'harbourside-oyster-bar'; // Sydney, Wednesday to Sunday, run by the demo manager.

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the day `daysAhead` from now in `timeZone`, moved on to the first `weekday` (0 = Sunday) if given. */
function dayAhead(daysAhead: number, { timeZone, weekday }: { timeZone: string; weekday?: number }): string {
  for (let offset = daysAhead; offset < daysAhead + 7; offset++) {
    const instant = new Date(Date.now() + offset * DAY_MS);
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' }).formatToParts(instant);
    const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
    const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
    if (weekday === undefined || day === weekday) return `${part('year')}-${part('month')}-${part('day')}`;
  }
  throw new Error('unreachable');
}

type Restaurant = { id: string; timezone: string; menus: { id: string; name: string; price: number; min_guests: number }[] };

async function restaurantBySlug(request: APIRequestContext, { slug, token }: { slug: string; token: string }): Promise<Restaurant> {
  const restaurant = await (await request.get(`/v1/restaurants/by-slug/${slug}`)).json();
  const options = await (await request.get(`/v1/restaurants/${restaurant.id}/booking-options`, { headers: { authorization: `Bearer ${token}` } })).json();
  return { id: restaurant.id, timezone: options.restaurant.timezone, menus: options.menus };
}

async function causeId(request: APIRequestContext, search: string): Promise<string> {
  const list = await (await request.get('/v1/causes', { params: { search } })).json();
  return list.data[0].id;
}

async function bookingThroughApi(request: APIRequestContext, { token, id }: { token: string; id: string }) {
  const response = await request.get(`/v1/bookings/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return response.json();
}

/** A client's request sent through the API (the screens under test act on it). */
async function pendingRequest(request: APIRequestContext, { token, restaurant, date }: { token: string; restaurant: Restaurant; date: string }) {
  const headers = { authorization: `Bearer ${token}` };
  const menu = restaurant.menus[0]!;
  const created = await request.post('/v1/bookings', {
    headers,
    data: {
      restaurant_id: restaurant.id,
      menu_id: menu.id,
      date,
      guests: Math.max(menu.min_guests, 20),
      cause_id: await causeId(request, 'Hope Kitchen'),
      title: 'Pasta for the pantry',
      story: 'Every plate feeds a family.',
      ticket_price: menu.price + 3000,
    },
  });
  expect(created.status()).toBe(201);
  const draft = await created.json();
  const submitted = await request.post(`/v1/bookings/${draft.id}/submit`, { headers, data: {} });
  expect(submitted.status()).toBe(200);
  return submitted.json();
}

async function chooseCause(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Cause' }).fill(name.split(' ')[0]!);
  await page.getByRole('option', { name }).click();
}

test('a client books a dinner from a restaurant page: the draft is kept, resumed, then sent to the restaurant', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'booker');
  const restaurant = await restaurantBySlug(request, { slug: TRATTORIA, token: auth.token.access_token });
  const menu = restaurant.menus[0]!;
  await storeSession(page, auth.token);

  await page.goto(`/${TRATTORIA}`);
  await page.getByRole('link', { name: 'Book an event' }).click();
  await expect(page).toHaveURL(new RegExp(`/add-event\\?restaurant=${restaurant.id}`));
  await expect(page).toHaveTitle('Book an event | GoodTable');
  await expect(page.getByTestId('locked-restaurant')).toHaveText('Trattoria Rossi');

  // The first input creates the draft; the address then names it.
  await page.getByLabel('Event title').fill('Pasta for the pantry');
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await expect(page).toHaveURL(/draft=[0-9a-f-]{36}/);
  const draftId = new URL(page.url()).searchParams.get('draft')!;
  const draft = await bookingThroughApi(request, { token: auth.token.access_token, id: draftId });
  expect(draft).toMatchObject({ status: 'DRAFT', title: 'Pasta for the pantry', restaurant: { id: restaurant.id } });

  // Leave, come back: "Resume Draft".
  await page.goto('/restaurants');
  await page.goto('/add-event');
  await page.getByRole('button', { name: 'Resume Draft' }).click();
  await expect(page.getByLabel('Event title')).toHaveValue('Pasta for the pantry');

  await page.getByLabel('Menu').selectOption({ value: menu.id });
  const date = dayAhead(30, { timeZone: restaurant.timezone });
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByLabel('Time', { exact: true }).fill('19:00');
  await expect(page.getByText('In the restaurant’s time zone (Australia/Melbourne).')).toBeVisible();
  await page.getByLabel('Number of guests').fill(String(menu.min_guests + 8));
  await chooseCause(page, 'Hope Kitchen Foundation');
  await page.getByLabel('Story', { exact: true }).fill('Every plate feeds a family.');
  await page.getByLabel('Ticket price per attendee (AUD)').fill(String(menu.price / 100 - 1));
  await expect(page.getByText('The ticket price must be at least the menu’s price per head.')).toBeVisible();
  await page.getByLabel('Ticket price per attendee (AUD)').fill(String(menu.price / 100 + 30));
  await expect(page.getByTestId('cause-share')).toContainText('Each ticket is A$30.00 above the dinner’s value');
  await page.getByLabel('Fundraising goal in AUD (optional)').fill('5000');
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(`/bookings/${draftId}`);
  await expect(page.getByText('Your request was sent to the restaurant.')).toBeVisible();
  const sent = await bookingThroughApi(request, { token: auth.token.access_token, id: draftId });
  expect(sent).toMatchObject({
    status: 'PENDING',
    label: { key: 'awaitingRestaurantResponse' },
    guests: menu.min_guests + 8,
    ticket_price: menu.price + 3000,
    goal: 500000,
    cause: { name: 'Hope Kitchen Foundation' },
    title: 'Pasta for the pantry',
  });
  // Typed on the restaurant's clock (Melbourne), whatever the viewer's (Sydney here).
  const melbourne = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  expect(melbourne.format(new Date(sent.date))).toBe(`${date}, 19:00`);
});

test('the restaurant suggests another time, the client asks for a time of its own, then sets guest preferences', async ({ browser, request }) => {
  // Two parties' pages, one after the other, each signing in and loading the app: about 17 s on a quiet 2-core machine,
  // over the default 30 s when another such test runs beside it.
  test.slow();
  const client = await signUpThroughApi(request, 'timer');
  const seller = await signInThroughApi(request, { email: DEMO_ACCOUNTS.seller, password: DEMO_PASSWORD });
  const restaurant = await restaurantBySlug(request, { slug: TRATTORIA, token: client.auth.token.access_token });
  const firstDate = dayAhead(40, { timeZone: restaurant.timezone });
  const booking = await pendingRequest(request, { token: client.auth.token.access_token, restaurant, date: `${firstDate}T19:00:00+10:00` });

  // The restaurant: /bookings/{id}/suggest-a-time.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await storeSession(sellerPage, seller.token);
  await sellerPage.goto(`/bookings/${booking.id}/suggest-a-time`);
  await expect(sellerPage).toHaveTitle('Suggest a time | GoodTable');
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Suggest another time' })).toBeVisible();
  const suggested = dayAhead(45, { timeZone: restaurant.timezone });
  await sellerPage.getByLabel('Date', { exact: true }).fill(suggested);
  await sellerPage.getByLabel('Time', { exact: true }).fill('23:00');
  await expect(sellerPage.getByText('The restaurant does not host events at this time of day.')).toBeVisible();
  await sellerPage.getByLabel('Time', { exact: true }).fill('20:00');
  await sellerPage.getByRole('button', { name: 'Send the suggestion' }).click();
  await expect(sellerPage).toHaveURL(`/bookings/${booking.id}`);
  const withSuggestion = await bookingThroughApi(request, { token: client.auth.token.access_token, id: booking.id });
  expect(withSuggestion.status).toBe('CANCELED');
  expect(withSuggestion.suggestion).not.toBeNull();
  // The suggestion has been made: the screen no longer offers a form.
  await sellerPage.goto(`/bookings/${booking.id}/suggest-a-time`);
  await expect(sellerPage.getByTestId('action-not-allowed')).toBeVisible();
  await expect(sellerPage.getByRole('link', { name: 'Back to the booking' })).toHaveAttribute('href', `/bookings/${booking.id}`);
  await sellerContext.close();

  // The client: /bookings/{id}/change-time starts from the suggestion and sends another time.
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await storeSession(clientPage, client.auth.token);
  await clientPage.goto(`/bookings/${booking.id}/change-time`);
  await expect(clientPage.getByRole('heading', { level: 1, name: 'Ask for another time' })).toBeVisible();
  await expect(clientPage.getByLabel('Date', { exact: true })).toHaveValue(suggested);
  await expect(clientPage.getByLabel('Time', { exact: true })).toHaveValue('20:00');
  const ownDate = dayAhead(50, { timeZone: restaurant.timezone });
  await clientPage.getByLabel('Date', { exact: true }).fill(ownDate);
  await clientPage.getByLabel('Time', { exact: true }).fill('18:30');
  await clientPage.getByRole('button', { name: 'Send the new time' }).click();
  await expect(clientPage).toHaveURL(`/bookings/${booking.id}`);
  const changed = await bookingThroughApi(request, { token: client.auth.token.access_token, id: booking.id });
  expect(changed).toMatchObject({ status: 'PENDING', suggestion: null });
  expect(new Intl.DateTimeFormat('en-CA', { timeZone: restaurant.timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(changed.date))).toBe(ownDate);

  // Guest preferences: counts above the guests are refused, then saved.
  await clientPage.goto(`/bookings/${booking.id}/guest-preferences`);
  await expect(clientPage).toHaveTitle('Guest preferences | GoodTable');
  await clientPage.getByLabel('Vegan guests').fill(String(changed.guests + 1));
  await clientPage.getByRole('button', { name: 'Save preferences' }).click();
  await expect(clientPage.getByText('The dietary counts add up to more than the number of guests.')).toBeVisible();
  await clientPage.getByLabel('Vegan guests').fill('3');
  await clientPage.getByLabel('Gluten-free guests').fill('2');
  await clientPage.getByLabel('Seating').selectOption({ label: 'One long table' });
  await clientPage.getByLabel('Arrival time (optional)').fill('18:15');
  await clientPage.getByLabel('Accessibility needs (optional)').fill('One guest uses a wheelchair.');
  await clientPage.getByRole('button', { name: 'Save preferences' }).click();
  await expect(clientPage).toHaveURL(`/bookings/${booking.id}`);
  const withPreferences = await bookingThroughApi(request, { token: client.auth.token.access_token, id: booking.id });
  expect(withPreferences.guest_preferences).toEqual({
    dietary: expect.arrayContaining([
      { need: 'vegan', count: 3 },
      { need: 'gluten-free', count: 2 },
    ]),
    seating: 'LONG_TABLE',
    accessibility: 'One guest uses a wheelchair.',
    arrival_time: '18:15',
    notes: null,
  });
  await clientContext.close();
});

test('a manager’s event at a restaurant it runs is confirmed directly', async ({ page, request }) => {
  const manager = await signInThroughApi(request, { email: DEMO_ACCOUNTS.manager, password: DEMO_PASSWORD });
  const restaurant = await restaurantBySlug(request, { slug: HARBOURSIDE, token: manager.token.access_token });
  const menu = restaurant.menus[0]!;
  await storeSession(page, manager.token);
  await page.goto('/add-event');
  // A manager with a draft of its own on file first chooses between it and a new event: a new one here.
  const start = page.getByRole('button', { name: 'Start a new event' });
  await expect(page.getByTestId('host-event-note').or(start)).toBeVisible();
  if (await start.isVisible()) await start.click();
  await expect(page.getByTestId('host-event-note')).toContainText('submitting confirms it directly');
  await page.getByRole('combobox', { name: 'Restaurant' }).fill('Harbour');
  await page.getByRole('option', { name: 'Harbourside Oyster Bar' }).click();
  await page.getByLabel('Menu').selectOption({ value: menu.id });
  await page.getByLabel('Date', { exact: true }).fill(dayAhead(35, { timeZone: restaurant.timezone, weekday: 5 }));
  await page.getByLabel('Time', { exact: true }).fill('19:30');
  await page.getByLabel('Number of guests').fill(String(menu.min_guests));
  await chooseCause(page, 'Reef Rescue Collective');
  await page.getByLabel('Event title').fill('Oysters for the reef');
  await page.getByLabel('Story', { exact: true }).fill('Every dozen funds a square metre of reef restoration.');
  await page.getByLabel('Ticket price per attendee (AUD)').fill(String(menu.price / 100 + 20));
  await page.getByRole('button', { name: 'Confirm event' }).click();
  await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Your event is confirmed.')).toBeVisible();
  const id = new URL(page.url()).pathname.split('/')[2]!;
  expect(await bookingThroughApi(request, { token: manager.token.access_token, id })).toMatchObject({ status: 'CONFIRMED', host_event: true, restaurant: { id: restaurant.id } });
});

test('a day the restaurant does not host is refused under the date; restaurant and cause accounts are told why they cannot book', async ({ browser, page, request }) => {
  const { auth } = await signUpThroughApi(request, 'monday');
  const restaurant = await restaurantBySlug(request, { slug: HARBOURSIDE, token: auth.token.access_token });
  await storeSession(page, auth.token);
  await page.goto(`/${HARBOURSIDE}`);
  await page.getByRole('link', { name: 'Book an event' }).click();
  await page.getByLabel('Date', { exact: true }).fill(dayAhead(30, { timeZone: restaurant.timezone, weekday: 1 }));
  await page.getByLabel('Time', { exact: true }).fill('19:00');
  await expect(page.getByText('The restaurant does not host events on this day of the week.')).toBeVisible();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('The restaurant does not host events on this day of the week.')).toBeVisible();
  await expect(page).toHaveURL(/\/add-event/);

  const seller = await signInThroughApi(request, { email: DEMO_ACCOUNTS.seller, password: DEMO_PASSWORD });
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await storeSession(sellerPage, seller.token);
  await sellerPage.goto(`/${HARBOURSIDE}`);
  await sellerPage.getByRole('button', { name: 'Book an event' }).click();
  await expect(sellerPage.getByRole('alert')).toContainText('Events are booked by client and manager accounts.');
  await sellerContext.close();
});

test('a signed-out visitor pressing "Book an event" signs in and lands on the form for that restaurant', async ({ page, request }) => {
  const { email, password } = await signUpThroughApi(request, 'visitor');
  await page.goto(`/${TRATTORIA}`);
  await page.getByRole('link', { name: 'Book an event' }).click();
  await expect(page).toHaveURL(/\/signing-in\?redirect=/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/add-event\?restaurant=/);
  await expect(page.getByTestId('locked-restaurant')).toHaveText('Trattoria Rossi');
});

test('a client edits a request still awaiting the restaurant; a change made meanwhile elsewhere is not overwritten', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'editor');
  const headers = { authorization: `Bearer ${auth.token.access_token}` };
  const restaurant = await restaurantBySlug(request, { slug: TRATTORIA, token: auth.token.access_token });
  const booking = await pendingRequest(request, { token: auth.token.access_token, restaurant, date: `${dayAhead(40, { timeZone: restaurant.timezone })}T19:00:00+10:00` });
  await storeSession(page, auth.token);

  await page.goto(`/bookings/${booking.id}/edit`);
  await expect(page).toHaveTitle('Edit booking | GoodTable');
  await expect(page.getByLabel('Event title')).toHaveValue('Pasta for the pantry');
  // Another window changes the title first.
  expect((await request.put(`/v1/bookings/${booking.id}`, { headers, data: { title: 'Pasta night', updated_at: booking.updated_at } })).status()).toBe(200);
  await page.getByLabel('Number of guests').fill('30');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('This booking changed meanwhile. Please reload it and try again.')).toBeVisible();
  // The form now holds the current version; saving again keeps the other window's title.
  await expect(page.getByLabel('Event title')).toHaveValue('Pasta night');
  await page.getByLabel('Number of guests').fill('30');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(`/bookings/${booking.id}`);
  expect(await bookingThroughApi(request, { token: auth.token.access_token, id: booking.id })).toMatchObject({ status: 'PENDING', guests: 30, title: 'Pasta night' });
});

test('a date more than two years ahead, or ticket sales (price × guests) too large to hold, are refused under their fields', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'far-ahead');
  const restaurant = await restaurantBySlug(request, { slug: TRATTORIA, token: auth.token.access_token });
  const menu = restaurant.menus[0]!;
  await page.setViewportSize({ width: 390, height: 844 });
  await storeSession(page, auth.token);
  await page.goto(`/${TRATTORIA}`);
  await page.getByRole('link', { name: 'Book an event' }).click();
  await page.getByLabel('Menu').selectOption({ value: menu.id });

  await page.getByLabel('Date', { exact: true }).fill(dayAhead(3 * 366, { timeZone: restaurant.timezone }));
  await page.getByLabel('Time', { exact: true }).fill('19:00');
  await expect(page.getByText('Choose a date at most two years from today.')).toBeVisible();

  // A$600,000 a ticket × 20 guests is more than the tickets of one event may bring.
  await page.getByLabel('Number of guests').fill('20');
  await page.getByLabel('Ticket price per attendee (AUD)').fill('600000');
  await expect(page.getByText('The ticket price times the number of guests is too large.')).toBeVisible();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/add-event/);
  await expect(page.getByText('Choose a date at most two years from today.')).toBeVisible();
  await expect(page.getByText('The ticket price times the number of guests is too large.')).toBeVisible();
});

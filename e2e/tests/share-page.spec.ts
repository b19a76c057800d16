import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatMoney, type PublicEventDetail } from '@goodtable/shared';
import { consoleProblems, DEMO_ACCOUNTS, DEMO_PASSWORD, notFoundHeading, signInThroughApi, storeSession, useLanguage, waitForScreen } from '../fixtures.ts';
import { postAction } from '../support/bookings.ts';
import { buyTicketsThroughApi, confirmedEvent, confirmedEventWithClient, donateToEventThroughApi, publicEvent } from '../support/tickets.ts';

/** The demo client's confirmed upcoming dinner (seed-bookings.ts): 32 seats, 14 sold, with a goal. */
const DEMO_EVENT_TITLE = 'Harbour long lunch for the reef';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The id of the demo client's booking titled `title` (seed-bookings.ts), in `status`. */
async function demoBookingId(request: APIRequestContext, { title, status }: { title: string; status: string }): Promise<string> {
  const { user, token } = await signInThroughApi(request, { email: DEMO_ACCOUNTS.user, password: DEMO_PASSWORD });
  const list = await request.get(`/v1/users/${user.id}/bookings`, { params: { search: title }, headers: { authorization: `Bearer ${token.access_token}` } });
  expect(list.status()).toBe(200);
  const [booking] = ((await list.json()) as { data: { id: string; status: string }[] }).data.filter((row) => row.status === status);
  expect(booking, `the demo data has "${title}" in ${status}`).toBeDefined();
  return booking!.id;
}

/** The demo event's public data, found through the demo client's bookings (its organiser). */
async function demoEvent(request: APIRequestContext): Promise<PublicEventDetail> {
  const response = await request.get(`/v1/events/${await demoBookingId(request, { title: DEMO_EVENT_TITLE, status: 'CONFIRMED' })}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as PublicEventDetail;
}

test('a confirmed event’s share page shows its details and progress, copies its link and draws its QR code (en)', async ({ page, request }) => {
  const event = await demoEvent(request);
  await useLanguage(page, 'en');
  await page.goto(`/share/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page).toHaveTitle(`${event.title} | GoodTable`);
  await expect(page.getByRole('link', { name: event.restaurant.name })).toBeVisible();
  await expect(page.getByRole('link', { name: event.cause!.name })).toBeVisible();
  await expect(page.getByText(event.menu!.name, { exact: true })).toBeVisible();
  await expect(page.locator('time')).toHaveAttribute('datetime', event.date);
  await expect(page.locator('dd').filter({ hasText: formatMoney(event.ticket_price, { currency: event.currency, locale: 'en' }) })).toBeVisible();
  await expect(page.getByTestId('share-tickets-left')).toHaveText(`${event.tickets_left} tickets left of ${event.tickets_total}`);
  // What the cause receives, not what attendees paid.
  await expect(page.getByTestId('share-raised')).toHaveText(`${formatMoney(event.raised_for_cause, { currency: event.currency, locale: 'en' })} raised for the cause of ${formatMoney(event.goal!, { currency: event.currency, locale: 'en' })}`);
  const bar = page.getByRole('progressbar', { name: 'Progress towards the goal' });
  await expect(bar).toHaveAttribute('aria-valuenow', String(Math.floor((event.raised_for_cause / event.goal!) * 100)));
  // The QR code is drawn once its place nears the screen.
  await page.getByRole('button', { name: 'Copy link' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('img', { name: 'QR code of this page' })).toBeVisible();

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(event.url);
});

test('an event that has started but is not marked complete says ticket sales have ended, on its page and at its checkout (en, vn)', async ({ page, request }) => {
  // The demo client disputed the completion of this past dinner, so it is CONFIRMED again (seed-bookings.ts).
  const id = await demoBookingId(request, { title: 'Meze night for the coastal clinic', status: 'CONFIRMED' });
  const event = (await (await request.get(`/v1/events/${id}`)).json()) as PublicEventDetail;
  expect(event.sales_open).toBe(false);
  await useLanguage(page, 'en');
  await page.goto(`/share/${id}`);
  await expect(page.getByTestId('share-tickets-left')).toHaveText('Ticket sales have ended: this dinner has started.');
  await expect(page.getByRole('link', { name: 'Buy tickets' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Join the waiting list' })).toHaveCount(0);
  // The checkout's address, opened directly, says the same and offers no form.
  await page.goto(`/share/${id}/payment`);
  await expect(page.getByRole('status').filter({ hasText: 'Ticket sales have ended: this dinner has started.' })).toBeVisible();
  await expect(page.getByLabel('Number of tickets')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the event' }).click();
  await expect(page).toHaveURL(`/share/${id}`);

  await useLanguage(page, 'vn');
  await page.goto(`/share/${id}/payment`);
  await expect(page.getByRole('status').filter({ hasText: 'Đã ngừng bán vé: bữa tối này đã bắt đầu.' })).toBeVisible();
  await page.goto(`/share/${id}`);
  await expect(page.getByTestId('share-tickets-left')).toHaveText('Đã ngừng bán vé: bữa tối này đã bắt đầu.');
});

test('the share page reads in Vietnamese', async ({ page, request }) => {
  const event = await demoEvent(request);
  await useLanguage(page, 'vn');
  await page.goto(`/share/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByTestId('share-tickets-left')).toHaveText(`Còn ${event.tickets_left} vé trên ${event.tickets_total}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Đã quyên góp cho mục tiêu từ thiện' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sao chép liên kết' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Thêm vào lịch' })).toBeVisible();
  await expect(page.getByTestId('share-raised')).toHaveText(`Đã quyên góp ${formatMoney(event.raised_for_cause, { currency: event.currency, locale: 'vn' })} cho mục tiêu từ thiện trên ${formatMoney(event.goal!, { currency: event.currency, locale: 'vn' })}`);
});

test('an undersold event’s share page shows what the cause would receive now, its donations, and what a full house gives it (en, vn)', async ({ page, request }) => {
  const created = await confirmedEvent(request, 'share-undersold');
  await buyTicketsThroughApi(request, { eventId: created.id, attendees: ['Mai Nguyen', 'Tom Walker'] });
  await donateToEventThroughApi(request, { event: created, donor: { amount: 1500, name: 'Lan' } });
  const event = await publicEvent(request, created.id);
  // Two tickets do not pay for the booked guests' dinner: the cause would receive the donation alone.
  expect(event.tickets_total).toBeGreaterThan(2);
  // Every figure of what the event raised is what its cause receives.
  expect(event.raised).toBe(1500);
  expect(event.raised_for_cause).toBe(1500);
  expect(event.cause_share_when_sold_out).toBeGreaterThan(0);

  await useLanguage(page, 'en');
  await page.goto(`/share/${event.id}`);
  // A request made through the API sets no goal: the figure stands alone.
  expect(event.goal).toBeNull();
  await expect(page.getByTestId('share-raised')).toHaveText(`${formatMoney(1500, { currency: event.currency, locale: 'en' })} raised for the cause`);
  await expect(page.getByTestId('share-cause-share')).toHaveText(
    `When all ${event.tickets_total} seats are sold, the tickets give ${formatMoney(event.cause_share_when_sold_out, { currency: event.currency, locale: 'en' })} to the cause.`,
  );
  await expect(page.getByText('of each ticket goes to the cause')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Buy tickets' })).toBeVisible();

  await useLanguage(page, 'vn');
  await page.goto(`/share/${event.id}`);
  await expect(page.getByTestId('share-raised')).toHaveText(`Đã quyên góp ${formatMoney(1500, { currency: event.currency, locale: 'vn' })} cho mục tiêu từ thiện`);
  await expect(page.getByTestId('share-cause-share')).toHaveText(
    `Khi bán hết ${event.tickets_total} chỗ, tiền vé mang lại ${formatMoney(event.cause_share_when_sold_out, { currency: event.currency, locale: 'vn' })} cho mục tiêu từ thiện.`,
  );
});

test('a sale while the page is open moves its figure to what the cause receives, from the live stream alone', async ({ page, request }) => {
  const created = await confirmedEvent(request, 'share-live');
  const detailPath = `/v1/events/${created.id}`;
  let detailReads = 0;
  page.on('request', (sent) => {
    if (sent.method() === 'GET' && new URL(sent.url()).pathname === detailPath) detailReads += 1;
  });
  await useLanguage(page, 'en');
  await page.goto(`/share/${created.id}`);
  await expect(page.getByTestId('share-raised')).toHaveText(`${formatMoney(0, { currency: created.currency, locale: 'en' })} raised for the cause`);
  await expect(page.getByTestId('share-tickets-left')).toHaveText(`${created.tickets_total} tickets left of ${created.tickets_total}`);
  const readsOnLoad = detailReads;

  // Two tickets do not pay for the booked guests' dinner: the cause's figure stays at the donations.
  await buyTicketsThroughApi(request, { eventId: created.id, attendees: ['Mai Nguyen', 'Tom Walker'] });
  await expect(page.getByTestId('share-tickets-left')).toHaveText(`${created.tickets_total - 2} tickets left of ${created.tickets_total}`);
  await expect(page.getByTestId('share-raised')).toHaveText(`${formatMoney(0, { currency: created.currency, locale: 'en' })} raised for the cause`);
  await donateToEventThroughApi(request, { event: created, donor: { amount: 1500, name: 'Lan' } });
  await expect(page.getByTestId('share-raised')).toHaveText(`${formatMoney(1500, { currency: created.currency, locale: 'en' })} raised for the cause`);
  expect((await publicEvent(request, created.id)).raised_for_cause).toBe(1500);
  // The figure came with the stream's frames: the page did not read the event again.
  expect(detailReads).toBe(readsOnLoad);
});

test('a completed event’s share page says what it raised for the cause, with nothing to buy or donate (en, vn)', async ({ page, request }) => {
  // The demo client's dinner that completed (seed-bookings.ts): settled, its cause's share in the ledger.
  const event = await publicEvent(request, await demoBookingId(request, { title: 'Lane banquet for school libraries', status: 'COMPLETED' }));
  expect(event).toMatchObject({ status: 'COMPLETED', sales_open: false });
  await useLanguage(page, 'en');
  await page.goto(`/share/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByTestId('share-outcome')).toHaveText(`This dinner has ended. It raised ${formatMoney(event.raised_for_cause, { currency: event.currency, locale: 'en' })} for the cause.`);
  await expect(page.getByRole('link', { name: 'Buy tickets' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Donate' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);

  await useLanguage(page, 'vn');
  await page.goto(`/share/${event.id}`);
  await expect(page.getByTestId('share-outcome')).toHaveText(`Bữa tối này đã kết thúc. Đã quyên góp được ${formatMoney(event.raised_for_cause, { currency: event.currency, locale: 'vn' })} cho mục tiêu từ thiện.`);
  await expect(page.getByRole('link', { name: 'Mua vé' })).toHaveCount(0);
});

test('a cancelled event’s share page says it was cancelled and refunded, with nothing to buy (en, vn)', async ({ page, request }) => {
  const { event: created, client } = await confirmedEventWithClient(request, 'share-cancelled');
  await buyTicketsThroughApi(request, { eventId: created.id, attendees: ['Mai Nguyen'] });
  await postAction(request, { auth: client, bookingId: created.id, action: 'cancel' });
  const event = await publicEvent(request, created.id);
  expect(event).toMatchObject({ status: 'CANCELED', sales_open: false, raised_for_cause: 0 });

  await useLanguage(page, 'en');
  await page.goto(`/share/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByTestId('share-outcome')).toHaveText('This dinner was cancelled. Every ticket and donation was refunded in full.');
  await expect(page.getByRole('link', { name: 'Buy tickets' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Donate' })).toHaveCount(0);
  // The checkout's address says the same, with no form.
  await page.goto(`/share/${event.id}/payment`);
  await expect(page.getByRole('status').filter({ hasText: 'This dinner has ended: tickets are no longer sold.' })).toBeVisible();
  await expect(page.getByLabel('Number of tickets')).toHaveCount(0);

  await useLanguage(page, 'vn');
  await page.goto(`/share/${event.id}`);
  await expect(page.getByTestId('share-outcome')).toHaveText('Bữa tối này đã bị hủy. Mọi vé và khoản quyên góp đã được hoàn lại toàn bộ.');
  await expect(page.getByRole('link', { name: 'Mua vé' })).toHaveCount(0);
});

test('the tickets page states the gift component of the purchase, never a tax deduction (en, vn)', async ({ page, request }) => {
  const event = await confirmedEvent(request, 'share-receipt');
  const order = await buyTicketsThroughApi(request, { eventId: event.id, attendees: ['Mai Nguyen', 'Tom Walker'] });
  // Each ticket's gift is its price less the dinner's value (menu price per head).
  expect(order.gift_component).toBe(2 * (event.ticket_price - event.menu!.price_per_head));
  await useLanguage(page, 'en');
  await page.goto(`/tickets/${order.id}`);
  await expect(page.getByTestId('gift-component')).toHaveText(
    `Gift component: ${formatMoney(order.gift_component, { currency: event.currency, locale: 'en' })} (each ticket: its price less the value of the dinner; the donation: all of it)`,
  );
  await expect(page.getByText(/tax-deductible/i)).toHaveCount(0);

  await useLanguage(page, 'vn');
  await page.goto(`/tickets/${order.id}`);
  await expect(page.getByTestId('gift-component')).toHaveText(
    `Phần quà tặng: ${formatMoney(order.gift_component, { currency: event.currency, locale: 'vn' })} (mỗi vé: giá vé trừ giá trị bữa tối; quyên góp: toàn bộ)`,
  );
});

test('"Add to calendar" downloads the event as an ICS file', async ({ page, request }) => {
  const event = await demoEvent(request);
  await page.goto(`/share/${event.id}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add to calendar' }).click()]);
  expect(download.suggestedFilename()).toBe('event.ics');
  const ics = readFileSync((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('METHOD:PUBLISH');
  expect(ics).toContain(`UID:booking-${event.id}@`);
  expect(ics.replace(/\r\n /g, '')).toContain(`URL:${event.url}`);
});

test('the share page is served with the event’s details, which the app hydrates without a mismatch', async ({ browser, page, request }) => {
  const event = await demoEvent(request);
  const served = await browser.newContext({ javaScriptEnabled: false });
  const servedPage = await served.newPage();
  await servedPage.goto(`/share/${event.id}`);
  await expect(servedPage.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(servedPage.getByRole('link', { name: event.restaurant.name })).toBeVisible();
  await expect(servedPage.getByTestId('share-tickets-left')).toHaveText(`${event.tickets_left} tickets left of ${event.tickets_total}`);
  await served.close();

  const problems = consoleProblems(page);
  await page.goto(`/share/${event.id}`);
  await waitForScreen(page);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the served HTML carries the event’s title and Open Graph tags; unknown or unconfirmed ids show the 404 page', async ({ page, request }) => {
  const event = await demoEvent(request);
  const served = await request.get(`/share/${event.id}`);
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain(`<meta property="og:title" content="${event.title} | GoodTable" />`);
  expect(html).toContain(`<meta property="og:url" content="${event.url}" />`);

  // A dinner the restaurant cancelled after it was confirmed still has its page, which tells what happened.
  const cancelled = await demoBookingId(request, { title: 'Thai banquet for flood-hit families', status: 'CANCELED' });
  expect((await request.get(`/share/${cancelled}`)).status()).toBe(200);
  // A request the restaurant declined was never public.
  const declined = await demoBookingId(request, { title: 'Curry night for rescued dogs', status: 'CANCELED' });
  for (const id of [declined, '5b0a2c58-3f4e-4a57-9d1c-6a1f0c3e9b21', 'not-an-event']) {
    const response = await page.goto(`/share/${id}`);
    expect(response?.status(), id).toBe(404);
    await expect(notFoundHeading(page)).toBeVisible();
  }
});

test('a party’s booking page links to the event’s share page', async ({ page, request }) => {
  const event = await demoEvent(request);
  const { token } = await signInThroughApi(request, { email: DEMO_ACCOUNTS.user, password: DEMO_PASSWORD });
  await storeSession(page, token);
  await page.goto(`/bookings/${event.id}`);
  await page.getByRole('link', { name: 'Share page' }).click();
  await expect(page).toHaveURL(`/share/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
});

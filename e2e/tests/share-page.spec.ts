import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatMoney, type PublicEventDetail } from '@goodtable/shared';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, notFoundHeading, signInThroughApi, storeSession, useLanguage } from '../fixtures.ts';

/** The demo client's confirmed upcoming dinner (seed-bookings.ts): 32 seats, 14 sold, with a goal. */
const DEMO_EVENT_TITLE = 'Harbour long lunch for the reef';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The id of the demo client's booking titled `title` (seed-bookings.ts), in `status`. */
async function demoBookingId(request: APIRequestContext, title: string, status: string): Promise<string> {
  const { user, token } = await signInThroughApi(request, DEMO_ACCOUNTS.user, DEMO_PASSWORD);
  const list = await request.get(`/v1/users/${user.id}/bookings`, { params: { search: title }, headers: { authorization: `Bearer ${token.access_token}` } });
  expect(list.status()).toBe(200);
  const [booking] = ((await list.json()) as { data: { id: string; status: string }[] }).data.filter((row) => row.status === status);
  expect(booking, `the demo data has "${title}" in ${status}`).toBeDefined();
  return booking!.id;
}

/** The demo event's public data, found through the demo client's bookings (its organiser). */
async function demoEvent(request: APIRequestContext): Promise<PublicEventDetail> {
  const response = await request.get(`/v1/events/${await demoBookingId(request, DEMO_EVENT_TITLE, 'CONFIRMED')}`);
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
  // The ticket price, and under it what of each ticket goes to the cause.
  const toCause = `${formatMoney(event.cause_share_per_ticket, event.currency, 'en')} of each ticket goes to the cause`;
  await expect(page.locator('dd').filter({ hasText: toCause })).toHaveText(`${formatMoney(event.ticket_price, event.currency, 'en')}${toCause}`);
  await expect(page.getByTestId('share-tickets-left')).toHaveText(`${event.tickets_left} tickets left of ${event.tickets_total}`);
  await expect(page.getByTestId('share-raised')).toHaveText(`${formatMoney(event.raised, event.currency, 'en')} raised of ${formatMoney(event.goal!, event.currency, 'en')}`);
  const bar = page.getByRole('progressbar', { name: 'Progress towards the goal' });
  await expect(bar).toHaveAttribute('aria-valuenow', String(Math.floor((event.raised / event.goal!) * 100)));
  // The QR code is drawn once its place nears the screen.
  await page.getByRole('button', { name: 'Copy link' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('img', { name: 'QR code of this page' })).toBeVisible();

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(event.url);
});

test('an event that has started but is not marked complete says ticket sales have ended, on its page and at its checkout (en, vn)', async ({ page, request }) => {
  // The demo client disputed the completion of this past dinner, so it is CONFIRMED again (seed-bookings.ts).
  const id = await demoBookingId(request, 'Meze night for the coastal clinic', 'CONFIRMED');
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
  await expect(page.getByRole('heading', { level: 2, name: 'Số tiền đã quyên góp' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sao chép liên kết' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Thêm vào lịch' })).toBeVisible();
  await expect(page.getByText(`${formatMoney(event.cause_share_per_ticket, event.currency, 'vn')} mỗi vé được chuyển cho mục tiêu từ thiện`)).toBeVisible();
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

test('the served HTML carries the event’s title and Open Graph tags; unknown or unconfirmed ids show the 404 page', async ({ page, request }) => {
  const event = await demoEvent(request);
  const served = await request.get(`/share/${event.id}`);
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain(`<meta property="og:title" content="${event.title} | GoodTable" />`);
  expect(html).toContain(`<meta property="og:url" content="${event.url}" />`);

  // A dinner the restaurant cancelled is not public any more.
  const cancelled = await demoBookingId(request, 'Thai banquet for flood-hit families', 'CANCELED');
  for (const id of [cancelled, '5b0a2c58-3f4e-4a57-9d1c-6a1f0c3e9b21', 'not-an-event']) {
    const response = await page.goto(`/share/${id}`);
    expect(response?.status(), id).toBe(404);
    await expect(notFoundHeading(page)).toBeVisible();
  }
});

test('a party’s booking page links to the event’s share page', async ({ page, request }) => {
  const event = await demoEvent(request);
  const { token } = await signInThroughApi(request, DEMO_ACCOUNTS.user, DEMO_PASSWORD);
  await storeSession(page, token);
  await page.goto(`/bookings/${event.id}`);
  await page.getByRole('link', { name: 'Share page' }).click();
  await expect(page).toHaveURL(`/share/${event.id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
});

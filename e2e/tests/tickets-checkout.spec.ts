import { expect, test, type Page } from '@playwright/test';
import { formatMoney, MAX_TICKETS_PER_CHECKOUT, type PublicEventDetail, typedTestCardNumber } from '@goodtable/shared';
import { uniqueEmail, useLanguage } from '../fixtures.ts';
import { payWithCard } from '../support/payments.ts';
import { confirmedEvent, holdTicketsThroughApi } from '../support/tickets.ts';

// Each test first books and confirms an event through the API, then walks several screens: more than the default
// 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The checkout form as a visitor fills it (en): one ticket per name, then the buyer's email. */
async function fillTicketsForm(page: Page, { names, email }: { names: string[]; email: string }): Promise<void> {
  await page.getByLabel('Number of tickets').fill(String(names.length));
  for (const [index, name] of names.entries()) await page.getByLabel(`Name of attendee ${index + 1}`).fill(name);
  await page.getByLabel('Your email (for the tickets and receipt)').fill(email);
}

test('a visitor with no account buys two tickets with a donation; another visitor sees the progress move without reloading', async ({ page, browser, request }) => {
  const event = await confirmedEvent(request, 'tickets-buyer');
  const money = (amount: number) => formatMoney(amount, { currency: event.currency, locale: 'en' });

  // Someone else watches the share page in another browser.
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await useLanguage(watcher, 'en');
  await watcher.goto(`/share/${event.id}`);
  await expect(watcher.getByTestId('share-tickets-left')).toHaveText(`${event.tickets_total} tickets left of ${event.tickets_total}`);

  await useLanguage(page, 'en');
  await page.goto(`/share/${event.id}`);
  await page.getByRole('link', { name: 'Buy tickets' }).click();
  await expect(page).toHaveURL(`/share/${event.id}/payment`);
  await expect(page).toHaveTitle('Buy tickets | GoodTable');
  await fillTicketsForm(page, { names: ['Mai Nguyen', 'Tom Walker'], email: uniqueEmail('ticket-buyer') });
  await page.getByLabel(`Donation to the cause (${event.currency}, optional)`).fill('20');
  await page.getByRole('button', { name: 'Hold my tickets' }).click();

  // Held: the countdown runs and the total is the server's.
  await expect(page.getByTestId('hold-countdown')).toContainText(/Your tickets are held for 1[45]:\d\d/);
  const total = event.ticket_price * 2 + 2000;
  await expect(page.getByTestId('checkout-total')).toHaveText(money(total));
  // The hold already shows on the other visitor's page.
  await expect(watcher.getByTestId('share-tickets-left')).toHaveText(`${event.tickets_total - 2} tickets left of ${event.tickets_total}`);

  await payWithCard(page, { number: typedTestCardNumber(), amount: money(total) });
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your tickets' })).toBeVisible();
  await expect(page.getByTestId('ticket')).toHaveCount(2);
  await expect(page.getByRole('img', { name: "QR code of Mai Nguyen's ticket" })).toBeVisible();
  await expect(page.getByText(`Total paid: ${money(total)}`)).toBeVisible();

  // The money raised for the cause moved on the other page without a reload: two tickets do not pay for the booked
  // guests' dinner yet, so the cause would receive the donation.
  await expect(watcher.getByTestId('share-raised')).toContainText(`${money(2000)} raised for the cause`);
  await watcherContext.close();
});

test('a declined card shows the reason and keeps the tickets held', async ({ page, request }) => {
  const event = await confirmedEvent(request, 'tickets-declined');
  await useLanguage(page, 'en');
  await page.goto(`/share/${event.id}/payment`);
  await fillTicketsForm(page, { names: ['Lan Pham'], email: uniqueEmail('ticket-declined') });
  await page.getByRole('button', { name: 'Hold my tickets' }).click();
  await payWithCard(page, { number: typedTestCardNumber('declined'), amount: formatMoney(event.ticket_price, { currency: event.currency, locale: 'en' }) });
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page.getByTestId('hold-countdown')).toBeVisible();
  await expect(page).toHaveURL(`/share/${event.id}/payment`);
});

test('quantity and names are checked in the form before anything is held', async ({ page, request }) => {
  const event = await confirmedEvent(request, 'tickets-invalid');
  await useLanguage(page, 'en');
  await page.goto(`/share/${event.id}/payment`);
  await page.getByLabel('Number of tickets').fill('0');
  await page.getByLabel('Your email (for the tickets and receipt)').fill('not-an-email');
  await page.getByRole('button', { name: 'Hold my tickets' }).click();
  await expect(page.getByText('Choose at least one ticket.')).toBeVisible();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  const after = await request.get(`/v1/events/${event.id}`);
  expect(((await after.json()) as PublicEventDetail).tickets_left).toBe(event.tickets_total);
});

test('tickets sold out while the visitor filled the form: the refusal stays on the page, the form goes', async ({ page, request }) => {
  const event = await confirmedEvent(request, 'tickets-sold-meanwhile');
  await useLanguage(page, 'en');
  await page.goto(`/share/${event.id}/payment`);
  await fillTicketsForm(page, { names: ['Late Visitor'], email: uniqueEmail('ticket-late') });
  // Meanwhile other buyers hold every ticket.
  for (let left = event.tickets_total; left > 0; left -= Math.min(left, MAX_TICKETS_PER_CHECKOUT)) {
    await holdTicketsThroughApi(request, { eventId: event.id, attendees: Array.from({ length: Math.min(left, MAX_TICKETS_PER_CHECKOUT) }, (_, index) => `Early buyer ${left}-${index}`) });
  }
  await page.getByRole('button', { name: 'Hold my tickets' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sold out: no tickets are left.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hold my tickets' })).toHaveCount(0);
  const after = (await (await request.get(`/v1/events/${event.id}`)).json()) as PublicEventDetail;
  expect(after.tickets_left).toBe(0);
});

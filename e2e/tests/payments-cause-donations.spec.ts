import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney } from '@goodtable/shared';
import { storeSession, useLanguage } from '../fixtures.ts';
import { demoSignIn } from '../support/bookings.ts';
import { confirmedEvent, donateToEventThroughApi } from '../support/tickets.ts';

/** An event of the demo cause with two paid gifts (one anonymous), the demo cause signed in on `page`. */
async function eventWithGifts(page: Page, request: APIRequestContext, label: string) {
  const token = randomUUID().slice(0, 8);
  const event = await confirmedEvent(request, label);
  const gifts = {
    anonymous: { amount: 4000, name: `Jane ${token}`, anonymous: true, message: `For the kitchen ${token}` },
    named: { amount: 2500, name: `Minh ${token}`, message: `See you at dinner ${token}` },
  };
  await donateToEventThroughApi(request, event, gifts.anonymous);
  await donateToEventThroughApi(request, event, gifts.named);
  await page.goto('/');
  await storeSession(page, (await demoSignIn(request, 'cause')).token);
  return { event, gifts, money: (amount: number, locale: 'en' | 'vn') => formatMoney(amount, event.currency, locale) };
}

test('the cause reads its donations to an event with the donors’ names and messages, held until the event settles', async ({ page, request }) => {
  const { event, gifts, money } = await eventWithGifts(page, request, 'cause-donations');
  await page.goto(`/payments?booking=${event.id}`);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const rows = page.getByTestId('payment-row');
  await expect(rows).toHaveCount(2);
  const anonymous = rows.filter({ hasText: gifts.anonymous.message });
  await expect(anonymous).toContainText(`From Anonymous (${gifts.anonymous.name})`);
  await expect(anonymous).toContainText(event.title!);
  await expect(anonymous).toContainText('Held until the event settles');
  await expect(anonymous).toContainText(`Not income: ${money(4000, 'en')}`);
  const named = rows.filter({ hasText: gifts.named.message });
  await expect(named).toContainText(`From ${gifts.named.name}`);
  await expect(named).not.toContainText('Anonymous');
  // The client's deposit for the event is not the cause's money.
  await expect(rows.filter({ hasText: 'Deposit by card' })).toHaveCount(0);
  // The totals are the rows': both gifts held, nothing earned from this event yet.
  const totals = page.getByTestId(`earner-totals-${event.currency}`);
  await expect(totals.getByRole('definition').first()).toHaveText(money(6500, 'en'));
  await expect(totals.getByText('Donations to events not settled yet: they reach you in the event’s settlement share.')).toBeVisible();
});

test('in Vietnamese on a 390 px phone, the cause reads the same donations and messages, nothing wider than the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'vn');
  const { event, gifts, money } = await eventWithGifts(page, request, 'cause-donations-vn');
  await page.goto(`/payments?booking=${event.id}`);
  const rows = page.getByTestId('payment-row');
  await expect(rows).toHaveCount(2);
  const anonymous = rows.filter({ hasText: gifts.anonymous.message });
  await expect(anonymous).toContainText(`Từ Ẩn danh (${gifts.anonymous.name})`);
  await expect(anonymous).toContainText(`Không phải thu nhập: ${money(4000, 'vn')}`);
  await expect(rows.filter({ hasText: gifts.named.message })).toContainText(`Từ ${gifts.named.name}`);
  // The row and its message fit the screen's width (the page scrolls down, never sideways).
  for (const part of [anonymous, anonymous.getByText(gifts.anonymous.message)]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

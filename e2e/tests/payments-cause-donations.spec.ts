import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authResponseSchema, formatMoney, type AuthResponse, testCard } from '@goodtable/shared';
import { storeSession, uniqueEmail, useLanguage } from '../fixtures.ts';
import { demoSignIn } from '../support/bookings.ts';
import { confirmedEvent, donateToEventThroughApi } from '../support/tickets.ts';

/** An event of the demo cause with two paid gifts (one anonymous), the demo cause signed in on `page`. */
async function eventWithGifts(page: Page, { request, label }: { request: APIRequestContext; label: string }) {
  const token = randomUUID().slice(0, 8);
  const event = await confirmedEvent(request, label);
  const gifts = {
    anonymous: { amount: 4000, name: `Jane ${token}`, anonymous: true, message: `For the kitchen ${token}` },
    named: { amount: 2500, name: `Minh ${token}`, message: `See you at dinner ${token}` },
  };
  await donateToEventThroughApi(request, { event, donor: gifts.anonymous });
  await donateToEventThroughApi(request, { event, donor: gifts.named });
  await page.goto('/');
  await storeSession(page, (await demoSignIn(request, 'cause')).token);
  return { event, gifts, money: (amount: number, locale: 'en' | 'vn') => formatMoney(amount, { currency: event.currency, locale }) };
}

test('the cause reads its donations to an event with the donors’ names and messages, held until the event settles', async ({ page, request }) => {
  const { event, gifts, money } = await eventWithGifts(page, { request, label: 'cause-donations' });
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
  const { event, gifts, money } = await eventWithGifts(page, { request, label: 'cause-donations-vn' });
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

/** A new cause account with one published cause of its own (nobody else's donations on its pages). */
async function freshCause(request: APIRequestContext, token: string): Promise<{ auth: AuthResponse; causeId: string }> {
  const signUp = await request.post('/v1/auth/sign-up', {
    data: { email: uniqueEmail('cause-owner'), password: `pw-${randomUUID()}`, first_name: 'Ha', last_name: 'Nguyen', role: 'cause' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const auth = authResponseSchema.parse(await signUp.json());
  const created = await request.post('/v1/causes', {
    headers: { authorization: `Bearer ${auth.token.access_token}` },
    data: { name: `River School ${token}`, slug: `river-school-${token}`, category: 'education', story: 'Books for every child.', published: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { auth, causeId: ((await created.json()) as { id: string }).id };
}

/** A guest's donation straight to the cause (no event), paid by the test card that succeeds. */
async function donateToCause(request: APIRequestContext, { causeId, donor }: { causeId: string; donor: { amount: number; name: string; message: string; anonymous: boolean } }) {
  const created = await request.post(`/v1/causes/${causeId}/donations`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { ...donor, email: uniqueEmail('cause-donor') },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { payment } = (await created.json()) as { payment: { id: string } };
  const paid = await request.post(`/v1/payments/${payment.id}/confirm`, { data: { card: testCard() } });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
}

test('a donation without an event is the cause’s money at once: listed as money in, counted as earned, and in its donations with the message', async ({ page, request }) => {
  const token = randomUUID().slice(0, 8);
  const { auth, causeId } = await freshCause(request, token);
  const gift = { amount: 4000, name: `Jane ${token}`, message: `Books for the library ${token}`, anonymous: true };
  await donateToCause(request, { causeId, donor: gift });
  await page.goto('/');
  await storeSession(page, auth.token);
  await page.goto('/payments');
  const row = page.getByTestId('payment-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Donation (no event) · River School ${token}`);
  await expect(row).toContainText(`From Anonymous (${gift.name})`);
  await expect(row).toContainText(`+${formatMoney(4000, { currency: 'AUD', locale: 'en' })}`);
  await expect(page.getByTestId('earner-totals-AUD').locator('dt:text-is("Earned") + dd')).toHaveText(formatMoney(4000, { currency: 'AUD', locale: 'en' }));

  // The owner's list of donations, from GET /v1/causes/{id}/donations.
  const donations = page.getByRole('region', { name: 'Donations and messages' });
  await expect(donations.getByText('1 donation', { exact: true })).toBeVisible();
  const item = donations.getByTestId('cause-donation');
  await expect(item).toContainText(`Anonymous (${gift.name})`);
  await expect(item).toContainText(`“${gift.message}”`);
  await expect(item).toContainText('To the cause');
  // The public page still hides the anonymous donor's name.
  await page.goto(`/cause/river-school-${token}`);
  await expect(page.getByRole('heading', { level: 1, name: `River School ${token}` })).toBeVisible();
  await expect(page.getByText(gift.name)).toHaveCount(0);
});

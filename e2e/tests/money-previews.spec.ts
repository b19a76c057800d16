import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatMoney, type AuthResponse, type Booking, type SettlementPreview } from '@goodtable/shared';
import { signUpThroughApi, storeSession, useLanguage } from '../fixtures.ts';
import { bearer, bookingWorld, createRequest, demoSignIn, postAction, uniqueTitle } from '../support/bookings.ts';
import { moveClock } from '../support/clock.ts';
import type { MailboxEmail } from '../support/mailbox.ts';
import { payDepositThroughApi, publishedRestaurantWithoutPayouts } from '../support/payments.ts';

// This file moves the shared business clock by days, so the config runs it alone after every other spec (CLOCK_MOVING_SPECS).

// Accounts made through the API keep the default time zone (Australia/Sydney): match it so no time zone prompt shows.
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 390, height: 844 } });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The words each language's dialogs use, and its money format. */
const TEXT = {
  en: {
    cancel: 'Cancel booking',
    confirmCompletion: 'Confirm completion',
    completionTitle: 'Confirm the event is complete?',
    youPay: 'You pay now',
    restaurantGets: 'The restaurant receives',
    confirmAndPay: (amount: string) => `Confirm and pay ${amount}`,
    forfeited: (amount: string) => `Nothing is refunded to you: the event is 14 days away or less, so your prepayment of ${amount} goes to the restaurant.`,
    changed: 'The amounts changed since you opened this. Nothing was charged',
    completed: 'Event Completed',
  },
  vn: {
    cancel: 'Hủy đặt chỗ',
    confirmCompletion: 'Xác nhận hoàn thành',
    completionTitle: 'Xác nhận sự kiện đã hoàn tất?',
    youPay: 'Bạn trả bây giờ',
    restaurantGets: 'Nhà hàng nhận',
    confirmAndPay: (amount: string) => `Xác nhận và trả ${amount}`,
    forfeited: (amount: string) => `Bạn không được hoàn tiền: sự kiện còn 14 ngày hoặc ít hơn nên khoản trả trước ${amount} của bạn được chuyển cho nhà hàng.`,
    changed: 'Các khoản tiền đã thay đổi từ khi bạn mở hộp thoại này. Bạn chưa bị thu tiền',
    completed: 'Sự kiện đã hoàn thành',
  },
} as const;

/** How a payment receipt email reads in each language: its subject, and the name of a balance charged after the event. */
const RECEIPT = {
  en: { subject: /^Your receipt: /, balance: 'Balance after the event' },
  vn: { subject: /^Biên lai của bạn: /, balance: 'Số tiền còn lại sau sự kiện' },
} as const;

/** Every part of the dialog lies within the phone's 390 px, and the page does not scroll sideways. */
async function expectFitsThePhone(page: Page, dialog: Locator) {
  const edges = await dialog.evaluate((element) => {
    const boxes = [...element.querySelectorAll('*')].map((child) => child.getBoundingClientRect()).filter((box) => box.width > 0);
    return { left: Math.min(...boxes.map((box) => box.left)), right: Math.max(...boxes.map((box) => box.right)) };
  });
  expect(edges.left).toBeGreaterThanOrEqual(0);
  expect(edges.right).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Moves the business clock to `msBefore` the booking's event (negative: after it). */
async function moveClockTo(request: APIRequestContext, { booking, msBefore }: { booking: Booking; msBefore: number }) {
  const clock = (await (await request.get('/dev/clock')).json()) as { now: string };
  await moveClock(request, Date.parse(booking.date!) - Date.parse(clock.now) - msBefore);
}

/** A booking of `restaurant`, its deposit paid by a new client, the event over and marked complete: waiting for the client. */
async function markedComplete(request: APIRequestContext, { restaurant, label }: { restaurant: AuthResponse; label: string }) {
  const { auth: client } = await signUpThroughApi(request, label);
  const booking = await createRequest(request, { world: await bookingWorld(request, { client, restaurantId: restaurant.user.id }), title: uniqueTitle(label) });
  await postAction(request, { auth: restaurant, bookingId: booking.id, action: 'accept' });
  await payDepositThroughApi(request, { auth: client, bookingId: booking.id });
  // Marking complete needs a ticket on the counter (no ticket money comes with it: the settlement counts none).
  expect((await request.post(`/dev/bookings/${booking.id}/tickets-sold`, { data: { count: 1 } })).status()).toBe(200);
  await moveClockTo(request, { booking, msBefore: -6 * HOUR });
  await postAction(request, { auth: restaurant, bookingId: booking.id, action: 'mark-complete' });
  return { booking, client };
}

async function settlementPreview(request: APIRequestContext, { auth, bookingId }: { auth: AuthResponse; bookingId: string }): Promise<SettlementPreview> {
  const response = await request.get(`/v1/bookings/${bookingId}/settlement-preview`, { headers: bearer(auth) });
  expect(response.status()).toBe(200);
  return (await response.json()) as SettlementPreview;
}

for (const language of ['en', 'vn'] as const) {
  const text = TEXT[language];
  const money = (amount: number) => formatMoney(amount, { currency: 'AUD', locale: language });

  test(`in ${language}, 13 days before the event (business clock) the cancel dialog says nothing is refunded, as the cancellation then does`, async ({ page, request }) => {
    const { auth } = await signUpThroughApi(request, `cancel-late-${language}`);
    const booking = await createRequest(request, { world: await bookingWorld(request, { client: auth }), title: uniqueTitle('Late cancel'), daysAhead: 20 });
    await postAction(request, { auth: await demoSignIn(request, 'seller'), bookingId: booking.id, action: 'accept' });
    const deposit = await payDepositThroughApi(request, { auth, bookingId: booking.id });
    await moveClockTo(request, { booking, msBefore: 13 * DAY });

    await useLanguage(page, language);
    await storeSession(page, auth.token);
    await page.goto(`/bookings/${booking.id}`);
    await page.getByRole('button', { name: text.cancel }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text.forfeited(money(deposit)));
    await expectFitsThePhone(page, dialog);
    // By keyboard: the confirming button takes the focus and Enter cancels.
    const confirm = dialog.getByRole('button', { name: text.cancel });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);

    // What the dialog said is what happened: nothing refunded to the client.
    const payments = (await (await request.get(`/v1/bookings/payments?booking_id=${booking.id}`, { headers: bearer(auth) })).json()) as { totals: { paid: number; refunded: number }[] };
    expect(payments.totals).toEqual([expect.objectContaining({ paid: deposit, refunded: 0 })]);
  });

  test(`in ${language}, Confirm completion shows who gets what and the charge first, shows new amounts when they change, and charges what it showed`, async ({ page, request }) => {
    test.slow();
    const restaurant = await publishedRestaurantWithoutPayouts(request);
    const { booking, client } = await markedComplete(request, { restaurant, label: `confirm-${language}` });
    const first = await settlementPreview(request, { auth: client, bookingId: booking.id });
    expect(first.client_charge).toBeGreaterThan(0);

    await useLanguage(page, language);
    await storeSession(page, client.token);
    await page.goto(`/bookings/${booking.id}`);
    await page.getByRole('button', { name: text.confirmCompletion }).click();
    const dialog = page.getByRole('dialog', { name: text.completionTitle });
    await expect(dialog.locator(`dt:text-is("${text.restaurantGets}") + dd`)).toHaveText(money(first.restaurant_amount));
    await expect(dialog.locator(`dt:text-is("${text.youPay}") + dd`)).toHaveText(money(first.client_charge));
    await expectFitsThePhone(page, dialog);

    // Meanwhile the restaurant raises its menu price: the food cost, so the charge, is no longer the one shown.
    const menu = booking.menu!;
    const raised = await request.put(`/v1/restaurants/${restaurant.user.id}/menus/${menu.id}`, {
      headers: bearer(restaurant),
      data: { name: menu.name, price_per_head: menu.price + 1000, min_guests: 8, max_guests: 40 },
    });
    expect(raised.status(), await raised.text()).toBe(200);
    const second = await settlementPreview(request, { auth: client, bookingId: booking.id });
    expect(second.client_charge).toBeGreaterThan(first.client_charge);

    // Confirming the old amount charges nothing: the dialog says so and shows the new amounts.
    await dialog.getByRole('button', { name: text.confirmAndPay(money(first.client_charge)) }).click();
    await expect(dialog.getByRole('alert')).toContainText(text.changed);
    await expect(dialog.locator(`dt:text-is("${text.youPay}") + dd`)).toHaveText(money(second.client_charge));
    expect(((await (await request.get(`/v1/bookings/${booking.id}`, { headers: bearer(client) })).json()) as Booking).status).toBe('CONFIRMED');

    // Confirming what it now shows settles at that amount.
    await dialog.getByRole('button', { name: text.confirmAndPay(money(second.client_charge)) }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('main').getByText(text.completed).first()).toBeVisible();
    expect(await settlementPreview(request, { auth: client, bookingId: booking.id })).toEqual({ ...second, settled: true });

    // The client gets a receipt for the balance charged, in the account's language.
    await expect
      .poll(async () => {
        const { data } = (await (await request.get('/dev/mailbox.json')).json()) as { data: MailboxEmail[] };
        return data.some((email) => {
          const receipt = RECEIPT[email.language as keyof typeof RECEIPT];
          return email.to === client.user.email && receipt?.subject.test(email.subject) && email.text.includes(receipt.balance) && email.text.includes(formatMoney(second.client_charge, { currency: 'AUD', locale: email.language as 'en' | 'vn' }));
        });
      }, { message: 'a receipt email for the balance charge', timeout: 10_000 })
      .toBe(true);
  });
}

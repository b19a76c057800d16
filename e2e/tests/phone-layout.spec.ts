import { expect, test, type Page } from '@playwright/test';
import { storeSession, useLanguage, waitForScreen } from '../fixtures.ts';
import { demoSignIn } from '../support/bookings.ts';
import { buyTicketsThroughApi, confirmedEvent } from '../support/tickets.ts';

// One event is booked, confirmed and sold through the API first: more than 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** Nothing on the page is wider than the phone's screen (the page never scrolls sideways). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

for (const language of ['en', 'vn'] as const) {
  test(`in ${language}, on a phone, buying tickets, the tickets, donating and checking in fit the screen`, async ({ page, request }) => {
    const event = await confirmedEvent(request, `phone-${language}`);
    const order = await buyTicketsThroughApi(request, { eventId: event.id, attendees: ['Nguyễn Thị Minh Khai', 'Tom Walker'] });
    await useLanguage(page, language);

    for (const path of [`/share/${event.id}`, `/share/${event.id}/payment`, `/tickets/${order.id}`, `/donate/${event.cause!.id}?event=${event.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }

    await storeSession(page, (await demoSignIn(request, 'seller')).token);
    await page.goto(`/bookings/${event.id}`);
    await expect(page.locator('#booking-attendees-title')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}

test('on a phone, a cause page puts its website button under the name instead of squeezing the name beside the logo', async ({ page }) => {
  await page.goto('/cause/hope-kitchen-foundation');
  await waitForScreen(page);
  const name = (await page.getByRole('heading', { level: 1, name: 'Hope Kitchen Foundation' }).boundingBox())!;
  const website = (await page.getByRole('link', { name: 'Visit website' }).boundingBox())!;
  expect(website.y).toBeGreaterThanOrEqual(name.y + name.height);
  // The name keeps the width beside the logo: one line, not a word per line.
  expect(name.width).toBeGreaterThanOrEqual(180);
  await expectNoSidewaysScroll(page);
});

for (const language of ['en', 'vn'] as const) {
  test(`in ${language}, on a phone, every payments total fits its place: no amount runs into the next`, async ({ page, request }) => {
    await useLanguage(page, language);
    for (const [role, path, totals] of [
      ['user', '/bookings/payments', /^payer-totals-/],
      ['seller', '/payments', /^earner-totals-/],
    ] as const) {
      await storeSession(page, (await demoSignIn(request, role)).token);
      await page.goto(path);
      const figures = page.getByTestId(totals).locator('dd');
      await expect(figures.first()).toBeVisible();
      // An amount wider than its cell would spill over its neighbour (the page itself need not scroll for that).
      const spilling = await figures.evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent));
      expect(spilling, `${role} on ${path}`).toEqual([]);
      await expectNoSidewaysScroll(page);
    }
  });
}

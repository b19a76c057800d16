import { expect, test } from '@playwright/test';
import { FIRST_HTML, waitForScreen } from '../fixtures.ts';

/**
 * Public pages paint before the app loads (docs/decisions/0061-first-html-written-by-the-server.md): the server writes their
 * first screen into the HTML, which a visitor without JavaScript reads and follows; with JavaScript the app replaces
 * it with its own render, once, and the page works as before.
 */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its headline and leads to the directories, and a directory to a restaurant', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Turn a great dinner into real support for a cause' })).toBeVisible();
    await page.getByRole('link', { name: 'Find a restaurant' }).click();
    await expect(page).toHaveURL(/\/restaurants$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Restaurants' })).toBeVisible();
    await page.getByRole('link', { name: /Trattoria Rossi/ }).click();
    await expect(page).toHaveURL(/\/trattoria-rossi$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trattoria Rossi' })).toBeVisible();
    await expect(page.getByText('Italian · Melbourne')).toBeVisible();
    await expect(page.getByText(/A family trattoria on Lygon Street since 1987/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Trattoria Rossi, photo 1' })).toBeVisible();
  });

  test('a cause page and the cause directory show their content, in Vietnamese for a Vietnamese visitor', async ({ page, context }) => {
    await page.goto('/cause/hope-kitchen-foundation');
    await expect(page.getByRole('heading', { level: 1, name: 'Hope Kitchen Foundation' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Our story' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Raised so far' })).toBeVisible();

    await context.addCookies([{ name: 'lang', value: 'vn', url: new URL(page.url()).origin }]);
    await page.goto('/causes');
    await expect(page.getByRole('heading', { level: 1, name: 'Tổ chức từ thiện' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Hope Kitchen Foundation/ })).toHaveAttribute('href', '/cause/hope-kitchen-foundation');
  });
});

test('with JavaScript the app replaces the first screen with its own render, once', async ({ page }) => {
  await page.goto('/trattoria-rossi');
  await waitForScreen(page);
  await expect(page.locator(FIRST_HTML)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Trattoria Rossi' })).toBeVisible();
  // Only the app has these: the page is the app's, working.
  await expect(page.getByRole('link', { name: 'Book an event' })).toBeVisible();
  await page.getByRole('link', { name: 'All restaurants' }).click();
  await expect(page.getByLabel('Search', { exact: true })).toBeVisible();
});

test('while the app loads the page it keeps showing the first screen: content, never a spinner in between', async ({ page }) => {
  // The page's own call held back: the app's code is running, its data not yet here.
  let releaseCall: () => void = () => undefined;
  const callHeld = new Promise<void>((resolve) => (releaseCall = resolve));
  await page.route('**/v1/restaurants/by-slug/trattoria-rossi', async (route) => {
    await callHeld;
    await route.continue();
  });
  await page.goto('/trattoria-rossi');
  await page.waitForFunction(() => document.querySelectorAll('script[type="module"]').length > 0 && document.readyState === 'complete');
  await expect(page.getByRole('heading', { level: 1, name: 'Trattoria Rossi' })).toBeVisible();
  await expect(page.getByText(/A family trattoria on Lygon Street since 1987/)).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  releaseCall();
  await waitForScreen(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Book an event' })).toBeVisible();
});

for (const path of ['/restaurants', '/causes']) {
  test(`${path}: the served page draws the filters, so its cards stay where they are when the app takes over`, async ({ browser, page }) => {
    // Where the cards begin (the top of their grid; which cards come first may change as other tests publish).
    // The grid of cards, not the app's skeleton (it has no links) which the cards replace once their data is here.
    const cardsTop = async (on: typeof page) => {
      const cards = on.getByRole('main').getByRole('list').filter({ has: on.getByRole('link') }).first();
      await expect(cards).toBeVisible();
      return (await cards.boundingBox())?.y;
    };
    const served = await browser.newContext({ javaScriptEnabled: false });
    const servedPage = await served.newPage();
    await servedPage.goto(path);
    await expect(servedPage.getByRole('combobox', { name: 'Sort by' })).toBeDisabled();
    const servedTop = await cardsTop(servedPage);
    await served.close();

    await page.goto(path);
    await waitForScreen(page);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeEnabled();
    expect(servedTop).toBeGreaterThan(0);
    expect(await cardsTop(page)).toBe(servedTop);
  });
}

import { expect, test } from '@playwright/test';
import { consoleProblems, waitForScreen } from '../fixtures.ts';

/**
 * Public pages paint before the app loads (docs/decisions/0231-public-pages-rendered-by-react-on-the-server.md): the
 * server renders them with the app's own components, which a visitor without JavaScript reads and follows; with
 * JavaScript the app hydrates that markup from the same data, without a mismatch, and the page works as before.
 */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its headline and leads to the directories, and a directory to a restaurant', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Turn a great dinner into real support for a cause' })).toBeVisible();
    // The hero's link (the page has another one further down).
    await page.getByRole('link', { name: 'Find a restaurant' }).first().click();
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

/** The public pages the server renders, each with the heading it shows. */
const PUBLIC_PAGES = [
  { path: '/', heading: 'Turn a great dinner into real support for a cause' },
  { path: '/restaurants', heading: 'Restaurants' },
  { path: '/trattoria-rossi', heading: 'Trattoria Rossi' },
  { path: '/causes', heading: 'Causes' },
  { path: '/cause/hope-kitchen-foundation', heading: 'Hope Kitchen Foundation' },
  { path: '/blog', heading: 'The GoodTable blog' },
  { path: '/blog/where-the-money-goes', heading: 'Where the money goes' },
  { path: '/about', heading: 'About GoodTable' },
  { path: '/help', heading: 'Help' },
  { path: '/how-it-works', heading: 'How GoodTable works' },
  { path: '/terms', heading: 'Terms of use' },
  { path: '/privacy', heading: 'Privacy policy' },
  { path: '/contact', heading: 'Contact us' },
];

for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path}: served with its content, then hydrated by the app without a mismatch`, async ({ browser, page }) => {
    const served = await browser.newContext({ javaScriptEnabled: false });
    const servedPage = await served.newPage();
    await servedPage.goto(path);
    await expect(servedPage.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await served.close();

    const problems = consoleProblems(page);
    await page.goto(path);
    await waitForScreen(page);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(problems).toEqual([]);
  });
}

test('with JavaScript the page works: its links and controls are the app\'s', async ({ page }) => {
  await page.goto('/trattoria-rossi');
  await waitForScreen(page);
  await expect(page.getByRole('link', { name: 'Book an event' })).toBeVisible();
  await page.getByRole('link', { name: 'All restaurants' }).click();
  await page.getByLabel('Search', { exact: true }).fill('Trattoria');
  await expect(page).toHaveURL(/search=Trattoria/);
});

test('the browser does not ask again for the data the page was served with', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/restaurants/by-slug/')) asked.push(request.url());
  });
  await page.goto('/trattoria-rossi');
  await waitForScreen(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Trattoria Rossi' })).toBeVisible();
  await expect(page.getByText(/A family trattoria on Lygon Street since 1987/)).toBeVisible();
  // The app has hydrated the page (waitForScreen): its data came with it.
  expect(asked).toEqual([]);
});

for (const path of ['/restaurants', '/causes']) {
  test(`${path}: the served page has the filters, so its cards stay where they are when the app takes over`, async ({ browser, page }) => {
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
    await expect(servedPage.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
    const servedTop = await cardsTop(servedPage);
    await served.close();

    await page.goto(path);
    await waitForScreen(page);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeEnabled();
    expect(servedTop).toBeGreaterThan(0);
    expect(await cardsTop(page)).toBe(servedTop);
  });
}

import { expect, test } from '@playwright/test';
import { notFoundHeading, servedAnswer, useLanguage } from '../fixtures.ts';

type Language = 'en' | 'vn';

/** Each public page with its heading and document title in both languages (locale files, seeded demo data). */
const PAGES: { path: string; heading: Record<Language, string>; title: Record<Language, string> }[] = [
  {
    path: '/',
    heading: { en: 'Turn a great dinner into real support for a cause', vn: 'Biến một bữa tối ngon thành sự ủng hộ thiết thực cho cộng đồng' },
    title: { en: 'Fundraising dinners | GoodTable', vn: 'Bữa tối gây quỹ | GoodTable' },
  },
  { path: '/restaurants', heading: { en: 'Restaurants', vn: 'Nhà hàng' }, title: { en: 'Restaurants | GoodTable', vn: 'Nhà hàng | GoodTable' } },
  { path: '/causes', heading: { en: 'Causes', vn: 'Tổ chức từ thiện' }, title: { en: 'Causes | GoodTable', vn: 'Tổ chức từ thiện | GoodTable' } },
  {
    path: '/trattoria-rossi',
    heading: { en: 'Trattoria Rossi', vn: 'Trattoria Rossi' },
    title: { en: 'Trattoria Rossi | GoodTable', vn: 'Trattoria Rossi | GoodTable' },
  },
  {
    path: '/cause/hope-kitchen-foundation',
    heading: { en: 'Hope Kitchen Foundation', vn: 'Hope Kitchen Foundation' },
    title: { en: 'Hope Kitchen Foundation | GoodTable', vn: 'Hope Kitchen Foundation | GoodTable' },
  },
  {
    path: '/how-it-works',
    heading: { en: 'How GoodTable works', vn: 'GoodTable hoạt động như thế nào' },
    title: { en: 'How it works | GoodTable', vn: 'Cách hoạt động | GoodTable' },
  },
  { path: '/about', heading: { en: 'About GoodTable', vn: 'Về GoodTable' }, title: { en: 'About us | GoodTable', vn: 'Về chúng tôi | GoodTable' } },
  {
    path: '/privacy',
    heading: { en: 'Privacy policy', vn: 'Chính sách quyền riêng tư' },
    title: { en: 'Privacy policy | GoodTable', vn: 'Chính sách quyền riêng tư | GoodTable' },
  },
  {
    path: '/terms',
    heading: { en: 'Terms of use', vn: 'Điều khoản sử dụng' },
    title: { en: 'Terms of use | GoodTable', vn: 'Điều khoản sử dụng | GoodTable' },
  },
  { path: '/help', heading: { en: 'Help', vn: 'Trợ giúp' }, title: { en: 'Help | GoodTable', vn: 'Trợ giúp | GoodTable' } },
  { path: '/contact', heading: { en: 'Contact us', vn: 'Liên hệ với chúng tôi' }, title: { en: 'Contact us | GoodTable', vn: 'Liên hệ | GoodTable' } },
  { path: '/blog', heading: { en: 'The GoodTable blog', vn: 'Blog GoodTable' }, title: { en: 'Blog | GoodTable', vn: 'Blog | GoodTable' } },
  {
    path: '/blog/where-the-money-goes',
    heading: { en: 'Where the money goes', vn: 'Tiền đi về đâu' },
    title: { en: 'Where the money goes | GoodTable', vn: 'Tiền đi về đâu | GoodTable' },
  },
];

const FOOTER_HEADING = { en: 'Stay in the loop', vn: 'Luôn cập nhật' };

for (const language of ['en', 'vn'] as const) {
  for (const { path, heading, title } of PAGES) {
    test(`${path} in ${language}: its heading, title, language and footer`, async ({ page }) => {
      await useLanguage(page, language);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading[language], exact: true })).toBeVisible();
      await expect(page).toHaveTitle(title[language]);
      await expect(page.locator('html')).toHaveAttribute('lang', language === 'vn' ? 'vi' : 'en');
      await expect(page.getByRole('heading', { level: 2, name: FOOTER_HEADING[language] })).toBeVisible();
    });
  }
}

test('the served HTML of a page is already in the visitor language, with its canonical address', async ({ page, context }) => {
  await useLanguage(page, 'vn');
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Về GoodTable' })).toBeVisible();
  // The app keeps a `lang` cookie, so the server writes the next page's head in Vietnamese before any script runs.
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('vn');
  const served = await page.request.get('/how-it-works', { headers: { cookie: 'lang=vn' } });
  const html = await served.text();
  expect(html).toContain('<html lang="vi"');
  expect(html).toContain('<title>Cách hoạt động | GoodTable</title>');
  expect(html).toMatch(/<link rel="canonical" href="[^"]*\/how-it-works"/);
});

test('the footer link to the transaction documents opens that section of the terms', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Transaction documents' }).click();
  await expect(page).toHaveURL(/\/terms#transaction-documents$/);
  await expect(page.locator('#transaction-documents')).toBeInViewport();
  // The table of contents leads to every section of the page.
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/terms#the-service$/);
});

test('a cause page offers to host a dinner for that cause', async ({ page }) => {
  await page.goto('/cause/hope-kitchen-foundation');
  const host = page.getByRole('link', { name: 'Host a dinner for this cause' });
  await expect(host).toBeVisible();
  await expect(host).toHaveAttribute('href', /^\/add-event\?cause=[0-9a-f-]{36}$/);
  // Donating leads to the cause's donation screen.
  await expect(page.getByRole('link', { name: 'Donate' })).toHaveAttribute('href', /^\/donate\/[0-9a-f-]{36}$/);
});

test('the home page shows the honest activity of the marketplace and the featured restaurants and causes', async ({ page }) => {
  // What the database says, as the page was served with it: other tests complete and confirm dinners, and publish
  // restaurants and causes, meanwhile.
  await page.goto('/');
  const home = await servedAnswer<{ raised: unknown[]; completed_events: number; upcoming_events: { title: string }[] }>(page, ['site', 'home']);
  if (home.completed_events > 0) await expect(page.getByText(home.completed_events === 1 ? '1 dinner completed' : `${home.completed_events} dinners completed`)).toBeVisible();
  // The total is what causes received (donations and settled shares), never ticket sales.
  await expect(page.getByText("What causes received: donations, and each completed dinner's share once it is settled.")).toBeVisible();
  if (home.raised.length === 0) await expect(page.getByText('Nothing has reached a cause yet: the first donation or completed dinner will show here.')).toBeVisible();
  if (home.upcoming_events.length > 0) await expect(page.getByText(home.upcoming_events[0]!.title).first()).toBeVisible();
  else await expect(page.getByText(/No public dinner is confirmed yet/)).toBeVisible();
  // The featured sections (upcoming dinners link their restaurants and causes too).
  const featured = (name: string) => page.locator('section', { has: page.getByRole('heading', { level: 2, name }) });
  const restaurants = await servedAnswer<{ name: string }[]>(page, ['site', 'featured-restaurants']);
  const causes = await servedAnswer<{ name: string }[]>(page, ['site', 'featured-causes']);
  expect(restaurants.length).toBeGreaterThan(0);
  expect(causes.length).toBeGreaterThan(0);
  for (const restaurant of restaurants) await expect(featured('Featured restaurants').getByRole('link', { name: restaurant.name, exact: true })).toBeVisible();
  for (const cause of causes) await expect(featured('Featured causes').getByRole('link', { name: cause.name, exact: true })).toBeVisible();
});

test('unknown restaurant, cause and page addresses answer 404 with the 404 page', async ({ page }) => {
  for (const path of ['/no-such-restaurant-here', '/cause/no-such-cause-here', '/about/nothing-here']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(notFoundHeading(page)).toBeVisible();
  }
});

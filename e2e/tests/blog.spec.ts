import { expect, test } from '@playwright/test';
import { LOCAL_STORAGE_LANGUAGE_KEY } from '@goodtable/shared';
import { notFoundHeading } from '../fixtures.ts';

const postLinks = (page: import('@playwright/test').Page) => page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('link');

test('the blog lists the posts newest first, filters them by tag and opens a post', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'The GoodTable blog' })).toBeVisible();
  await expect(postLinks(page)).toHaveCount(6);
  await expect(postLinks(page).first()).toHaveText('GoodTable comes to Da Nang');

  const tags = page.getByRole('group', { name: 'Filter by tag' });
  await tags.getByRole('button', { name: 'Transparency' }).click();
  await expect(page).toHaveURL(/\/blog\?tag=transparency$/);
  await expect(tags.getByRole('button', { name: 'Transparency' })).toHaveAttribute('aria-pressed', 'true');
  await expect(postLinks(page)).toHaveText(['Choosing a cause you can vouch for', 'Where the money goes']);

  await postLinks(page).filter({ hasText: 'Choosing a cause you can vouch for' }).click();
  await expect(page).toHaveURL(/\/blog\/choosing-a-cause-you-can-vouch-for$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choosing a cause you can vouch for' })).toBeVisible();
  await expect(page).toHaveTitle('Choosing a cause you can vouch for | GoodTable');
  await expect(page.getByRole('list', { name: 'Tags' }).getByText('Causes')).toBeVisible();

  await page.getByRole('link', { name: 'All posts' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(postLinks(page)).toHaveCount(6);
});

test('the blog in Vietnamese shows the Vietnamese posts and tags', async ({ page }) => {
  await page.addInitScript(([key]) => localStorage.setItem(key, 'vn'), [LOCAL_STORAGE_LANGUAGE_KEY] as const);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog GoodTable' })).toBeVisible();
  await expect(postLinks(page).first()).toHaveText('GoodTable đến Đà Nẵng');
  await page.getByRole('group', { name: 'Lọc theo thẻ' }).getByRole('button', { name: 'Tiền' }).click();
  await expect(postLinks(page)).toHaveText(['Tiền đi về đâu']);
  await postLinks(page).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiền đi về đâu' })).toBeVisible();
});

test('a post is served with its own title and Open Graph tags, and the RSS feed lists the posts', async ({ request }) => {
  const html = await (await request.get('/blog/where-the-money-goes')).text();
  expect(html).toContain('<title>Where the money goes | GoodTable</title>');
  expect(html).toContain('<meta property="og:type" content="article"');
  expect(html).toMatch(/<meta property="og:image" content="[^"]*\/blog\/covers\/where-the-money-goes\.svg"/);

  const feed = await request.get('/blog/rss.xml');
  expect(feed.headers()['content-type']).toContain('xml');
  const rss = await feed.text();
  expect(rss.match(/<item>/g)).toHaveLength(6);
  expect(rss).toContain('<title>Where the money goes</title>');
});

test('an unknown post answers 404 with the 404 page', async ({ page }) => {
  const response = await page.goto('/blog/no-such-post-anywhere');
  expect(response?.status()).toBe(404);
  await expect(notFoundHeading(page)).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { notFoundHeading } from '../fixtures.ts';

test('the 404 page has the exact texts and links of the specification', async ({ page }) => {
  await page.goto('/404');
  await expect(notFoundHeading(page)).toBeVisible();
  await expect(page).toHaveTitle('404 - Page Not Found | GoodTable');
  const main = page.getByRole('main');
  await expect(main.getByText('404', { exact: true })).toBeVisible();
  await expect(main.getByText("Sorry, we couldn't find the page you're looking for.", { exact: true })).toBeVisible();

  const home = main.getByRole('link', { name: 'Go back home' });
  await expect(home).toHaveAttribute('href', '/');

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  for (const placeholder of ['Status', 'Twitter']) {
    const link = footer.getByText(placeholder, { exact: true });
    await expect(link).toBeVisible();
    await expect(link).not.toHaveAttribute('href');
  }

  await home.click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('the side image fills the right half on large screens only', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/404');
  const image = page.locator('svg[preserveAspectRatio="xMidYMid slice"]');
  await expect(image).toBeVisible();
  const box = await image.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(1440 / 2 - 1);
  expect(box!.x + box!.width).toBeCloseTo(1440, 0);
  expect(box!.height).toBeGreaterThanOrEqual(900 - 1);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(image).toBeHidden();
});

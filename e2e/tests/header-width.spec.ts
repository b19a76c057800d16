import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authResponseSchema, type AuthResponse } from '@goodtable/shared';
import { storeSession, uniqueEmail, useLanguage, waitForScreen } from '../fixtures.ts';

// Four widths, two languages and every acting-as choice: many page loads on a busy machine. Every role's pages at
// these widths are swept by page-sweep.spec.ts; here, a manager's header with long restaurant names.
test.describe.configure({ timeout: 180_000 });

const WIDTHS = [390, 768, 1280, 1440] as const;
const LONG_NAMES = ['Fortitude Valley Taverna and Rooftop Wine Garden', 'Riverbend Grill, Smokehouse and Oyster Bar of the Brisbane River'];
const SPEAKER_KEY = 'speaker';
const PROFILE_MENU = { en: 'Open profile menu', vn: 'Mở menu tài khoản' } as const;
type Language = keyof typeof PROFILE_MENU;

type ManagedRestaurant = { id: string; name: string };

/** A new manager running two restaurants with long names, made through the API. */
async function managerWithLongRestaurantNames(request: APIRequestContext): Promise<{ auth: AuthResponse; restaurants: ManagedRestaurant[] }> {
  const signUp = await request.post('/v1/auth/sign-up', {
    data: { email: uniqueEmail('long-names-manager'), password: `pw-${randomUUID()}`, first_name: 'Hanh', last_name: 'Vu', role: 'manager', name: 'Vu Hospitality' },
  });
  expect(signUp.status()).toBe(201);
  const auth = authResponseSchema.parse(await signUp.json());
  const restaurants: ManagedRestaurant[] = [];
  for (const name of LONG_NAMES) {
    const created = await request.post(`/v1/managers/${auth.user.id}/restaurants`, {
      headers: { authorization: `Bearer ${auth.token.access_token}` },
      data: { name, email: uniqueEmail('long-name-restaurant'), first_name: 'Quynh', last_name: 'Mai' },
    });
    expect(created.status()).toBe(201);
    restaurants.push({ id: ((await created.json()) as { id: string }).id, name });
  }
  return { auth, restaurants };
}

/** The page does not scroll sideways, and the header's last controls (bell, profile menu) are on the screen. */
async function expectHeaderFits({ page, width, language }: { page: Page; width: number; language: Language }) {
  await waitForScreen(page);
  const profileMenu = page.getByRole('button', { name: PROFILE_MENU[language] });
  await expect(profileMenu).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width} px`).toBeLessThanOrEqual(width);
  const box = await profileMenu.boundingBox();
  expect(box!.x + box!.width, `profile menu at ${width} px`).toBeLessThanOrEqual(width);
}

for (const language of ['en', 'vn'] as const) {
  test(`in ${language}, a manager's header fits the screen at every width, for every acting-as choice`, async ({ page, request }) => {
    const { auth, restaurants } = await managerWithLongRestaurantNames(request);
    await useLanguage(page, language);
    await storeSession(page, auth.token);
    const choices = [null, ...restaurants];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const restaurant of choices) {
        await page.evaluate(([key, id]) => (id ? localStorage.setItem(key, id) : localStorage.removeItem(key)), [SPEAKER_KEY, restaurant?.id ?? null] as const);
        await page.goto(restaurant ? `/restaurants/${restaurant.id}/bookings` : '/bookings');
        await expectHeaderFits({ page, width, language });
        await page.goto('/how-it-works');
        await expectHeaderFits({ page, width, language });
      }
    }
  });

}

test('acting as one restaurant, every link and the bookings page name the scope they show', async ({ page, request }) => {
  const { auth, restaurants } = await managerWithLongRestaurantNames(request);
  const [restaurant] = restaurants;
  await storeSession(page, auth.token);
  await page.goto(`/restaurants/${restaurant!.id}/bookings`);
  await expect(page.getByRole('heading', { level: 1, name: `${restaurant!.name}: bookings` })).toBeVisible();
  await expect(page.getByText(`Bookings at ${restaurant!.name} only. All bookings lists every restaurant you run.`)).toBeVisible();
  await expect(page.getByText('Bookings across every restaurant you run.')).toHaveCount(0);

  const sidebar = page.getByRole('navigation', { name: 'Dashboard navigation' });
  await expect(sidebar.getByRole('link', { name: `${restaurant!.name} bookings` })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: `${restaurant!.name} payments` })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'All bookings', exact: true })).toHaveAttribute('href', '/bookings');
  await expect(sidebar.getByRole('link', { name: 'All payments', exact: true })).toHaveAttribute('href', '/payments');
  await expect(sidebar.getByRole('link', { name: 'Payments', exact: true })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Bookings', exact: true })).toHaveCount(0);

  await sidebar.getByRole('link', { name: `${restaurant!.name} payments` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${restaurant!.name} payments` })).toBeVisible();
  await expect(page.getByText(/^This restaurant only: /)).toBeVisible();
  await expect(page.getByText(/^Across the restaurants you run/)).toHaveCount(0);

  await sidebar.getByRole('link', { name: 'All bookings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Bookings' })).toBeVisible();
  await expect(page.getByText('Bookings across every restaurant you run.')).toBeVisible();
});

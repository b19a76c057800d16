import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { authResponseSchema } from '@goodtable/shared';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInThroughApi, signUpThroughApi, storeSession, uniqueEmail } from '../fixtures.ts';

// Accounts made through the API keep the default time zone (Australia/Sydney): match it so no time zone prompt shows.
test.use({ timezoneId: 'Australia/Sydney' });

test('a restaurant saves its hosting preferences and its public page shows the hosting days', async ({ page, request }) => {
  const token = randomUUID().slice(0, 8);
  const name = `Harbour Lights ${token}`;
  const signUp = await request.post('/v1/auth/sign-up', {
    data: { email: uniqueEmail('host'), password: `pw-${randomUUID()}`, first_name: 'Ana', last_name: 'Silva', role: 'seller', name },
  });
  const auth = authResponseSchema.parse(await signUp.json());
  const headers = { authorization: `Bearer ${auth.token.access_token}` };
  const base = `/v1/restaurants/${auth.user.id}`;
  const slug = `harbour-lights-${token}`;
  await request.put(`${base}/profile`, {
    headers,
    data: { name, slug, description: 'Dinner by the water.', cuisine: 'seafood', address: '1 Pier Road', city: 'Sydney', region: 'New South Wales', country: 'AU' },
  });
  await request.post(`${base}/menus`, { headers, data: { name: 'Seafood feast', price_per_head: 9900, min_guests: 10, max_guests: 60 } });
  await request.put(`${base}/published`, { headers, data: { published: true } });

  await storeSession(page, auth.token);
  await page.goto('/guest-preferences');
  await expect(page.getByRole('heading', { level: 1, name: 'Hosting preferences' })).toBeVisible();
  await expect(page).toHaveTitle('Hosting preferences | GoodTable');
  const days = page.getByRole('group', { name: 'Days you host events' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday']) await days.getByText(day, { exact: true }).click();
  await page.getByLabel('Minimum guests').fill('80');
  await page.getByLabel('Maximum guests').fill('20');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('The maximum must not be lower than the minimum.')).toBeVisible();
  await page.getByLabel('Minimum guests').fill('12');
  await page.getByRole('group', { name: 'Causes you like to support' }).getByText('Education', { exact: true }).click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your hosting preferences were saved.' })).toBeVisible();

  await page.goto(`/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const hosting = page.getByRole('list', { name: 'Days this restaurant hosts events' });
  await expect(hosting.getByText('Monday: no events')).toBeAttached();
  await expect(hosting.getByText('Friday: hosts events')).toBeAttached();
});

test('a client’s default region and party size pre-fill the restaurant directory', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'defaults');
  await storeSession(page, auth.token);
  await page.goto('/guest-preferences');
  await expect(page.getByRole('heading', { level: 1, name: 'Guest preferences' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Preferred region' }).fill('queens');
  await page.getByRole('option', { name: 'Queensland' }).click();
  await page.getByLabel('Usual party size').fill('25');
  await page.getByRole('group', { name: 'Dietary needs' }).getByText('Vegan', { exact: true }).click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your preferences were saved.' })).toBeVisible();

  await page.getByRole('link', { name: 'Browse restaurants' }).click();
  await expect(page).toHaveURL(/\/restaurants\?region=Queensland&guests=25$/);
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue('Queensland');
  await expect(page.getByLabel('Guests')).toHaveValue('25');
  await expect(page.getByRole('link', { name: /Riverbend Grill/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Trattoria Rossi/ })).toHaveCount(0);
});

test('the demo manager edits a restaurant it runs, and is refused one it does not', async ({ page, request }) => {
  const auth = await signInThroughApi(request, { email: DEMO_ACCOUNTS.manager, password: DEMO_PASSWORD });
  const runs = (await (await request.get('/v1/restaurants/by-slug/riverbend-grill')).json()) as { id: string };
  const doesNotRun = (await (await request.get('/v1/restaurants/by-slug/bep-song-han')).json()) as { id: string };
  await storeSession(page, auth.token);

  await page.goto(`/guests/${runs.id}/restaurant-profile`);
  await expect(page.getByText('You are editing Riverbend Grill as its manager.')).toBeVisible();
  await expect(page.getByLabel('Restaurant name')).toHaveValue('Riverbend Grill');
  await expect(page.getByRole('list', { name: 'Menus' }).getByRole('heading', { level: 3 }).first()).toHaveText('Steakhouse dinner');

  await page.goto(`/guests/${doesNotRun.id}/restaurant-profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

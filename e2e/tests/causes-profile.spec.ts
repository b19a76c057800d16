import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { authResponseSchema, LOCAL_STORAGE_LANGUAGE_KEY } from '@goodtable/shared';
import { storeSession, uniqueEmail } from '../fixtures.ts';

/** A fresh cause account (sign-up with role cause), so each test starts without causes. */
async function signUpCause(request: APIRequestContext) {
  const response = await request.post('/v1/auth/sign-up', {
    data: { email: uniqueEmail('cause'), password: `pw-${randomUUID()}`, first_name: 'Minh', last_name: 'Tran', role: 'cause' },
  });
  expect(response.status()).toBe(201);
  return authResponseSchema.parse(await response.json());
}

// New accounts default to Australia/Sydney: the same zone in the browser keeps the time-zone prompt away.
test.use({ timezoneId: 'Australia/Sydney' });

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('a cause user without a cause is sent to /add-cause with the "complete your profile" dialog', async ({ page, request }) => {
  const auth = await signUpCause(request);
  await storeSession(page, auth.token);
  await page.goto('/cause-profile');
  await expect(page).toHaveURL(/\/add-cause$/);
  const dialog = page.getByRole('dialog', { name: 'Please complete your profile first' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('All causes must submit their profile first before platform access is enabled.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a cause' })).toBeVisible();
  await expect(page).toHaveTitle('Add a cause | GoodTable');

  // The bookings link (typed or followed) leads to the same place.
  await page.goto('/bookings');
  await expect(page).toHaveURL(/\/add-cause$/);
  await expect(page.getByRole('dialog', { name: 'Please complete your profile first' })).toBeVisible();
});

test('a cause user adds and publishes a cause; a visitor finds it in /causes (en and vn) and opens its page', async ({ page, request, browser }) => {
  // A long journey through two browser contexts.
  test.slow();
  const auth = await signUpCause(request);
  const token = `e2e${randomUUID().slice(0, 8)}`;
  const name = `Lotus Lantern ${token}`;
  await storeSession(page, auth.token);
  await page.goto('/add-cause');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a cause' })).toBeVisible();

  await page.getByLabel('Cause name').fill(name);
  await expect(page.getByLabel('Page address')).toHaveValue(`lotus-lantern-${token}`);
  await page.getByRole('combobox', { name: 'Category' }).fill('heal');
  await page.getByRole('option', { name: 'Health' }).click();
  // Publishing without a story is refused under the story field.
  await page.getByLabel('Published').check();
  await page.getByRole('button', { name: 'Create cause' }).click();
  await expect(page.getByText('This is required before publishing.')).toBeVisible();

  await page.getByLabel('Your story').fill('Free eye tests and glasses for children in Da Nang.');
  await page.getByLabel('Website').fill('https://lotus.example.org');
  await page.getByLabel('Charity registration number').fill('VN-NGO-2024-0001');
  await page.getByRole('combobox', { name: 'Country' }).fill('viet');
  await page.getByRole('option', { name: /Vietnam/ }).click();
  await page.locator('input[type="file"][name="logo"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Create cause' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Your cause has been created.' })).toBeVisible();
  await expect(page).toHaveURL(/\/cause-profile\?causeId=/);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByText('Vietnam', { exact: true })).toBeVisible();

  // The header causes dropdown lists it.
  await page.getByRole('button', { name: 'My causes' }).click();
  await expect(page.getByRole('menuitem', { name })).toBeVisible();
  await page.keyboard.press('Escape');

  // A visitor (no session) finds it in the directory and opens its page.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/causes');
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Causes' })).toBeVisible();
  await expect(visitorPage).toHaveTitle('Causes | GoodTable');
  await visitorPage.getByLabel('Search causes').fill(token);
  await expect(visitorPage).toHaveURL(new RegExp(`search=${token}`));
  await expect(visitorPage.getByText('1 cause', { exact: true })).toBeVisible();
  await visitorPage.getByRole('link', { name: new RegExp(name) }).click();
  await expect(visitorPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitorPage).toHaveTitle(`${name} | GoodTable`);
  await expect(visitorPage.getByText('Free eye tests and glasses for children in Da Nang.')).toBeVisible();
  await expect(visitorPage.getByRole('link', { name: 'Visit website' })).toHaveAttribute('href', 'https://lotus.example.org');

  // The same in Vietnamese.
  await visitorPage.evaluate(([key]) => localStorage.setItem(key, 'vn'), [LOCAL_STORAGE_LANGUAGE_KEY] as const);
  await visitorPage.goto('/causes');
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Tổ chức từ thiện' })).toBeVisible();
  await visitorPage.getByLabel('Lĩnh vực').selectOption({ label: 'Sức khỏe' });
  await visitorPage.getByLabel('Tìm tổ chức').fill(token);
  await expect(visitorPage.getByText('1 tổ chức', { exact: true })).toBeVisible();
  await visitorPage.getByRole('link', { name: new RegExp(name) }).click();
  await expect(visitorPage.getByRole('heading', { level: 2, name: 'Câu chuyện của chúng tôi' })).toBeVisible();
  await expect(visitorPage.getByText('Sức khỏe')).toBeVisible();
  await visitor.close();

  // Link previews: the served HTML carries the title and Open Graph tags.
  const html = await (await request.get(`/cause/lotus-lantern-${token}`)).text();
  expect(html).toContain(`<title>${name} | GoodTable</title>`);
  expect(html).toContain(`<meta property="og:title" content="${name} | GoodTable" />`);
});

test('the cause directory shows an empty state and the 404 page for an unknown cause', async ({ page }) => {
  await page.goto('/causes?search=zzznothingmatchesthis');
  await expect(page.getByRole('heading', { name: 'No causes found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('link', { name: /Hope Kitchen Foundation/ })).toBeVisible();

  await page.goto('/cause/no-such-cause-here');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test("the demo cause account sees its causes, switches with causeId, and cannot edit someone else's cause", async ({ page, request }) => {
  const signIn = await request.post('/v1/auth/sign-in', { data: { email: 'cause@example.com', password: 'goodtable-demo' } });
  const auth = authResponseSchema.parse(await signIn.json());
  const own = (await (await request.get(`/v1/users/${auth.user.id}/causes`)).json()) as { data: { id: string; name: string }[] };
  expect(own.data).toHaveLength(2);
  await storeSession(page, auth.token);

  await page.goto(`/cause-profile?causeId=${own.data[1]!.id}`);
  await expect(page.getByRole('heading', { level: 2, name: own.data[1]!.name })).toBeVisible();
  await page.goto('/cause-profile');
  await expect(page.getByRole('heading', { level: 2, name: own.data[0]!.name })).toBeVisible();

  const directory = (await (await request.get('/v1/causes?limit=100')).json()) as { data: { id: string }[] };
  const notMine = directory.data.find((cause) => !own.data.some((mine) => mine.id === cause.id))!;
  await page.goto(`/cause/${notMine.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

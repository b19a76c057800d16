import { expect, test } from '@playwright/test';
import { signUpThroughApi, storeSession, uniqueEmail } from '../fixtures.ts';

test('account changes are saved and still there after a reload', async ({ page, request }) => {
  const { auth, password } = await signUpThroughApi(request, 'account');
  await storeSession(page, auth.token);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Personal details' }).getByLabel('Current password')).toHaveCount(0);

  const newEmail = uniqueEmail('account-new');
  await page.getByLabel('First name').fill('Hoa');
  await page.getByLabel('Last name').fill('Le');
  await page.getByLabel('Email address').fill(newEmail);
  // A new address needs proof: the current password field appears only now.
  await page.getByRole('region', { name: 'Personal details' }).getByLabel('Current password').fill(password);
  await page.getByLabel('Location').fill('Da Nang, Vietnam');

  const timeZone = page.getByRole('combobox', { name: 'Time zone' });
  await timeZone.fill('hochi minh');
  await page.getByRole('option', { name: 'Asia/Ho Chi Minh' }).click();
  await expect(timeZone).toHaveValue('Asia/Ho Chi Minh');

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a verification email to ${newEmail}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Personal details' }).getByLabel('Current password')).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Hoa');
  await expect(page.getByLabel('Last name')).toHaveValue('Le');
  await expect(page.getByLabel('Email address')).toHaveValue(newEmail);
  await expect(page.getByLabel('Location')).toHaveValue('Da Nang, Vietnam');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Ho Chi Minh');
});

test('the time zone list says "Nothing found." when the search matches nothing', async ({ page, request }) => {
  const { auth } = await signUpThroughApi(request, 'nothing');
  await storeSession(page, auth.token);
  await page.goto('/account');
  const timeZone = page.getByRole('combobox', { name: 'Time zone' });
  await timeZone.fill('Atlantis/Lost City');
  await expect(page.getByText('Nothing found.')).toBeVisible();
  await timeZone.fill('  EUROPE / par');
  await expect(page.getByRole('option', { name: 'Europe/Paris' })).toBeVisible();
});

test("another account's email is refused under the email field", async ({ page, request }) => {
  const other = await signUpThroughApi(request, 'other');
  const { auth, password } = await signUpThroughApi(request, 'mine');
  await storeSession(page, auth.token);
  await page.goto('/account');
  const emailField = page.getByLabel('Email address');
  await emailField.fill(other.email);
  await page.getByRole('region', { name: 'Personal details' }).getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('This email address is already in use.')).toBeVisible();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
});

test('answering Yes to the time-zone prompt updates the open Account form, and saving it keeps the new zone', async ({ browser, request }) => {
  const { auth } = await signUpThroughApi(request, 'zone-prompt');
  // The account says Sydney; this browser is in Da Nang, so the prompt offers Da Nang's zone.
  const context = await browser.newContext({ timezoneId: 'Asia/Ho_Chi_Minh' });
  const page = await context.newPage();
  await storeSession(page, auth.token);
  await page.goto('/account');
  const timeZone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(timeZone).toHaveValue('Australia/Sydney');

  await page.getByRole('button', { name: 'Yes, update' }).click();
  await expect(timeZone).toHaveValue('Asia/Ho Chi Minh');

  await page.getByLabel('First name').fill('Thu');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been updated.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Thu');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Ho Chi Minh');
  await context.close();
});

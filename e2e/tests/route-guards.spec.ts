import { expect, test } from '@playwright/test';
import { ROLES, ROUTE_ACCESS, signingInPath } from '@goodtable/shared';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, notFoundHeading, samplePath, signInThroughApi, storeSession, waitForScreen } from '../fixtures.ts';

const signedInRows = ROUTE_ACCESS.flatMap((row) => (row.access === 'signed-in' ? [row] : []));
const signedOutRows = ROUTE_ACCESS.filter((row) => row.access === 'signed-out');
const publicSample = ['/', '/about', '/causes', '/404'];

for (const role of ROLES) {
  test(`${role}: every signed-in route admits exactly the roles of the table`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { token } = await signInThroughApi(request, { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
    await storeSession(page, token);
    for (const row of signedInRows) {
      const path = samplePath(row.path);
      await page.goto(path);
      await waitForScreen(page);
      const admitted = row.roles.includes(role);
      await expect(page, `${role} on ${row.path}`).toHaveURL((url) => url.pathname === (admitted ? path : '/404'));
      if (!admitted) await expect(notFoundHeading(page)).toBeVisible();
    }
  });

  test(`${role}: signed-out-only routes send the signed-in user home, public routes stay open`, async ({ page, request }) => {
    const { token } = await signInThroughApi(request, { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
    await storeSession(page, token);
    for (const row of signedOutRows) {
      await page.goto(samplePath(row.path));
      await waitForScreen(page);
      await expect(page, `${role} on ${row.path}`).toHaveURL((url) => url.pathname === '/');
    }
    for (const path of publicSample) {
      await page.goto(path);
      await waitForScreen(page);
      await expect(page).toHaveURL((url) => url.pathname === path);
    }
  });
}

test('a signed-in screen renders its content for an admitted role', async ({ page, request }) => {
  const { token } = await signInThroughApi(request, { email: DEMO_ACCOUNTS.cause, password: DEMO_PASSWORD });
  await storeSession(page, token);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page).toHaveTitle('Account settings | GoodTable');
});

test('signed out: every signed-in route goes to /signing-in with the original path and query', async ({ page }) => {
  test.setTimeout(120_000);
  for (const row of signedInRows) {
    const path = `${samplePath(row.path)}?from=e2e`;
    await page.goto(path);
    await waitForScreen(page);
    await expect(page, row.path).toHaveURL((url) => `${url.pathname}${url.search}` === signingInPath(path));
  }
});

test('signed out: signed-out-only routes are open', async ({ page }) => {
  for (const path of ['/sign-in', '/sign-up']) {
    await page.goto(path);
    await waitForScreen(page);
    await expect(page).toHaveURL((url) => url.pathname === path);
  }
});

test('a path outside the table shows the 404 page where it is', async ({ page }) => {
  await page.goto('/no/such/page/here');
  await expect(notFoundHeading(page)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/no/such/page/here');
});

test('the profile menu offers Additional Members to a manager only', async ({ page, request }) => {
  const manager = await signInThroughApi(request, { email: DEMO_ACCOUNTS.manager, password: DEMO_PASSWORD });
  await storeSession(page, manager.token);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Additional Members' })).toBeVisible();

  const client = await signInThroughApi(request, { email: DEMO_ACCOUNTS.user, password: DEMO_PASSWORD });
  await storeSession(page, client.token);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Additional Members' })).toHaveCount(0);
});

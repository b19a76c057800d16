import { expect, test } from '@playwright/test';
import { signInThroughApi, signUpThroughApi, uniqueEmail } from '../fixtures.ts';
import { linkPath, waitForEmail } from '../support/mailbox.ts';

test('an email change is undone from the link sent to the old address: address restored, every session signed out', async ({ page, request }) => {
  const { email: oldEmail, password, auth } = await signUpThroughApi(request, 'undo-change');
  const otherSession = await signInThroughApi(request, { email: oldEmail, password });
  const newEmail = uniqueEmail('undo-hijacker');

  const changed = await request.put('/v1/me', {
    headers: { authorization: `Bearer ${auth.token.access_token}` },
    data: { first_name: 'Linh', last_name: 'Tran', email: newEmail, timezone: auth.user.timezone, current_password: password },
  });
  expect(changed.status()).toBe(200);

  const notice = await waitForEmail(request, { to: oldEmail, subject: /email address of your GoodTable account was changed/ });
  expect(notice.text).toContain(newEmail);
  await page.goto(linkPath(notice, '/undo-email-change'));
  await expect(page).toHaveTitle('Undo email change | GoodTable');
  await expect(page.getByRole('heading', { level: 1, name: 'Undo the email change' })).toBeVisible();
  await expect(page.getByText(`Your email address ${oldEmail} is restored, and every session of your account was signed out.`)).toBeVisible();
  await expect(page.getByText('Someone else may know your password: choose a new one now.')).toBeVisible();

  // Both earlier sessions are gone; the old address signs in again.
  for (const token of [auth.token.access_token, otherSession.token.access_token]) {
    expect((await request.get('/v1/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  }
  const again = await signInThroughApi(request, { email: oldEmail, password });
  expect(again.user).toMatchObject({ email: oldEmail, is_verified: true });

  await page.getByRole('link', { name: 'Reset my password' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/forgot-password');

  // The link works once.
  await page.goto(linkPath(notice, '/undo-email-change'));
  await expect(page.getByText('This link is not valid, has expired or was already used.')).toBeVisible();
});

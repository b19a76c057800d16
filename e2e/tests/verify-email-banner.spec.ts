import { expect, test, type APIRequestContext } from '@playwright/test';
import { signUpThroughApi, storeSession, useLanguage } from '../fixtures.ts';
import { waitForEmail, type MailboxEmail } from '../support/mailbox.ts';

/** How many verification emails went to `to` (the dev mailbox). */
async function verificationEmailCount(request: APIRequestContext, to: string): Promise<number> {
  const { data } = (await (await request.get('/dev/mailbox.json')).json()) as { data: MailboxEmail[] };
  return data.filter((email) => email.to.toLowerCase() === to.toLowerCase() && /Verify your email address/.test(email.subject)).length;
}

test('a new client is asked to verify the email and can have the email sent again', async ({ page, request }) => {
  const { email, auth } = await signUpThroughApi(request, 'client-verify');
  await waitForEmail(request, { to: email, subject: /Verify your email address/ });
  await storeSession(page, auth.token);
  await page.goto('/bookings');
  const banner = page.getByRole('status').filter({ hasText: 'Please verify your email address. Check your inbox for the verification email.' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Send verification email' }).click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await expect.poll(() => verificationEmailCount(request, email)).toBe(2);
});

test('in Vietnamese, on a phone, the client sees the prompt and its resend button', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'vn');
  const { auth } = await signUpThroughApi(request, 'client-verify-vn');
  await storeSession(page, auth.token);
  await page.goto('/bookings');
  const banner = page.getByRole('status').filter({ hasText: 'Vui lòng xác minh địa chỉ email.' });
  await expect(banner).toBeVisible();
  const resend = banner.getByRole('button', { name: 'Gửi email xác minh' });
  await expect(resend).toBeInViewport();
  await resend.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Đã gửi email xác minh')).toBeVisible();
});

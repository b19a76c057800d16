import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { uniqueEmail, useLanguage, waitForScreen } from '../fixtures.ts';
import { linkPath, waitForEmail } from '../support/mailbox.ts';

/** The server's SUPPORT_EMAIL default (apps/api/src/config/env.ts); the e2e server does not set another. */
const SUPPORT_EMAIL = 'support@goodtable.local';

test('subscribing from the footer confirms on screen and by email, whose link unsubscribes', async ({ page, request }) => {
  const email = uniqueEmail('subscribe');
  await page.goto('/about');
  const form = page.getByRole('contentinfo').getByRole('form', { name: 'Subscribe' });
  // As a visitor does: the footer's form comes to life when it scrolls into view (docs/decisions/0262-below-the-fold-parts-hydrate-when-near.md).
  await form.scrollIntoViewIfNeeded();
  await form.getByRole('textbox', { name: 'Your email for the mailing list' }).fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('You have successfully subscribed to our mailing list.').first()).toBeVisible();

  const confirmation = await waitForEmail(request, { to: email, subject: /You are on the GoodTable mailing list/ });
  await page.goto(linkPath(confirmation, '/unsubscribe'));
  await expect(page.getByText('You have been unsubscribed. You will not receive our mailing list any more.')).toBeVisible();
});

test('subscribing from the home page in Vietnamese sends the confirmation in Vietnamese', async ({ page, request }) => {
  const email = uniqueEmail('subscribe-vn');
  await useLanguage(page, 'vn');
  await page.goto('/');
  const form = page.getByRole('main').getByRole('form', { name: 'Đăng ký' });
  await form.getByRole('textbox', { name: 'Email nhận bản tin' }).fill(email);
  await form.getByRole('button', { name: 'Đăng ký' }).click();
  await expect(page.getByText('Bạn đã đăng ký nhận tin thành công.').first()).toBeVisible();
  await waitForEmail(request, { to: email, subject: /Bạn đã đăng ký nhận tin của GoodTable/ });
});

test('a contact message reaches the support mailbox and the sender gets a confirmation', async ({ page, request }) => {
  const email = uniqueEmail('contact');
  const name = `Thu Nguyen ${randomUUID().slice(0, 6)}`;
  await page.goto('/contact');
  await page.getByRole('main').getByRole('textbox', { name: 'Your name' }).fill(name);
  await page.getByRole('main').getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('main').getByRole('combobox', { name: 'Topic' }).selectOption({ label: 'A payment' });
  await page.getByRole('main').getByRole('textbox', { name: 'Message' }).fill('When is the cause paid after our dinner?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your message is on its way' })).toBeVisible();

  const toSupport = await waitForEmail(request, { to: SUPPORT_EMAIL, subject: new RegExp(`Contact form: .* from ${name}`) });
  expect(toSupport.text).toContain('When is the cause paid after our dinner?');
  expect(toSupport.text).toContain(email);
  const toSender = await waitForEmail(request, { to: email, subject: /We received your message/ });
  expect(toSender.text).toContain('When is the cause paid after our dinner?');
});

test('what a visitor types into the contact form before its code has loaded is sent, and it cannot be sent before then', async ({ page, request }) => {
  const email = uniqueEmail('contact-early');
  const name = `Early Typist ${randomUUID().slice(0, 6)}`;
  // The form's code loads at the visitor's first input (docs/decisions/0267-a-first-screen-form-loads-its-code-at-the-first-input.md):
  // held back here until every field is filled in, as on a slow connection.
  let releaseFormCode!: () => void;
  const formCodeReleased = new Promise<void>((resolve) => (releaseFormCode = resolve));
  let formCodeRequested = false;
  await page.route(/\/assets\/contact-form-[\w-]+\.js$/, async (route) => {
    formCodeRequested = true;
    await formCodeReleased;
    await route.continue();
  });
  await page.goto('/contact');
  await waitForScreen(page);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Your name' }).fill(name);
  await main.getByRole('textbox', { name: 'Email address' }).fill(email);
  await main.getByRole('combobox', { name: 'Topic' }).selectOption({ label: 'A payment' });
  await main.getByRole('textbox', { name: 'Message' }).fill('Typed before the page had loaded its form.');
  expect(formCodeRequested, 'the first input asks for the form').toBe(true);
  await expect(main.getByRole('button', { name: 'Send message' })).toBeDisabled();

  releaseFormCode();
  await main.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your message is on its way' })).toBeVisible();
  const toSupport = await waitForEmail(request, { to: SUPPORT_EMAIL, subject: new RegExp(`Contact form: .* from ${name}`) });
  expect(toSupport.text).toContain('Typed before the page had loaded its form.');
  expect(toSupport.text).toContain(email);
});

test('a contact message in Vietnamese is confirmed to the sender in Vietnamese', async ({ page, request }) => {
  const email = uniqueEmail('contact-vn');
  await useLanguage(page, 'vn');
  await page.goto('/contact');
  await page.getByRole('main').getByRole('textbox', { name: 'Họ tên của bạn' }).fill('Minh Tran');
  await page.getByRole('main').getByRole('textbox', { name: 'Địa chỉ email' }).fill(email);
  await page.getByRole('main').getByRole('combobox', { name: 'Chủ đề' }).selectOption({ label: 'Thanh toán' });
  await page.getByRole('main').getByRole('textbox', { name: 'Tin nhắn' }).fill('Khi nào tổ chức nhận được tiền sau bữa tối?');
  await page.getByRole('button', { name: 'Gửi tin nhắn' }).click();
  await expect(page.getByRole('heading', { name: 'Cảm ơn bạn, tin nhắn đã được gửi' })).toBeVisible();
  await waitForEmail(request, { to: email, subject: /Chúng tôi đã nhận được tin nhắn của bạn/ });
});

test('a contact message with the email left empty marks that field and is not sent', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('main').getByRole('textbox', { name: 'Your name' }).fill('Thu Nguyen');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('main').getByRole('textbox', { name: 'Email address' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'Thank you, your message is on its way' })).toHaveCount(0);
});

test('the help search narrows the answers and says when nothing matches', async ({ page }) => {
  await page.goto('/help');
  const search = page.getByRole('searchbox', { name: 'Search the help' });
  await search.fill('Vietnamese');
  await expect(page.getByRole('status').filter({ hasText: /answers?$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How do I switch between English and Vietnamese?' })).toBeVisible();

  await search.fill('zzz no such question');
  await expect(page.getByText('Nothing found.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How do I switch between English and Vietnamese?' })).toHaveCount(0);
});

test('the help search in Vietnamese, and an answer opened from its address', async ({ page }) => {
  await useLanguage(page, 'vn');
  await page.goto('/help#change-language');
  await expect(page.locator('#change-language')).toBeFocused();
  await page.getByRole('searchbox', { name: 'Tìm trong trợ giúp' }).fill('zzz không có');
  await expect(page.getByText('Không tìm thấy kết quả.')).toBeVisible();
});

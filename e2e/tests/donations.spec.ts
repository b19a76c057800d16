import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, useLanguage } from '../fixtures.ts';
import { waitForEmail } from '../support/mailbox.ts';
import { confirmedEvent, donateToEventThroughApi } from '../support/tickets.ts';
import { typedTestCardNumber } from '@goodtable/shared';

/** From a demo cause's page to the card form of a donation of the first preset amount. */
async function startDonation(page: Page, { email, donor = { name: 'Lan Pham', anonymous: true } }: { email: string; donor?: { name: string; anonymous: boolean } }) {
  await page.goto('/cause/hope-kitchen-foundation');
  await page.getByRole('link', { name: 'Donate', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Donate to / })).toBeVisible();
  await expect(page).toHaveTitle('Donate | GoodTable');
  await page.getByRole('radio').first().check();
  await page.getByRole('textbox', { name: 'Email for your receipt' }).fill(email);
  await page.getByRole('textbox', { name: 'Your name (optional)' }).fill(donor.name);
  await page.getByRole('textbox', { name: 'Message to the cause (optional)' }).fill('For the kitchen');
  await page.getByRole('checkbox', { name: /Donate anonymously/ }).setChecked(donor.anonymous);
  await page.getByRole('button', { name: /^Continue to pay/ }).click();
}

async function payWith(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.getByRole('button', { name: 'Donate now' }).click();
}

test('a visitor donates to a demo cause from its page, sees the receipt and gets it by email', async ({ page, request }) => {
  const email = uniqueEmail('donor');
  await startDonation(page, { email });
  await payWith(page, typedTestCardNumber());
  await expect(page.getByRole('heading', { name: /^Thank you! You gave .+ to / })).toBeVisible();
  await expect(page.getByText('Gift amount')).toBeVisible();
  await expect(page.getByText(/tax-deductible/i)).toHaveCount(0);
  await expect(page.getByText(`A receipt was sent to ${email}.`)).toBeVisible();
  const receipt = await waitForEmail(request, { to: email, subject: /^Receipt for your donation of / });
  expect(receipt.text).toContain('Gift amount:');
  expect(receipt.text).not.toMatch(/tax-deductible/i);
  expect(receipt.text).toContain('Hello Lan Pham');
});

test('a declined card shows its message and charges nothing', async ({ page }) => {
  await startDonation(page, { email: uniqueEmail('declined-donor') });
  await payWith(page, typedTestCardNumber('declined'));
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Thank you!/ })).toHaveCount(0);
});

test('the cause page lists its supporters by name, and an anonymous donor without it', async ({ page }) => {
  const token = randomUUID().slice(0, 8);
  const supporters = page.getByRole('region', { name: /\d+ supporters?$/ });

  await startDonation(page, { email: uniqueEmail('named-donor'), donor: { name: `Mai ${token}`, anonymous: false } });
  await payWith(page, typedTestCardNumber());
  await expect(page.getByRole('heading', { name: /^Thank you!/ })).toBeVisible();
  await page.goto('/cause/hope-kitchen-foundation');
  await expect(supporters.getByRole('listitem').filter({ hasText: `Mai ${token}` })).toContainText(/\d · (less than a minute|\d+ seconds?) ago$/);

  await startDonation(page, { email: uniqueEmail('hidden-donor'), donor: { name: `Secret ${token}`, anonymous: true } });
  await payWith(page, typedTestCardNumber());
  await expect(page.getByRole('heading', { name: /^Thank you!/ })).toBeVisible();
  await page.goto('/cause/hope-kitchen-foundation');
  await expect(supporters.getByRole('listitem').filter({ hasText: 'Anonymous' }).first()).toBeVisible();
  await expect(supporters.getByRole('listitem').filter({ hasText: `Mai ${token}` })).toBeVisible();
  await expect(page.getByText(`Secret ${token}`)).toHaveCount(0);
});

test('a card that asks for an extra step is confirmed on the donate page itself, without an account', async ({ page }) => {
  await startDonation(page, { email: uniqueEmail('extra-step-donor') });
  await payWith(page, typedTestCardNumber('requiresAction'));
  const step = page.getByRole('region', { name: 'Confirm your payment' });
  await expect(step).toContainText(/Your bank asks you to confirm the payment of .+\./);
  await step.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('heading', { name: /^Thank you! You gave .+ to / })).toBeVisible();
});

test('a donation for an event joins its share page’s supporters while the page is open, without a reload', async ({ page, request }) => {
  const event = await confirmedEvent(request, 'supporters');
  await page.goto(`/share/${event.id}`);
  // The list loads when the visitor scrolls near it.
  await page.getByRole('heading', { name: 'Share this dinner' }).scrollIntoViewIfNeeded();
  const supporters = page.getByRole('region', { name: /^\d+ supporters?$/ });
  await expect(supporters).toHaveAccessibleName('0 supporters');
  await expect(supporters).toContainText('No donations yet. Be the first to give.');

  // Someone else gives for this dinner from another device.
  const name = `Bao ${randomUUID().slice(0, 8)}`;
  await donateToEventThroughApi(request, { event, donor: { amount: 3000, name } });

  await expect(supporters).toHaveAccessibleName('1 supporter');
  await expect(supporters.getByRole('listitem').filter({ hasText: name })).toContainText('A$30.00');
});

test('in Vietnamese, the share page names its supporters, hides an anonymous one and says when each gave', async ({ page, request }) => {
  const event = await confirmedEvent(request, 'supporters-vn');
  const name = `Lan ${randomUUID().slice(0, 8)}`;
  await donateToEventThroughApi(request, { event, donor: { amount: 3000, name } });
  await donateToEventThroughApi(request, { event, donor: { amount: 5000, name: `Hidden ${name}`, anonymous: true } });

  await useLanguage(page, 'vn');
  await page.goto(`/share/${event.id}`);
  await page.getByRole('heading', { name: 'Chia sẻ bữa tối này' }).scrollIntoViewIfNeeded();
  const supporters = page.getByRole('region', { name: '2 người ủng hộ' });
  await expect(supporters.getByRole('listitem').filter({ hasText: name })).toContainText(/\d+ (giây|phút) trước$/);
  await expect(supporters.getByRole('listitem').filter({ hasText: 'Ẩn danh' })).toHaveCount(1);
  await expect(page.getByText(`Hidden ${name}`)).toHaveCount(0);
});

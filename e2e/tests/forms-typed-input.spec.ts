import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, useLanguage } from '../fixtures.ts';

/** A demo cause's donate page, its first preset amount chosen; returns that amount as the page shows it. */
async function openDonation(page: Page): Promise<string> {
  await page.goto('/cause/hope-kitchen-foundation');
  await page.locator('a[href^="/donate/"]').first().click();
  const firstPreset = page.locator('label:has(input[type="radio"])').first();
  await firstPreset.getByRole('radio').check();
  return ((await firstPreset.textContent()) ?? '').trim();
}

const WORDS = {
  en: {
    email: 'Email for your receipt',
    other: 'Other amount',
    continue: /^Continue to pay/,
    required: 'This field is required.',
    donating: (amount: string) => `You are donating ${amount} to `,
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    pay: 'Donate now',
    thanks: /^Thank you! You gave /,
    region: 'Region',
    daNang: 'Vietnam / Da Nang',
  },
  vn: {
    email: 'Email nhận biên nhận',
    other: 'Số tiền khác',
    continue: /^Tiếp tục thanh toán/,
    required: 'Vui lòng điền trường này.',
    donating: (amount: string) => `Bạn đang quyên góp ${amount} cho `,
    number: 'Số thẻ',
    expiry: 'Ngày hết hạn (MM/YY)',
    cvc: 'Mã bảo mật (CVC)',
    pay: 'Quyên góp ngay',
    thanks: /^Cảm ơn bạn! Bạn đã quyên góp /,
    region: 'Khu vực',
    daNang: 'Việt Nam / Đà Nẵng',
  },
} as const;

for (const [language, expiry] of [['en', '1229'], ['vn', '12 / 29']] as const) {
  const words = WORDS[language];

  test(`a donor (${language}) types the card as it is printed: the number is grouped, the expiry ${expiry} is taken, and the amount is restated`, async ({ page }) => {
    await useLanguage(page, language);
    const amount = await openDonation(page);
    await page.getByRole('textbox', { name: words.email }).fill(uniqueEmail(`typed-card-${language}`));
    await page.getByRole('button', { name: words.continue }).click();

    await expect(page.getByTestId('donation-amount')).toContainText(words.donating(amount));
    const number = page.getByRole('textbox', { name: words.number });
    await number.pressSequentially('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: words.expiry }).fill(expiry);
    await page.getByRole('textbox', { name: words.cvc }).fill('123');
    await page.getByRole('button', { name: words.pay }).click();
    await expect(page.getByRole('heading', { level: 2, name: words.thanks })).toBeVisible();
    await expect(page).toHaveURL(/[?&]receipt=/);
  });

  test(`an empty "Other amount" (${language}) is named before any request is sent`, async ({ page }) => {
    await useLanguage(page, language);
    const donationRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/v1\/causes\/[^/]+\/donations$/.test(new URL(request.url()).pathname)) donationRequests.push(request.url());
    });
    await openDonation(page);
    await page.getByRole('radio', { name: words.other }).check();
    await page.getByRole('textbox', { name: words.email }).fill(uniqueEmail(`empty-amount-${language}`));
    await page.getByRole('button', { name: words.continue }).click();
    await expect(page.getByText(words.required)).toBeVisible();
    expect(donationRequests).toEqual([]);
  });

  test(`the directory (${language}) lists Vietnam / Da Nang as a region, filtered by the server`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto('/restaurants');
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/restaurants' && new URL(response.url()).searchParams.get('region') === 'Da Nang');
    await page.getByLabel(words.region).selectOption({ label: words.daNang });
    expect((await answer).status()).toBe(200);
    await expect(page).toHaveURL(/[?&]region=Da(\+|%20)Nang/);
    await expect(page.getByRole('heading', { level: 2, name: 'Bếp Sông Hàn' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Trattoria Rossi' })).toHaveCount(0);
  });
}

test('Back from page 2 of the restaurant directory returns to page 1', async ({ page }) => {
  await page.goto('/restaurants');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const firstOnPageOne = await page.locator('main h2').first().textContent();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/restaurants' && !url.searchParams.has('page'));
  await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.locator('main h2').first()).toHaveText(firstOnPageOne!);
});

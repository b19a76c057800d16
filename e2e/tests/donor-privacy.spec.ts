import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { authResponseSchema, testCard, typedTestCardNumber } from '@goodtable/shared';
import { DEMO_PASSWORD, notFoundHeading, storeSession, uniqueEmail, useLanguage } from '../fixtures.ts';
import { linkPath, waitForEmail } from '../support/mailbox.ts';

const CAUSE_SLUG = 'hope-kitchen-foundation';
type DonorAnswer = { id: string; receipt_token: string; payment: { id: string } };
type Donor = { email: string; name: string; message: string; answer: DonorAnswer };

/** The API answers a page receives (live streams aside, which never end), read once the page is done with them. */
function recordApiAnswers(page: Page): () => Promise<string> {
  const answers: Promise<string>[] = [];
  page.on('response', (response) => {
    const isApi = new URL(response.url()).pathname.startsWith('/v1/');
    if (isApi && !(response.headers()['content-type'] ?? '').includes('text/event-stream')) answers.push(response.text().catch(() => ''));
  });
  return async () => (await Promise.all(answers)).join('\n');
}

/** A signed-out visitor's page in its own browser context (no session, no storage), in `language`. */
async function visitorPage(browser: Browser, language: 'en' | 'vn') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useLanguage(page, language);
  return { page, answers: recordApiAnswers(page), close: () => context.close() };
}

async function causeId(request: APIRequestContext): Promise<string> {
  return ((await (await request.get(`/v1/causes/by-slug/${CAUSE_SLUG}`)).json()) as { id: string }).id;
}

/** What a visitor may never get about `donor`: the address, the hidden name, the message, the ids and the receipt's secret. */
function expectNothingOf(donor: Donor, text: string) {
  for (const secret of [donor.email, donor.name, donor.message, donor.answer.id, donor.answer.receipt_token, donor.answer.payment.id]) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/"(email|owner_id|user_id|payer_id|donation_id|payment_id|checkout_id|receipt_token)"\s*:/);
}

/**
 * The page as the visitor's browser holds it, less the translations the server embeds for hydration: they are the
 * product's own texts, the same for every visitor (a form's "email" label among them), not anyone's data. The data the
 * page was served with stays in.
 */
function pageWithoutServedTexts(html: string): string {
  return html.replace(/(<script type="application\/json" id="server-render">)(.*?)(<\/script>)/s, (_match, open: string, json: string, close: string) => {
    const served = JSON.parse(json) as Record<string, unknown>;
    delete served.texts;
    return `${open}${JSON.stringify(served)}${close}`;
  });
}

/** The visitor reads the cause's page down to its supporters, then tries the donor's ids as receipt addresses. */
async function expectCausePageKeepsDonorPrivate(browser: Browser, { request, donor, language }: { request: APIRequestContext; donor: Donor; language: 'en' | 'vn' }) {
  const visitor = await visitorPage(browser, language);
  await visitor.page.goto(`/cause/${CAUSE_SLUG}`);
  const anonymous = language === 'en' ? 'Anonymous' : 'Ẩn danh';
  await expect(visitor.page.getByRole('region', { name: language === 'en' ? /\d+ supporters?$/ : /\d+ người ủng hộ$/ }).getByRole('listitem').filter({ hasText: anonymous }).first()).toBeVisible();
  await expect(visitor.page.getByText(donor.name)).toHaveCount(0);
  expectNothingOf(donor, pageWithoutServedTexts(await visitor.page.content()));

  // The donation's id, as a receipt address, opens nothing.
  const id = await causeId(request);
  await visitor.page.goto(`/donate/${id}?receipt=${donor.answer.id}`);
  await expect(language === 'en' ? notFoundHeading(visitor.page) : visitor.page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' })).toBeVisible();
  expectNothingOf(donor, pageWithoutServedTexts(await visitor.page.content()));
  expectNothingOf(donor, await visitor.answers());
  await visitor.close();
}

test('a signed-out visitor reaches no donor’s email or receipt from a cause page; the donor opens their own receipt from the thank-you page and the email', async ({ page, request, browser }) => {
  const token = randomUUID().slice(0, 8);
  const donor = { email: uniqueEmail('private-donor'), name: `Secret ${token}`, message: `Between us ${token}` };
  await page.goto(`/cause/${CAUSE_SLUG}`);
  await page.getByRole('link', { name: 'Donate', exact: true }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('textbox', { name: 'Email for your receipt' }).fill(donor.email);
  await page.getByRole('textbox', { name: 'Your name (optional)' }).fill(donor.name);
  await page.getByRole('textbox', { name: 'Message to the cause (optional)' }).fill(donor.message);
  await page.getByRole('checkbox', { name: /Donate anonymously/ }).check();
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && /\/v1\/causes\/[^/]+\/donations$/.test(new URL(response.url()).pathname));
  await page.getByRole('button', { name: /^Continue to pay/ }).click();
  const answer = (await (await created).json()) as DonorAnswer;
  await page.getByRole('textbox', { name: 'Card number' }).fill(typedTestCardNumber());
  await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.getByRole('button', { name: 'Donate now' }).click();

  // The thank-you page is the donor's receipt, at an address only the donor has.
  await expect(page.getByRole('heading', { name: /^Thank you! You gave .+ to / })).toBeVisible();
  await expect(page.getByText(`A receipt was sent to ${donor.email}.`)).toBeVisible();
  expect(new URL(page.url()).searchParams.get('receipt')).toBe(answer.receipt_token);
  expect(page.url()).not.toContain(answer.id);

  await expectCausePageKeepsDonorPrivate(browser, { request, donor: { ...donor, answer }, language: 'en' });

  // The email's link opens the receipt for the donor, signed out, in a fresh browser.
  const email = await waitForEmail(request, { to: donor.email, subject: /^Receipt for your donation of / });
  const fromEmail = await visitorPage(browser, 'en');
  await fromEmail.page.goto(linkPath(email, `/donate/${await causeId(request)}`));
  await expect(fromEmail.page.getByRole('heading', { name: /^Thank you! You gave .+ to / })).toBeVisible();
  await expect(fromEmail.page.getByText(`A receipt was sent to ${donor.email}.`)).toBeVisible();
  await fromEmail.close();
});

test('in Vietnamese, the cause page keeps an anonymous donor private and the donor’s email link opens the receipt', async ({ request, browser }) => {
  const token = randomUUID().slice(0, 8);
  const donor = { email: uniqueEmail('private-donor-vn'), name: `Bí mật ${token}`, message: `Lời riêng ${token}` };
  const id = await causeId(request);
  const created = await request.post(`/v1/causes/${id}/donations`, {
    headers: { 'Idempotency-Key': randomUUID(), 'Accept-Language': 'vi' },
    data: { amount: 200_000, email: donor.email, name: donor.name, message: donor.message, anonymous: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const answer = (await created.json()) as DonorAnswer;
  const paid = await request.post(`/v1/payments/${answer.payment.id}/confirm`, { data: { card: testCard() } });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');

  await expectCausePageKeepsDonorPrivate(browser, { request, donor: { ...donor, answer }, language: 'vn' });

  const email = await waitForEmail(request, { to: donor.email, subject: /^Biên nhận quyên góp / });
  const donorPage = await visitorPage(browser, 'vn');
  await donorPage.page.goto(linkPath(email, `/donate/${id}`));
  await expect(donorPage.page.getByRole('heading', { name: /^Cảm ơn bạn! Bạn đã quyên góp .+ cho / })).toBeVisible();
  await donorPage.close();
});

test('only the cause’s own account sees “Edit this cause” on its page and opens its edit form, though the page’s answer names no owner', async ({ browser, request }) => {
  const signIn = await request.post('/v1/auth/sign-in', { data: { email: 'cause@example.com', password: DEMO_PASSWORD } });
  const auth = authResponseSchema.parse(await signIn.json());
  const own = ((await (await request.get(`/v1/users/${auth.user.id}/causes`)).json()) as { data: { id: string; slug: string; name: string }[] }).data[0]!;
  const publicAnswer = await (await request.get(`/v1/causes/${own.id}`)).text();
  expect(publicAnswer).not.toContain(auth.user.id);

  const owner = await visitorPage(browser, 'en');
  await storeSession(owner.page, auth.token);
  await owner.page.goto(`/cause/${own.slug}`);
  await owner.page.getByRole('link', { name: 'Edit this cause' }).click();
  await expect(owner.page.getByRole('heading', { level: 1, name: `Edit ${own.name}` })).toBeVisible();
  await owner.close();

  const visitor = await visitorPage(browser, 'vn');
  await visitor.page.goto(`/cause/${own.slug}`);
  await expect(visitor.page.getByRole('heading', { level: 1, name: own.name })).toBeVisible();
  await expect(visitor.page.getByRole('region', { name: /người ủng hộ$/ })).toBeVisible();
  await expect(visitor.page.getByRole('link', { name: 'Chỉnh sửa tổ chức này' })).toHaveCount(0);
  await visitor.close();
});

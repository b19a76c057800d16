import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney, type AuthResponse, type OpenPayments, type PayableType, type PaymentOptions } from '@goodtable/shared';
import { signUpThroughApi, storeSession } from '../fixtures.ts';
import { bearer, bookingWorld, createRequest, demoSignIn, postAction, uniqueTitle } from '../support/bookings.ts';

/** The page's own badge, next to its heading (the coloured status badge carries `data-colour`). */
const statusBadge = (page: Page) => page.getByRole('main').locator('h1 + [data-colour]');

/**
 * A request the demo restaurant accepted (ACCEPTED, awaiting the deposit), its client signed in on `page`. Two weeks
 * ahead: the business clock moves past a debit's clearing (a few days) and the event is still to come.
 */
async function acceptedBooking(page: Page, { request, label }: { request: APIRequestContext; label: string }) {
  const { auth } = await signUpThroughApi(request, label);
  const booking = await createRequest(request, { world: await bookingWorld(request, { client: auth }), title: uniqueTitle(label), daysAhead: 14 });
  await postAction(request, { auth: await demoSignIn(request, 'seller'), bookingId: booking.id, action: 'accept' });
  await storeSession(page, auth.token);
  return { booking, auth };
}

async function amountOf(request: APIRequestContext, { auth, bookingId, type }: { auth: AuthResponse; bookingId: string; type: PayableType }): Promise<string> {
  const response = await request.get(`/v1/bookings/${bookingId}/payment-options`, { headers: bearer(auth) });
  expect(response.status()).toBe(200);
  const options = (await response.json()) as PaymentOptions;
  return formatMoney(options.options.find((option) => option.type === type)!.amount, { currency: options.currency, locale: 'en' });
}

/** The radio of a payment type, by its title and amount. */
const typeRadio = (page: Page, { title, amount }: { title: string; amount: string }) => page.getByRole('radio', { name: `${title} · ${amount}`, exact: false });

test('a client pays the deposit by BECS Direct Debit: the booking shows the payment processing, then confirmed once it clears', async ({ page, request }) => {
  const { booking, auth } = await acceptedBooking(page, { request, label: 'becs' });
  const deposit = await amountOf(request, { auth, bookingId: booking.id, type: 'BECS_DEBIT_DEPOSIT' });
  await page.goto(`/bookings/${booking.id}/payment`);
  await typeRadio(page, { title: 'Deposit by BECS Direct Debit', amount: deposit }).check();

  // A malformed BSB is named before anything is sent.
  await page.getByLabel('Account holder\'s name').fill('Jenny Rosen');
  await page.getByLabel('BSB').fill('00-0000');
  await page.getByLabel('Account number').fill('000123456');
  await expect(page.getByTestId('becs-mandate')).toContainText('Direct Debit Request');
  await page.getByRole('button', { name: `Debit ${deposit}` }).click();
  await expect(page.getByText('Enter the BSB as six digits: 000-000.')).toBeVisible();

  await page.getByLabel('BSB').fill('000-000');
  await page.getByRole('button', { name: `Debit ${deposit}` }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/bookings/${booking.id}`);
  await expect(page.getByRole('heading', { name: 'Payment processing' })).toBeVisible();
  await expect(page.getByText(/A debit of .* from 000-000 ••••3456 is clearing/)).toBeVisible();
  await expect(statusBadge(page)).toHaveText('Booking status: Awaiting Payment');

  // The payment page does not take a second payment while the debit clears.
  await page.goto(`/bookings/${booking.id}/payment`);
  await expect(page.getByRole('status').filter({ hasText: `Your BECS debit of ${deposit} is processing.` })).toBeVisible();

  // The business clock passes the clearing date (the dev clock runs the due jobs before it answers).
  const open = (await (await request.get(`/v1/bookings/${booking.id}/open-payments`, { headers: bearer(auth) })).json()) as OpenPayments;
  const clock = (await (await request.get('/dev/clock')).json()) as { now: string };
  const advance = await request.post('/dev/clock', { data: { advance_ms: Date.parse(open.data[0]!.processing_until!) - Date.parse(clock.now) + 60_000 } });
  expect(advance.status()).toBe(200);

  await page.goto(`/bookings/${booking.id}`);
  await expect(statusBadge(page)).toHaveText('Booking status: Booking Reserved');
  await expect(page.getByRole('heading', { name: 'Payment processing' })).toHaveCount(0);
});

test('a client pays by bank transfer with a reference; the restaurant marks it received and the booking is confirmed', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { booking, auth } = await acceptedBooking(page, { request, label: 'transfer' });
  const deposit = await amountOf(request, { auth, bookingId: booking.id, type: 'BANK_DEPOSIT' });
  await page.goto(`/bookings/${booking.id}/payment`);
  await typeRadio(page, { title: 'Deposit by bank transfer', amount: deposit }).check();
  await page.getByRole('button', { name: `Get bank details to pay ${deposit}` }).click();

  const details = page.getByRole('region', { name: 'Bank transfer details' });
  await expect(details).toContainText('062-000');
  await expect(details).toContainText(deposit);
  const reference = (await page.getByTestId('transfer-reference').textContent())!.trim();
  expect(reference).toMatch(/^GT-[A-Z2-9]{8}$/);
  await page.getByRole('button', { name: 'Copy reference' }).click();
  await expect(page.getByText('Reference copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

  // The client's booking page says the transfer is awaited, with its reference, and leads back to the details.
  await page.goto(`/bookings/${booking.id}`);
  await expect(page.getByText(`The restaurant is waiting for your transfer of ${deposit} with the reference ${reference}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark transfer received' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Bank transfer details' }).click();
  await expect(page.getByTestId('transfer-reference')).toHaveText(reference);

  // The demo seller sees it on the booking and marks it received.
  const seller = await demoSignIn(request, 'seller');
  await storeSession(page, seller.token);
  await page.goto(`/bookings/${booking.id}`);
  await expect(page.getByText(new RegExp(`with the reference ${reference}`))).toBeVisible();
  await page.getByRole('button', { name: 'Mark transfer received' }).click();
  await expect(page.getByText('Transfer marked received: the booking is confirmed.')).toBeVisible();
  // CONFIRMED, as the restaurant side reads it.
  await expect(statusBadge(page)).toHaveText('Booking status: Prepare for Event');
  await expect(page.getByRole('button', { name: 'Mark transfer received' })).toHaveCount(0);
});

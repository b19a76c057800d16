import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { authResponseSchema, formatMoney, type AuthResponse, type PaymentOptions, testCard } from '@goodtable/shared';
import { signUpThroughApi, storeSession, uniqueEmail } from '../fixtures.ts';
import { bearer, bookingWorld, createRequest, demoSignIn, postAction, uniqueTitle } from './bookings.ts';

/** A request the demo restaurant accepted (ACCEPTED, awaiting the deposit), its client signed in on `page`. */
export async function acceptedBooking(page: Page, { request, label }: { request: APIRequestContext; label: string }) {
  const { auth } = await signUpThroughApi(request, label);
  const booking = await createRequest(request, { world: await bookingWorld(request, { client: auth }), title: uniqueTitle(label) });
  await postAction(request, { auth: await demoSignIn(request, 'seller'), bookingId: booking.id, action: 'accept' });
  await storeSession(page, auth.token);
  return { booking, auth };
}

/** The booking's deposit as the payment page shows it (en). */
export async function depositOf(request: APIRequestContext, { auth, bookingId }: { auth: AuthResponse; bookingId: string }): Promise<string> {
  const response = await request.get(`/v1/bookings/${bookingId}/payment-options`, { headers: bearer(auth) });
  expect(response.status()).toBe(200);
  const options = (await response.json()) as PaymentOptions;
  return formatMoney(options.options.find((option) => option.type === 'CREDIT_CARD_DEPOSIT')!.amount, { currency: options.currency, locale: 'en' });
}

/** Fills the payment page's card form and pays `amount` (as its button shows it). */
export async function payWithCard(page: Page, { number, amount }: { number: string; amount: string }) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

/**
 * A published restaurant without a payout account (like newbistro@example.com once its profile is complete: the
 * demo account itself is unpublished, so the banners of docs/product.md, Roles and permissions are not for it). Made fresh per test so a
 * connected account never leaks into another test.
 */
export async function publishedRestaurantWithoutPayouts(request: APIRequestContext): Promise<AuthResponse> {
  const token = randomUUID().slice(0, 8);
  const name = `Bistro Nouveau ${token}`;
  const signUp = await request.post('/v1/auth/sign-up', {
    data: { email: uniqueEmail('payee'), password: `pw-${randomUUID()}`, first_name: 'Sam', last_name: 'Carter', role: 'seller', name },
  });
  expect(signUp.status()).toBe(201);
  const auth = authResponseSchema.parse(await signUp.json());
  const headers = { authorization: `Bearer ${auth.token.access_token}` };
  const base = `/v1/restaurants/${auth.user.id}`;
  const profile = { name, slug: `bistro-nouveau-${token}`, description: 'Small plates.', cuisine: 'french', address: '3 Crown Street', city: 'Sydney', region: 'New South Wales', country: 'AU' };
  expect((await request.put(`${base}/profile`, { headers, data: profile })).status()).toBe(200);
  expect((await request.post(`${base}/menus`, { headers, data: { name: 'Bistro menu', price_per_head: 6500, min_guests: 8, max_guests: 40 } })).status()).toBe(201);
  expect((await request.put(`${base}/published`, { headers, data: { published: true } })).status()).toBe(200);
  const connectedAccount = await request.get('/v1/payments/me/connected-account', { headers });
  expect(connectedAccount.status()).toBe(200);
  expect(await connectedAccount.json()).toBeNull();
  return auth;
}

/** The booking's card deposit paid through the API (for tests about what happens after it). Answers its amount. */
export async function payDepositThroughApi(request: APIRequestContext, { auth, bookingId }: { auth: AuthResponse; bookingId: string }): Promise<number> {
  const created = await request.post(`/v1/bookings/${bookingId}/payments`, {
    headers: { ...bearer(auth), 'Idempotency-Key': randomUUID() },
    data: { type: 'CREDIT_CARD_DEPOSIT' },
  });
  expect(created.status(), `create the deposit: ${await created.text()}`).toBe(201);
  const payment = (await created.json()) as { id: string; amount: number };
  const confirmed = await request.post(`/v1/payments/${payment.id}/confirm`, {
    headers: bearer(auth),
    data: { card: testCard() },
  });
  expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded');
  return payment.amount;
}

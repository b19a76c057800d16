import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney, type AuthResponse, type PaymentOptions } from '@goodtable/shared';
import { signUpThroughApi, storeSession } from '../fixtures.ts';
import { bearer, bookingWorld, createRequest, demoSignIn, postAction, uniqueTitle } from './bookings.ts';

/** A request the demo restaurant accepted (ACCEPTED, awaiting the deposit), its client signed in on `page`. */
export async function acceptedBooking(page: Page, request: APIRequestContext, label: string) {
  const { auth } = await signUpThroughApi(request, label);
  const booking = await createRequest(request, await bookingWorld(request, auth), { title: uniqueTitle(label) });
  await postAction(request, await demoSignIn(request, 'seller'), booking.id, 'accept');
  await storeSession(page, auth.token);
  return { booking, auth };
}

/** The booking's deposit as the payment page shows it (en). */
export async function depositOf(request: APIRequestContext, auth: AuthResponse, bookingId: string): Promise<string> {
  const response = await request.get(`/v1/bookings/${bookingId}/payment-options`, { headers: bearer(auth) });
  expect(response.status()).toBe(200);
  const options = (await response.json()) as PaymentOptions;
  return formatMoney(options.options.find((option) => option.type === 'CREDIT_CARD_DEPOSIT')!.amount, options.currency, 'en');
}

/** Fills the payment page's card form and pays `amount` (as its button shows it). */
export async function payWithCard(page: Page, number: string, amount: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

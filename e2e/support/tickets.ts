import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { AuthResponse, PublicEventDetail, TicketOrder } from '@goodtable/shared';
import { signUpThroughApi, uniqueEmail } from '../fixtures.ts';
import { bookingWorld, createRequest, demoSignIn, postAction, uniqueTitle } from './bookings.ts';
import { payDepositThroughApi } from './payments.ts';
import { testCard } from '@goodtable/shared';

/**
 * A new confirmed event at the demo restaurant (its own seats, so parallel specs never share its progress), with the
 * client who booked it.
 */
export async function confirmedEvent(request: APIRequestContext, label: string): Promise<PublicEventDetail> {
  return (await confirmedEventWithClient(request, label)).event;
}

/** `confirmedEvent`, with the client who booked it (who may cancel it). */
export async function confirmedEventWithClient(request: APIRequestContext, label: string): Promise<{ event: PublicEventDetail; client: AuthResponse }> {
  const { auth } = await signUpThroughApi(request, label);
  const booking = await createRequest(request, { world: await bookingWorld(request, { client: auth }), title: uniqueTitle(label) });
  await postAction(request, { auth: await demoSignIn(request, 'seller'), bookingId: booking.id, action: 'accept' });
  await payDepositThroughApi(request, { auth, bookingId: booking.id });
  return { event: await publicEvent(request, booking.id), client: auth };
}

/** GET /v1/events/{id}: the event's public data (200 expected). */
export async function publicEvent(request: APIRequestContext, id: string): Promise<PublicEventDetail> {
  const response = await request.get(`/v1/events/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as PublicEventDetail;
}

/** A guest checkout of one ticket per name (held, not paid yet): its id and its payment's id. */
export async function holdTicketsThroughApi(request: APIRequestContext, { eventId, attendees }: { eventId: string; attendees: string[] }) {
  const created = await request.post(`/v1/events/${eventId}/checkouts`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { quantity: attendees.length, email: uniqueEmail('ticket-buyer'), attendees },
  });
  expect(created.status(), `hold the tickets: ${await created.text()}`).toBe(201);
  return (await created.json()) as { id: string; payment: { id: string } };
}

/** A guest's donation to the event's cause for this event, paid by the test card that succeeds. */
export async function donateToEventThroughApi(request: APIRequestContext, { event, donor }: { event: PublicEventDetail; donor: { amount: number; name: string; anonymous?: boolean; message?: string } }) {
  const created = await request.post(`/v1/causes/${event.cause!.id}/donations`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { amount: donor.amount, email: uniqueEmail('event-donor'), name: donor.name, anonymous: donor.anonymous ?? false, message: donor.message ?? null, event_id: event.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { payment } = (await created.json()) as { payment: { id: string } };
  const paid = await request.post(`/v1/payments/${payment.id}/confirm`, { data: { card: testCard() } });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
}

/** Tickets bought as a visitor would (a guest checkout paid by the test card that succeeds): the buyer's order. */
export async function buyTicketsThroughApi(request: APIRequestContext, { eventId, attendees }: { eventId: string; attendees: string[] }): Promise<TicketOrder> {
  const checkout = await holdTicketsThroughApi(request, { eventId, attendees });
  const confirmed = await request.post(`/v1/payments/${checkout.payment.id}/confirm`, {
    data: { card: testCard() },
  });
  expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded');
  const order = await request.get(`/v1/checkouts/${checkout.id}`);
  expect(order.status()).toBe(200);
  return (await order.json()) as TicketOrder;
}

import { queryOptions } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Attendee, type Booking, type IssuedTicket, type TicketCheckout, type TicketCheckoutCreateInput, type TicketOrder, type BecsInput, type CardInput, type EarnerPaymentList, type OpenPayments, type PagedList, type PayableType, type PayerPaymentList, type Payment, type PaymentOptions, type PaymentReceipt } from '@goodtable/shared';
import { authenticatedApi, publicApi } from '../../lib/api.ts';

/** An Idempotency-Key: random, and available outside secure contexts too (unlike crypto.randomUUID). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const paymentKeys = {
  options: (bookingId: string) => ['payments', 'options', bookingId] as const,
  detail: (id: string) => ['payments', 'detail', id] as const,
  open: (bookingId: string) => ['payments', 'open', bookingId] as const,
};

/** What the client of an ACCEPTED booking may pay now, with the server's amounts. */
export async function fetchPaymentOptions(bookingId: string, signal?: AbortSignal): Promise<PaymentOptions> {
  return authenticatedApi.get<PaymentOptions>(`bookings/${encodeURIComponent(bookingId)}/payment-options`, { signal });
}

export const paymentOptionsQuery = (bookingId: string) =>
  queryOptions({
    queryKey: paymentKeys.options(bookingId),
    queryFn: ({ signal }) => fetchPaymentOptions(bookingId, signal),
  });

/** Starts a payment; the same `idempotencyKey` always answers the same payment (a double submit pays once). */
export async function createPayment({ bookingId, type, idempotencyKey }: { bookingId: string; type: PayableType; idempotencyKey: string }): Promise<Payment> {
  return authenticatedApi.post<Payment>(`bookings/${encodeURIComponent(bookingId)}/payments`, { body: { type }, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Pays with a card, or debits an Australian bank account (BECS: the answer is `processing` until it clears). */
export async function confirmPayment({ paymentId, details, idempotencyKey }: { paymentId: string; details: { card: CardInput } | { becs: BecsInput }; idempotencyKey: string }): Promise<Payment> {
  return authenticatedApi.post<Payment>(`payments/${encodeURIComponent(paymentId)}/confirm`, { body: details, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** The booking's payments in flight (a BECS debit processing, a bank transfer awaited), for any of its parties. */
export async function fetchOpenPayments(bookingId: string, signal?: AbortSignal): Promise<OpenPayments> {
  return authenticatedApi.get<OpenPayments>(`bookings/${encodeURIComponent(bookingId)}/open-payments`, { signal });
}

export const openPaymentsQuery = (bookingId: string) =>
  queryOptions({
    queryKey: paymentKeys.open(bookingId),
    queryFn: ({ signal }) => fetchOpenPayments(bookingId, signal),
  });

/** The restaurant side has seen the bank transfer arrive: the booking is confirmed. */
export async function markTransferReceived(paymentId: string): Promise<Payment> {
  return authenticatedApi.post<Payment>(`payments/${encodeURIComponent(paymentId)}/mark-received`);
}

export async function fetchPayment(paymentId: string, signal?: AbortSignal): Promise<Payment> {
  return authenticatedApi.get<Payment>(`payments/${encodeURIComponent(paymentId)}`, { signal });
}

export const paymentQuery = (paymentId: string) =>
  queryOptions({
    queryKey: paymentKeys.detail(paymentId),
    queryFn: ({ signal }) => fetchPayment(paymentId, signal),
  });

/** The payer's answer to the extra confirmation step (`/intermediary/{id}`). */
export async function completePaymentAction(paymentId: string, outcome: 'approve' | 'fail'): Promise<Payment> {
  return authenticatedApi.post<Payment>(`payments/${encodeURIComponent(paymentId)}/action`, { body: { outcome } });
}

// ---------------------------------------------------------------- payments lists and receipts

export type PaymentListParams = { page: number; limit: number; booking_id?: string; restaurant_id?: string };

/**
 * `bookingStatus`: a booking page's money is also keyed by the booking's status, so a change of status (a refund, a
 * settlement) reads it afresh.
 */
export const paymentListKeys = {
  all: ['payments', 'lists'] as const,
  payer: (params: PaymentListParams, bookingStatus?: Booking['status']) => ['payments', 'lists', 'payer', params, ...(bookingStatus ? [bookingStatus] : [])] as const,
  earner: (params: PaymentListParams, bookingStatus?: Booking['status']) => ['payments', 'lists', 'earner', params, ...(bookingStatus ? [bookingStatus] : [])] as const,
  receipt: (id: string) => ['payments', 'receipt', id] as const,
};

/** The viewer's payments as a booking's payer (`/bookings/payments`). */
export async function fetchPayerPayments(params: PaymentListParams, signal?: AbortSignal): Promise<PayerPaymentList> {
  return authenticatedApi.get<PayerPaymentList>('bookings/payments', { params, signal });
}

export const payerPaymentsQuery = (params: PaymentListParams, bookingStatus?: Booking['status']) =>
  queryOptions({
    queryKey: paymentListKeys.payer(params, bookingStatus),
    queryFn: ({ signal }) => fetchPayerPayments(params, signal),
  });

/** The money of the viewer's restaurants or causes (`/payments`). */
export async function fetchEarnerPayments(params: PaymentListParams, signal?: AbortSignal): Promise<EarnerPaymentList> {
  return authenticatedApi.get<EarnerPaymentList>('payments', { params, signal });
}

export const earnerPaymentsQuery = (params: PaymentListParams, bookingStatus?: Booking['status']) =>
  queryOptions({
    queryKey: paymentListKeys.earner(params, bookingStatus),
    queryFn: ({ signal }) => fetchEarnerPayments(params, signal),
  });

/** Every row of a list, page after page at the largest page size (the CSV export). */
export async function fetchAllPages<Item>(fetchPage: (params: PaymentListParams) => Promise<PagedList<Item>>, filter: Pick<PaymentListParams, 'booking_id' | 'restaurant_id'> = {}): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchPage({ page, limit: MAX_PAGE_SIZE, ...filter });
    items.push(...result.data);
    if (page >= result.totalPages) return items;
  }
}

export async function fetchPaymentReceipt(id: string, signal?: AbortSignal): Promise<PaymentReceipt> {
  return authenticatedApi.get<PaymentReceipt>(`payments/${encodeURIComponent(id)}/receipt`, { signal });
}

export const paymentReceiptQuery = (id: string) =>
  queryOptions({
    queryKey: paymentListKeys.receipt(id),
    queryFn: ({ signal }) => fetchPaymentReceipt(id, signal),
  });

// ---------------------------------------------------------------- tickets

export const ticketKeys = { order: (id: string) => ['tickets', 'order', id] as const };

/** Holds tickets for 15 minutes and starts their card payment (a guest: no account). */
export async function createTicketCheckout({ eventId, input, idempotencyKey }: { eventId: string; input: TicketCheckoutCreateInput; idempotencyKey: string }): Promise<TicketCheckout> {
  return publicApi.post<TicketCheckout>(`events/${encodeURIComponent(eventId)}/checkouts`, { body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** The buyer's tickets page data (its id is the link). */
export async function fetchTicketOrder(id: string, signal?: AbortSignal): Promise<TicketOrder> {
  return publicApi.get<TicketOrder>(`checkouts/${encodeURIComponent(id)}`, { signal });
}

export const ticketOrderQuery = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.order(id),
    queryFn: ({ signal }) => fetchTicketOrder(id, signal),
  });

/** The checkout the payment page started, kept for the extra step's return (`/intermediary` knows only the payment). */
const CHECKOUT_OF_PAYMENT = 'goodtable.ticketCheckout.';
export function rememberTicketCheckout(paymentId: string, checkoutId: string): void {
  try {
    sessionStorage.setItem(CHECKOUT_OF_PAYMENT + paymentId, checkoutId);
  } catch {
    // Storage refused (private mode): the return lands on the event page instead.
  }
}
export function rememberedTicketCheckout(paymentId: string): string | null {
  try {
    return sessionStorage.getItem(CHECKOUT_OF_PAYMENT + paymentId);
  } catch {
    return null;
  }
}

export const attendeeKeys = { list: (bookingId: string) => ['tickets', 'attendees', bookingId] as const };

/** The attendees of a booking (its restaurant side and client; the cause is refused with 403). */
export async function fetchAttendees(bookingId: string, signal?: AbortSignal): Promise<{ data: Attendee[] }> {
  return authenticatedApi.get<{ data: Attendee[] }>(`bookings/${encodeURIComponent(bookingId)}/attendees`, { signal });
}

export const attendeesQuery = (bookingId: string) =>
  queryOptions({
    queryKey: attendeeKeys.list(bookingId),
    queryFn: ({ signal }) => fetchAttendees(bookingId, signal),
  });

/** Checks a ticket in by its code (the restaurant side): 409 when it was checked in before, naming who and when. */
export async function checkInTicket(bookingId: string, code: string): Promise<IssuedTicket> {
  return authenticatedApi.post<IssuedTicket>(`bookings/${encodeURIComponent(bookingId)}/check-ins`, { body: { code } });
}

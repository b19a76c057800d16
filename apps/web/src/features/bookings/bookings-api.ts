import { queryOptions } from '@tanstack/react-query';
import {
  DRAFT_CHECK_LIMIT,
  type Booking,
  type CancellationPreview,
  type SettlementPreview,
  type BookingDeclineReason,
  type BookingEvent,
  type BookingListFilter,
  type BookingSummary,
  type PagedList,
} from '@goodtable/shared';
import { ApiRequestError } from '../../lib/api-error.ts';
import { authenticatedApi } from '../../lib/api.ts';

/** `sortBy` of the bookings list: Latest (updated_at:desc) or Event Date (date:asc), docs/product.md, Screens and routes. */
export type BookingListSort = 'updated_at:desc' | 'date:asc';

/** One page of `GET users/{id}/bookings`; `restaurant_id` narrows a manager's list to one restaurant it runs. */
export type BookingListQuery = {
  status: BookingListFilter;
  sortBy: BookingListSort;
  page: number;
  limit: number;
  search?: string;
  restaurant_id?: string;
  needs_action?: true;
};

/** Actions posted to `POST bookings/{id}/{action}` from the booking page (the time changes have screens of their own). */
export type BookingPageAction =
  | 'submit'
  | 'accept'
  | 'accept-suggestion'
  | 'decline-suggestion'
  | 'cancel'
  | 'mark-complete'
  | 'mark-unsatisfactory';

export const bookingKeys = {
  all: ['bookings'] as const,
  lists: ['bookings', 'list'] as const,
  list: (userId: string, query: BookingListQuery) => ['bookings', 'list', userId, query] as const,
  summaries: ['bookings', 'summary'] as const,
  summary: (userId: string, restaurantId: string | undefined) => ['bookings', 'summary', userId, restaurantId ?? null] as const,
  draftCounts: ['bookings', 'draft-count'] as const,
  draftCount: (userId: string) => ['bookings', 'draft-count', userId] as const,
  detail: (id: string) => ['bookings', 'detail', id] as const,
  events: (id: string) => ['bookings', 'events', id] as const,
  settlementPreview: (id: string) => ['bookings', 'settlement-preview', id] as const,
  cancellationPreview: (id: string) => ['bookings', 'cancellation-preview', id] as const,
};

const bookingPath = (id: string) => `bookings/${encodeURIComponent(id)}`;

/** `GET users/{id}/bookings` (docs/product.md, API calls; `{id}` is the viewer). */
export async function fetchUserBookings({ userId, query, signal }: { userId: string; query: BookingListQuery; signal?: AbortSignal }): Promise<PagedList<Booking>> {
  return authenticatedApi.get<PagedList<Booking>>(`users/${encodeURIComponent(userId)}/bookings`, { params: query, signal });
}

export const userBookingsQuery = (userId: string, query: BookingListQuery) =>
  queryOptions({
    queryKey: bookingKeys.list(userId, query),
    queryFn: ({ signal }) => fetchUserBookings({ userId, query, signal }),
  });

export async function fetchBookingSummary({ userId, restaurantId, signal }: { userId: string; restaurantId: string | undefined; signal?: AbortSignal }): Promise<BookingSummary> {
  return authenticatedApi.get<BookingSummary>(`users/${encodeURIComponent(userId)}/bookings/summary`, {
    params: { restaurant_id: restaurantId },
    signal,
  });
}

/** `GET users/{id}/bookings/summary`: the count of each grouping, for all the viewer's restaurants or one. */
export const bookingSummaryQuery = (userId: string, restaurantId: string | undefined) =>
  queryOptions({
    queryKey: bookingKeys.summary(userId, restaurantId),
    queryFn: ({ signal }) => fetchBookingSummary({ userId, restaurantId, signal }),
  });

/** docs/product.md, Roles and permissions and Business constants: whether the client has a draft, asking for one (`limit=1`) and reading `totalResults`. */
export async function fetchDraftCount(userId: string): Promise<number> {
  const page = await authenticatedApi.get<Pick<PagedList<Booking>, 'totalResults'>>(`users/${encodeURIComponent(userId)}/bookings`, {
    params: { status: 'DRAFT', limit: DRAFT_CHECK_LIMIT },
  });
  return page.totalResults;
}

export const draftCountQuery = (userId: string) =>
  queryOptions({
    queryKey: bookingKeys.draftCount(userId),
    queryFn: () => fetchDraftCount(userId),
  });

export async function fetchBooking(id: string, signal?: AbortSignal): Promise<Booking> {
  return authenticatedApi.get<Booking>(bookingPath(id), { signal });
}

/** `GET bookings/{id}`: the booking page, its payment page and the booking form screens share this one cache entry. */
export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => fetchBooking(id, signal),
  });

export async function fetchBookingEvents(id: string, signal?: AbortSignal): Promise<BookingEvent[]> {
  return (await authenticatedApi.get<{ data: BookingEvent[] }>(`${bookingPath(id)}/events`, { signal })).data;
}

/** `GET bookings/{id}/events`: the booking's history. */
export const bookingEventsQuery = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.events(id),
    queryFn: ({ signal }) => fetchBookingEvents(id, signal),
  });

/** `POST bookings/{id}/{action}` carrying the version the viewer saw, so a change made meanwhile answers 409. */
export async function postBookingAction(booking: Pick<Booking, 'id' | 'updated_at'>, action: BookingPageAction): Promise<Booking> {
  return authenticatedApi.post<Booking>(`${bookingPath(booking.id)}/${action}`, { body: { updated_at: booking.updated_at } });
}

/**
 * `GET bookings/{id}/settlement-preview`: what settling the booking now does (the server's amounts). Always read
 * fresh when the dialog opens: the amounts are what the confirmation is checked against.
 */
export const settlementPreviewQuery = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.settlementPreview(id),
    queryFn: ({ signal }) => authenticatedApi.get<SettlementPreview>(`${bookingPath(id)}/settlement-preview`, { signal }),
    staleTime: 0,
  });

/** `GET bookings/{id}/cancellation-preview`: what the viewer cancelling now does with the organiser's prepayment (business clock). */
export const cancellationPreviewQuery = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.cancellationPreview(id),
    queryFn: ({ signal }) => authenticatedApi.get<CancellationPreview>(`${bookingPath(id)}/cancellation-preview`, { signal }),
    staleTime: 0,
  });

/** `POST bookings/{id}/confirm-complete` with the balance charge the organiser was shown (the preview's `client_charge`). */
export async function confirmCompletion(booking: Pick<Booking, 'id' | 'updated_at'>, expectedCharge: number): Promise<Booking> {
  return authenticatedApi.post<Booking>(`${bookingPath(booking.id)}/confirm-complete`, { body: { expected_charge: expectedCharge, updated_at: booking.updated_at } });
}

/** The settlement preview a refused confirmation carries (409 `bookings.chargeChanged`: the amounts changed since shown). */
export function changedSettlementPreview(error: unknown): SettlementPreview | undefined {
  if (!(error instanceof ApiRequestError) || error.statusCode !== 409 || error.body.code !== 'bookings.chargeChanged') return undefined;
  const { preview } = error.body as { preview?: SettlementPreview };
  return preview;
}

export async function declineBooking(booking: Pick<Booking, 'id' | 'updated_at'>, reason: BookingDeclineReason): Promise<Booking> {
  return authenticatedApi.post<Booking>(`${bookingPath(booking.id)}/decline`, { body: { reason, updated_at: booking.updated_at } });
}

/** `DELETE bookings/{id}` (drafts only). */
export async function deleteBooking(id: string): Promise<void> {
  await authenticatedApi.delete(bookingPath(id));
}

/** `POST bookings/{id}/rebook`: a new draft copied from a finished or cancelled booking. */
export async function rebookBooking(id: string): Promise<Booking> {
  return authenticatedApi.post<Booking>(`${bookingPath(id)}/rebook`);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking, BookingCreateInput, BookingOptions, BookingUpdateInput, BookingGuestPreferencesInput, PagedList } from '@goodtable/shared';
import { authenticatedApi } from '../../lib/api.ts';
import { bookingQuery } from './bookings-api.ts';

/** Query keys of the booking form screens (the booking itself is `bookingQuery`, shared with the booking page). */
export const bookingFormKeys = {
  options: (restaurantId: string) => ['bookings', 'options', restaurantId] as const,
  latestDraft: (userId: string) => ['bookings', 'latest-draft', userId] as const,
};

const bookingPath = (id: string) => `bookings/${encodeURIComponent(id)}`;

/** What /add-event checks a request against before sending it: the restaurant, its active menus, its hosting rules. */
export async function fetchBookingOptions(restaurantId: string): Promise<BookingOptions> {
  return authenticatedApi.get<BookingOptions>(`restaurants/${encodeURIComponent(restaurantId)}/booking-options`);
}

/** A restaurant's booking options change rarely: a minute's reuse spares a request on every form screen. */
export const bookingOptionsQuery = (restaurantId: string) =>
  queryOptions({
    queryKey: bookingFormKeys.options(restaurantId),
    queryFn: () => fetchBookingOptions(restaurantId),
    staleTime: 60_000,
  });

/** The client's most recent draft (the draft check of docs/product.md, Business constants: limit 1), or null. */
export async function fetchLatestDraft(userId: string): Promise<Booking | null> {
  const list = await authenticatedApi.get<PagedList<Booking>>(`users/${encodeURIComponent(userId)}/bookings`, {
    params: { status: 'DRAFT', limit: 1, sortBy: 'updated_at:desc' },
  });
  return list.data[0] ?? null;
}

/** Always asked afresh: a draft saved or sent a moment ago changes the answer. */
export const latestDraftQuery = (userId: string) =>
  queryOptions({
    queryKey: bookingFormKeys.latestDraft(userId),
    queryFn: () => fetchLatestDraft(userId),
    staleTime: 0,
  });

export async function createBooking(input: BookingCreateInput): Promise<Booking> {
  return authenticatedApi.post<Booking>('bookings', { body: input });
}

export async function updateBooking(id: string, input: BookingUpdateInput): Promise<Booking> {
  return authenticatedApi.put<Booking>(bookingPath(id), { body: input });
}

export async function submitBooking(id: string, updatedAt: string): Promise<Booking> {
  return authenticatedApi.post<Booking>(`${bookingPath(id)}/submit`, { body: { updated_at: updatedAt } });
}

/** The client asks for another time (`change-time`) or the restaurant proposes one (`suggest-time`), with the version it saw. */
export async function proposeBookingTime({ booking, action, date }: { booking: Pick<Booking, 'id' | 'updated_at'>; action: 'change-time' | 'suggest-time'; date: string }): Promise<Booking> {
  return authenticatedApi.post<Booking>(`${bookingPath(booking.id)}/${action}`, { body: { date, updated_at: booking.updated_at } });
}

export async function saveGuestPreferences(id: string, input: BookingGuestPreferencesInput): Promise<Booking> {
  return authenticatedApi.put<Booking>(`${bookingPath(id)}/guest-preferences`, { body: input });
}

export function useBooking(id: string) {
  return useQuery({ ...bookingQuery(id), enabled: Boolean(id), retry: false });
}

export function useBookingOptions(restaurantId: string | null) {
  return useQuery({ ...bookingOptionsQuery(restaurantId ?? ''), enabled: Boolean(restaurantId), retry: false });
}

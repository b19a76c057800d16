import { useQuery } from '@tanstack/react-query';
import type { Booking, BookingCreateInput, BookingOptions, BookingUpdateInput, BookingGuestPreferencesInput, PagedList } from '@goodtable/shared';
import { authenticatedApi } from '../../lib/api.ts';

/** Query keys of the booking form screens; `detail` is the same key the booking page reads, so both share one cache. */
export const bookingFormKeys = {
  detail: (id: string) => ['bookings', 'detail', id] as const,
  options: (restaurantId: string) => ['bookings', 'options', restaurantId] as const,
  latestDraft: (userId: string) => ['bookings', 'latest-draft', userId] as const,
};

const bookingPath = (id: string) => `bookings/${encodeURIComponent(id)}`;

export async function fetchBooking(id: string): Promise<Booking> {
  return authenticatedApi.get<Booking>(bookingPath(id));
}

/** What /add-event checks a request against before sending it: the restaurant, its active menus, its hosting rules. */
export async function fetchBookingOptions(restaurantId: string): Promise<BookingOptions> {
  return authenticatedApi.get<BookingOptions>(`restaurants/${encodeURIComponent(restaurantId)}/booking-options`);
}

/** The client's most recent draft (the draft check of docs/product.md, Business constants: limit 1), or null. */
export async function fetchLatestDraft(userId: string): Promise<Booking | null> {
  const list = await authenticatedApi.get<PagedList<Booking>>(`users/${encodeURIComponent(userId)}/bookings`, {
    params: { status: 'DRAFT', limit: 1, sortBy: 'updated_at:desc' },
  });
  return list.data[0] ?? null;
}

export async function createBooking(input: BookingCreateInput): Promise<Booking> {
  return authenticatedApi.post<Booking>('bookings', { body: input });
}

export async function updateBooking(id: string, input: BookingUpdateInput): Promise<Booking> {
  return authenticatedApi.put<Booking>(bookingPath(id), { body: input });
}

export async function submitBooking(id: string, updatedAt: string): Promise<Booking> {
  return authenticatedApi.post<Booking>(`${bookingPath(id)}/submit`, { body: { updated_at: updatedAt } });
}

/** The client asks for another time (`change-time`) or the restaurant proposes one (`suggest-time`). */
export async function proposeBookingTime(id: string, action: 'change-time' | 'suggest-time', input: { date: string; updated_at: string }): Promise<Booking> {
  return authenticatedApi.post<Booking>(`${bookingPath(id)}/${action}`, { body: input });
}

export async function saveGuestPreferences(id: string, input: BookingGuestPreferencesInput): Promise<Booking> {
  return authenticatedApi.put<Booking>(`${bookingPath(id)}/guest-preferences`, { body: input });
}

export function useBooking(id: string) {
  return useQuery({ queryKey: bookingFormKeys.detail(id), queryFn: () => fetchBooking(id), enabled: Boolean(id), retry: false });
}

export function useBookingOptions(restaurantId: string | null) {
  return useQuery({
    queryKey: bookingFormKeys.options(restaurantId ?? ''),
    queryFn: () => fetchBookingOptions(restaurantId!),
    enabled: Boolean(restaurantId),
    retry: false,
    staleTime: 60_000,
  });
}

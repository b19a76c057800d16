import { BOOKING_LIST_FILTERS, type BookingListFilter } from '@goodtable/shared';
import { oneOf, searchFromParams, sortFromParams } from '../../lib/directory-params.ts';
import type { BookingListQuery, BookingListSort } from './bookings-api.ts';

export const BOOKINGS_PAGE_SIZE = 10;

/** The two sorts of docs/product.md, Screens and routes, with their label keys in the `bookings` namespace. */
export const BOOKING_SORT_OPTIONS: readonly { value: BookingListSort; labelKey: 'sort.latest' | 'sort.eventDate' }[] = [
  { value: 'updated_at:desc', labelKey: 'sort.latest' },
  { value: 'date:asc', labelKey: 'sort.eventDate' },
];

/**
 * The list's state lives in the address (shareable, back button): `status` (the filter, default ALL),
 * `sortBy`, `search`, `page`. Values the API would refuse fall back to the defaults. `restaurantId` is the
 * one-restaurant list of `/restaurants/{id}/bookings`.
 */
export function bookingListQueryFromParams(params: URLSearchParams, restaurantId?: string): BookingListQuery {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    status: oneOf(params.get('status'), BOOKING_LIST_FILTERS) ?? 'ALL',
    sortBy: sortFromParams({ params, options: BOOKING_SORT_OPTIONS, fallback: 'updated_at:desc' }),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: BOOKINGS_PAGE_SIZE,
    search: searchFromParams(params),
    ...(restaurantId ? { restaurant_id: restaurantId } : {}),
  };
}

/** The address change of a status tab: ALL is the default, so it leaves `status` out. */
export function statusParam(status: BookingListFilter): string | undefined {
  return status === 'ALL' ? undefined : status;
}

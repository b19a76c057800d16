import { describe, expect, it } from 'vitest';
import { BOOKINGS_PAGE_SIZE, bookingListQueryFromParams, statusParam } from './bookings-query.ts';

const RESTAURANT_ID = '0f9d6c1e-2b3a-4c5d-8e7f-9a0b1c2d3e4f';

describe('bookingListQueryFromParams', () => {
  it('defaults to every booking, latest first, first page', () => {
    expect(bookingListQueryFromParams(new URLSearchParams())).toEqual({
      status: 'ALL',
      sortBy: 'updated_at:desc',
      page: 1,
      limit: BOOKINGS_PAGE_SIZE,
      search: undefined,
    });
  });

  it('reads the status filter, Event Date sort, page and trimmed search from the address', () => {
    expect(bookingListQueryFromParams(new URLSearchParams('status=IN_PROGRESS&sortBy=date:asc&page=3&search=%20reef%20'))).toEqual({
      status: 'IN_PROGRESS',
      sortBy: 'date:asc',
      page: 3,
      limit: BOOKINGS_PAGE_SIZE,
      search: 'reef',
    });
  });

  it('falls back to the defaults for values the API would refuse', () => {
    expect(bookingListQueryFromParams(new URLSearchParams('status=PENDING&sortBy=title:asc&page=0&search=%20'))).toMatchObject({
      status: 'ALL',
      sortBy: 'updated_at:desc',
      page: 1,
      search: undefined,
    });
    expect(bookingListQueryFromParams(new URLSearchParams('status=canceled&page=two')).status).toBe('ALL');
  });

  it('narrows the list to one restaurant on /restaurants/{id}/bookings', () => {
    expect(bookingListQueryFromParams(new URLSearchParams('status=CONFIRMED'), RESTAURANT_ID)).toMatchObject({ status: 'CONFIRMED', restaurant_id: RESTAURANT_ID });
    expect(bookingListQueryFromParams(new URLSearchParams())).not.toHaveProperty('restaurant_id');
  });
});

describe('statusParam', () => {
  it('leaves ALL (the default) out of the address and keeps the other filters', () => {
    expect(statusParam('ALL')).toBeUndefined();
    expect(statusParam('DRAFT')).toBe('DRAFT');
    expect(statusParam('CANCELED')).toBe('CANCELED');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { useBookingWorld } from './test/booking-test-kit.ts';

/**
 * Paging of GET /v1/users/{id}/bookings: pages in the back half of a list are read from the other end of the index
 * and reversed; walking every page must give exactly the one-page order, in both sorts, drafts without a date last.
 */
describe('bookings list paging', () => {
  const { kit, w } = useBookingWorld();
  const ids: string[] = [];

  beforeAll(async () => {
    // Seven bookings: dates out of creation order, two drafts without a date, one dated draft, four requests sent.
    for (const [index, days] of [12, 3, null, 25, 7, null, 18].entries()) {
      const body = days === null ? { title: `Draft ${index}` } : await kit.requestBody(w, { overrides: { title: `Dinner ${index}` }, hoursAhead: days * 24 });
      const created = await kit.draft(w.client, body);
      ids.push(created.id);
      if ([0, 1, 4, 6].includes(index)) await kit.act(created, { action: 'submit', by: w.client });
    }
  }, 120_000);

  async function list(by: { id: string; token: string }, query: string) {
    const response = await kit.api.get(`/v1/users/${by.id}/bookings?${query}`, { token: by.token });
    expect(response.status).toBe(200);
    return response.body as { data: { id: string; date: string | null; updated_at: string }[]; page: number; limit: number; totalPages: number; totalResults: number };
  }

  it.each(['updated_at:desc', 'date:asc'])('walks every page of the client’s list sorted by %s in the one-page order', async (sort) => {
    const whole = await list(w.client, `limit=100&sortBy=${sort}`);
    expect(whole.totalResults).toBe(7);
    const walked: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const part = await list(w.client, `limit=2&page=${page}&sortBy=${sort}`);
      expect(part).toMatchObject({ page, limit: 2, totalPages: 4, totalResults: 7 });
      expect(part.data).toHaveLength(page === 4 ? 1 : 2);
      walked.push(...part.data.map((booking) => booking.id));
    }
    expect(walked).toEqual(whole.data.map((booking) => booking.id));
    expect(new Set(walked)).toEqual(new Set(ids));
    if (sort === 'date:asc') {
      const dates = whole.data.map((booking) => booking.date);
      // Event Date: soonest first, drafts without a date at the end.
      expect(dates.slice(5)).toEqual([null, null]);
      expect(dates.slice(0, 5)).toEqual([...dates.slice(0, 5)].sort());
    } else {
      const updated = whole.data.map((booking) => booking.updated_at);
      expect(updated).toEqual([...updated].sort().reverse());
    }
  });

  it('answers a page past the end with no rows and the true totals', async () => {
    const past = await list(w.client, 'limit=2&page=9');
    expect(past).toMatchObject({ data: [], page: 9, totalPages: 4, totalResults: 7 });
  });

  it('pages the restaurant’s list the same way (only the requests sent to it, not the client’s drafts)', async () => {
    const whole = await list(w.restaurant, 'limit=100&sortBy=date:asc');
    expect(whole.totalResults).toBe(4);
    const walked: string[] = [];
    for (let page = 1; page <= 3; page++) walked.push(...(await list(w.restaurant, `limit=2&page=${page}&sortBy=date:asc`)).data.map((booking) => booking.id));
    expect(walked).toEqual(whole.data.map((booking) => booking.id));
    expect(new Set(walked)).toEqual(new Set([ids[0], ids[1], ids[4], ids[6]]));
  });
});

// A viewer's bookings: the paged list and the dashboard's counts.
import type { Booking, BookingRules, BookingSummary, bookingListQuerySchema, bookingSummaryQuerySchema, PagedList } from '@goodtable/shared';
import type { z } from 'zod';
import { notAllowed, notFound } from '../../lib/domain-errors.ts';
import { bookingPartyOf, viewerScope } from './booking-access.ts';
import { eventsStartedBefore } from './booking-deadlines.ts';
import type { BookingDeps } from './booking-deps.ts';
import { partiesOf } from './booking-reads.ts';
import { presentBooking } from './booking.presenter.ts';
import * as repository from './bookings.repository.ts';

type ListQuery = z.output<typeof bookingListQuerySchema>;
type SummaryQuery = z.output<typeof bookingSummaryQuerySchema>;

async function listScope(deps: BookingDeps, { userId, restaurantId }: { userId: string; restaurantId: string | undefined }) {
  if (userId !== deps.viewer.id) throw notAllowed('You can only see your own bookings', 'auth.forbidden');
  const scope = await viewerScope(deps.db, deps.viewer);
  if (restaurantId !== undefined) {
    if (!scope.restaurantIds.includes(restaurantId)) throw notFound('No such restaurant among the ones you run', 'restaurants.notFound');
    scope.restaurantId = restaurantId;
  }
  return scope;
}

const needsActionClock = (now: Date, rules: BookingRules) => ({ now, eventsStartedBefore: eventsStartedBefore(now, rules) });

/** GET /v1/users/{id}/bookings (`{id}` is the viewer): filtered, searched, sorted and paged; each with the viewer's label. */
export async function listUserBookings(deps: BookingDeps, { userId, query }: { userId: string; query: ListQuery }): Promise<PagedList<Booking>> {
  const scope = await listScope(deps, { userId, restaurantId: query.restaurant_id });
  const now = deps.clock.now();
  const { rows, total } = await repository.listBookingRecords(deps.db, {
    scope,
    filter: query.status,
    search: query.search,
    needsAction: query.needs_action ? needsActionClock(now, deps.rules) : undefined,
    sort: query.sortBy,
    page: query.page,
    limit: query.limit,
  });
  const data = rows.map((record) => {
    // Every row is in the viewer's scope; a row the scope somehow does not explain would be a query bug.
    const party = bookingPartyOf(scope, partiesOf(record.booking, record.cause?.ownerId ?? null)) ?? { side: 'restaurant' as const, actor: null };
    return presentBooking({ record, party, now, rules: deps.rules });
  });
  return { data, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit), totalResults: total };
}

/** GET /v1/users/{id}/bookings/summary: the dashboard's group counts and how many bookings wait for the viewer. */
export async function bookingSummary(deps: BookingDeps, { userId, query }: { userId: string; query: SummaryQuery }): Promise<BookingSummary> {
  const scope = await listScope(deps, { userId, restaurantId: query.restaurant_id });
  const { groups, needsAction } = await repository.countBookingGroups(deps.db, { scope, clock: needsActionClock(deps.clock.now(), deps.rules) });
  return { groups, needs_action: needsAction };
}

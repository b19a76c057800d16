// Reading one booking as its viewer sees it.
import type { Booking, BookingEvent, BookingRules } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { BookingRow } from '../../db/schema/index.ts';
import { bookingPartyOf, viewerScope, type BookingParty } from './booking-access.ts';
import type { BookingDeps } from './booking-deps.ts';
import { bookingNotFound } from './booking-errors.ts';
import { presentBooking, presentBookingEvent } from './booking.presenter.ts';
import * as repository from './bookings.repository.ts';

export async function presentRecord(db: Executor, { id, party, now, rules }: { id: string; party: BookingParty; now: Date; rules: BookingRules }): Promise<Booking> {
  const record = await repository.findBookingRecord(db, id);
  if (!record) throw bookingNotFound();
  return presentBooking({ record, party, now, rules });
}

/** The booking and the viewer's side of it; 404 unless the viewer is a party. */
export async function loadForViewer({ db, viewer }: Pick<BookingDeps, 'db' | 'viewer'>, id: string) {
  const record = await repository.findBookingRecord(db, id);
  if (!record) throw bookingNotFound();
  const party = bookingPartyOf(await viewerScope(db, viewer), partiesOf(record.booking, record.cause?.ownerId ?? null));
  if (!party) throw bookingNotFound();
  return { record, party };
}

export const partiesOf = (row: BookingRow, causeOwnerId: string | null) => ({
  clientId: row.clientId,
  restaurantId: row.restaurantId,
  causeOwnerId,
  status: row.status,
  hostEvent: row.hostEvent,
});

export async function getBooking(deps: BookingDeps, id: string): Promise<Booking> {
  const { record, party } = await loadForViewer(deps, id);
  return presentBooking({ record, party, now: deps.clock.now(), rules: deps.rules });
}

export async function listBookingEvents(deps: BookingDeps, id: string): Promise<{ data: BookingEvent[] }> {
  await loadForViewer(deps, id);
  return { data: (await repository.listBookingEvents(deps.db, id)).map(presentBookingEvent) };
}

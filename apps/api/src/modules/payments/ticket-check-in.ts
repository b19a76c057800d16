import { attendeesCsv, type IssuedTicket } from '@goodtable/shared';
import { conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import type { SignedInContext } from '../../lib/service-context.ts';
import { bookingPaymentTerms } from '../bookings/bookings.service.ts';
import * as repository from './tickets.repository.ts';
import { listAttendees, presentIssuedTicket } from './tickets.ts';

/**
 * POST /v1/bookings/{id}/check-ins: the restaurant side checks a ticket in by its code (scanned from its QR code or
 * typed). A code that is no ticket of this event (forged, another event's, refunded) is 404; a ticket already checked
 * in is 409 naming who checked it in and when, and nothing changes. Only while the event is CONFIRMED.
 */
export async function checkInTicket(deps: Pick<SignedInContext, 'db' | 'viewer' | 'clock'>, bookingId: string, code: string): Promise<IssuedTicket> {
  return deps.db.transaction(async (tx) => {
    const terms = await bookingPaymentTerms({ db: tx, viewer: deps.viewer }, bookingId);
    if (terms.side !== 'restaurant') throw forbidden('Only the restaurant checks attendees in', 'tickets.notRestaurant');
    if (terms.status !== 'CONFIRMED') throw conflict('Attendees are checked in while the event is confirmed', 'tickets.checkInClosed');
    const found = await repository.findTicketByCode(tx, code.trim().toUpperCase(), { lock: true });
    if (!found || found.ticket.bookingId !== bookingId || found.checkoutStatus !== 'paid') {
      throw notFound('No ticket of this event has this code', 'tickets.unknownCode');
    }
    const { ticket } = found;
    if (ticket.checkedInAt) {
      const rows = await repository.attendeesOfBooking(tx, bookingId);
      const row = rows.find((item) => item.ticketId === ticket.id);
      const by = [row?.checkedInByFirst, row?.checkedInByLast].filter(Boolean).join(' ') || 'someone';
      throw conflict(`${ticket.attendeeName} was already checked in by ${by} at ${ticket.checkedInAt.toISOString()}`, 'tickets.alreadyCheckedIn', [
        { field: 'code', message: 'validation.alreadyCheckedIn' },
      ]);
    }
    return presentIssuedTicket(await repository.markCheckedIn(tx, ticket.id, deps.viewer.id, deps.clock.now()));
  });
}

/** GET /v1/bookings/{id}/attendees.csv. */
export async function attendeesCsvOfBooking(deps: Pick<SignedInContext, 'db' | 'viewer'>, bookingId: string): Promise<string> {
  const { data } = await listAttendees(deps, bookingId);
  return attendeesCsv(data, ['attendee', 'ticket code', 'buyer email', 'checked in at', 'checked in by']);
}

import { attendeesCsv, CHECK_IN_OPENS_HOURS_BEFORE, checkInWindow, instantMs, type IssuedTicket } from '@goodtable/shared';
import { DomainError, conflict, notAllowed, notFound } from '../../lib/domain-errors.ts';
import type { SignedInContext } from '../../lib/service-context.ts';
import { bookingPaymentTerms } from '../bookings/bookings.service.ts';
import * as repository from './tickets.repository.ts';
import { listAttendees, presentIssuedTicket } from './tickets.ts';

/**
 * POST /v1/bookings/{id}/check-ins: the restaurant side checks a ticket in by its code (scanned from its QR code or
 * typed). A code that is no ticket of this event (forged, another event's, refunded) is 404; a ticket already checked
 * in is 409 naming who checked it in and when, and nothing changes. Only while the event is CONFIRMED, and from
 * 12 hours before it starts until it ends on the business clock (409 saying which).
 */
export async function checkInTicket(deps: Pick<SignedInContext, 'db' | 'viewer' | 'clock'>, { bookingId, code }: { bookingId: string; code: string }): Promise<IssuedTicket> {
  return deps.db.transaction(async (tx) => {
    const terms = await bookingPaymentTerms({ db: tx, viewer: deps.viewer }, bookingId);
    if (terms.side !== 'restaurant') throw notAllowed('Only the restaurant checks attendees in', 'tickets.notRestaurant');
    if (terms.status !== 'CONFIRMED') throw conflict('Attendees are checked in while the event is confirmed', 'tickets.checkInClosed');
    if (terms.date) {
      const { opensAt, closesAt } = checkInWindow(terms.date);
      const now = deps.clock.now().getTime();
      if (now < instantMs(opensAt)) throw conflict(`Check-in opens ${CHECK_IN_OPENS_HOURS_BEFORE} hours before the event starts, at ${opensAt}`, 'tickets.checkInNotOpen');
      if (now >= instantMs(closesAt)) throw conflict(`Check-in closed when the event ended, at ${closesAt}`, 'tickets.checkInOver');
    }
    const found = await repository.findTicketByCode(tx, { code: code.trim().toUpperCase(), lock: true });
    if (!found || found.ticket.bookingId !== bookingId || found.checkoutStatus !== 'paid') {
      throw notFound('No ticket of this event has this code', 'tickets.unknownCode');
    }
    const { ticket } = found;
    if (ticket.checkedInAt) {
      const rows = await repository.attendeesOfBooking(tx, bookingId);
      const row = rows.find((item) => item.ticketId === ticket.id);
      const by = [row?.checkedInByFirst, row?.checkedInByLast].filter(Boolean).join(' ') || 'someone';
      throw new DomainError('conflict', { message: `${ticket.attendeeName} was already checked in by ${by} at ${ticket.checkedInAt.toISOString()}`, code: 'tickets.alreadyCheckedIn', details: [
        { field: 'code', message: 'validation.alreadyCheckedIn' },
      ] });
    }
    return presentIssuedTicket(await repository.markCheckedIn(tx, { ticketId: ticket.id, by: deps.viewer.id, at: deps.clock.now() }));
  });
}

/** GET /v1/bookings/{id}/attendees.csv. */
export async function attendeesCsvOfBooking(deps: Pick<SignedInContext, 'db' | 'viewer'>, bookingId: string): Promise<string> {
  const { data } = await listAttendees(deps, bookingId);
  return attendeesCsv(data, ['attendee', 'ticket code', 'buyer email', 'checked in at', 'checked in by']);
}

// The changes the payments module makes to a booking: the deposit paid, its deadline paused.
import { applyTransition, depositDueAt } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import { recordTransition, transitionColumns } from './booking-changes.ts';
import type { BookingSystemDeps } from './booking-deps.ts';
import { bookingNotFound, refusalError } from './booking-errors.ts';
import { lifecycleState } from './booking.presenter.ts';
import * as repository from './bookings.repository.ts';

/**
 * The payment provider's deposit: ACCEPTED → CONFIRMED. `deps.db` may be the caller's transaction (the payment and
 * its ledger transaction are written in the same one); the booking row is locked until it ends. 409 when the
 * booking cannot take it now.
 */
export async function recordDepositPaid(deps: BookingSystemDeps, bookingId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await repository.lockBooking(tx, bookingId);
    if (!row) throw bookingNotFound();
    const now = deps.clock.now();
    const result = applyTransition({ booking: lifecycleState(row), action: 'deposit-paid', actor: 'payment', now, rules: deps.rules });
    if (!result.ok) throw refusalError(result);
    await recordTransition(deps, { tx, row, columns: transitionColumns(result.next), event: result.event, actorUserId: null, now });
  });
}

/**
 * A deposit on its way (a BECS debit processing) pauses the deposit deadline of an ACCEPTED booking (`paused`: no
 * deadline, so the deadline pass cannot cancel a booking whose payment is made but not yet cleared, whatever order
 * the jobs run in); when the debit fails the deadline starts again, a full BOOKING_DEPOSIT_HOURS from now, to pay
 * another way. `deps.db` is the caller's transaction.
 */
export async function setDepositDeadlinePaused(deps: Pick<BookingSystemDeps, 'db' | 'clock' | 'rules'>, { bookingId, paused }: { bookingId: string; paused: boolean }): Promise<void> {
  const row = await repository.lockBooking(deps.db, bookingId);
  if (!row || row.status !== 'ACCEPTED') return;
  const dueAt = paused ? null : new Date(depositDueAt(deps.clock.now().toISOString(), deps.rules));
  await repository.updateBookingRow(deps.db, { id: bookingId, values: { depositDueAt: dueAt } });
}

/**
 * Sets a booking's sold-ticket counter: only for `/dev/bookings/{id}/tickets-sold` (never in production), so browser
 * tests can mark an event complete without buying tickets. No ticket money goes with it: settlement
 * reads ticket income from the payments ledger, not this counter. False when there is no such booking.
 */
export async function setTicketsSoldForTests(db: Executor, { bookingId, count }: { bookingId: string; count: number }): Promise<boolean> {
  const row = await repository.lockBooking(db, bookingId);
  if (!row) return false;
  await repository.updateBookingRow(db, { id: bookingId, values: { ticketsSold: count } });
  return true;
}

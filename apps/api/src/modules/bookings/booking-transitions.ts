// The parties' actions of the state machine (docs/product.md, Booking lifecycle), and their previews.
import {
  applyTransition,
  bookingDateWithinReach,
  findTransition,
  validateAgainstHostingPreferences,
  type Booking,
  type BookingChanges,
  type BookingPartyAction,
  type BookingTransitionInputValues,
} from '@goodtable/shared';
import type { NewBookingRow } from '../../db/schema/index.ts';
import { restaurantBookingTerms } from '../restaurants/restaurants.service.ts';
import { changeBooking, recordTransition, transitionColumns, type BookingVersion } from './booking-changes.ts';
import { checkComplete, draftValuesOf } from './booking-checks.ts';
import type { BookingDeps } from './booking-deps.ts';
import { invalid, readOnly, refusalError } from './booking-errors.ts';
import { loadForViewer, presentRecord } from './booking-reads.ts';
import { lifecycleState } from './booking.presenter.ts';

/**
 * POST /v1/bookings/{id}/{action}: the state machine authorises the viewer's actor (403 never theirs, 409 not now,
 * 400 bad input); submit also checks completeness and the hosting preferences, change-time the new date against
 * them. One transaction: row lock, version check, change, event, live events.
 */
export async function applyBookingAction(
  deps: BookingDeps,
  request: { id: string; action: BookingPartyAction; input: BookingTransitionInputValues & { expected_charge?: number }; version: BookingVersion },
): Promise<Booking> {
  const { id, action, version } = request;
  const { expected_charge: expectedCharge, ...input } = request.input;
  const { viewer, clock, rules } = deps;
  return changeBooking(deps, { id, version, change: async ({ tx, row, party }) => {
    const now = clock.now();
    let actor = party.actor;
    const columns: Partial<NewBookingRow> = {};
    if (action === 'submit') {
      // Refusals first (not the organiser: 403; not a draft or too late: 409), then what the request lacks (400).
      const allowed = findTransition({ booking: lifecycleState(row), action, actor, now, rules });
      // A draft's date is still the organiser's to choose: one already passed is a bad value, not a state conflict.
      if (!allowed.ok && allowed.code === 'eventStarted') throw invalid([{ field: 'date', message: 'validation.dateInPast' }]);
      if (!allowed.ok) throw refusalError(allowed);
      // Whether the organiser runs the restaurant (a host event) is decided when the request is sent.
      const { hostEvent, currency } = await checkComplete({ db: tx, viewer }, { values: draftValuesOf(row), now });
      actor = hostEvent ? 'manager-host' : 'client';
      Object.assign(columns, { hostEvent, currency });
    }
    const result = applyTransition({ booking: lifecycleState(row), action, actor, now, rules, input });
    if (!result.ok) throw refusalError(result);
    // A time suggested or changed to is bounded as the booking's own date is.
    if ((action === 'suggest-time' || action === 'change-time') && typeof input.date === 'string' && !bookingDateWithinReach(input.date, now)) {
      throw invalid([{ field: 'date', message: 'validation.dateTooFarAhead' }]);
    }
    if (action === 'change-time' && row.restaurantId) {
      const terms = await restaurantBookingTerms(tx, row.restaurantId);
      const errors = terms
        ? validateAgainstHostingPreferences({ booking: { date: result.next.date!, guests: null, ticket_price: null }, preferences: terms.hosting, menu: null, now, timeZone: terms.profile?.timezone ?? 'UTC' })
        : [];
      if (errors.length > 0) throw invalid(errors);
    }
    await recordTransition(deps, { tx, row, columns: { ...columns, ...transitionColumns(result.next) }, event: result.event, actorUserId: viewer.id, now, expectedCharge });
    return presentRecord(tx, { id: row.id, party: { ...party, actor }, now, rules });
  } });
}

/**
 * What the viewer's `action` would change now, without changing anything (for the previews of the money an action
 * moves): refused exactly as the action would be (404 strangers, 403 the cause or never the viewer's, 409 not now).
 */
export async function previewBookingAction(deps: Pick<BookingDeps, 'db' | 'viewer' | 'clock' | 'rules'>, { id, action }: { id: string; action: BookingPartyAction }): Promise<BookingChanges> {
  const { record, party } = await loadForViewer(deps, id);
  if (!party.actor) throw readOnly();
  const result = applyTransition({ booking: lifecycleState(record.booking), action, actor: party.actor, now: deps.clock.now(), rules: deps.rules });
  if (!result.ok) throw refusalError(result);
  return result.next;
}

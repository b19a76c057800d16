// The organiser's drafts: create, edit (also a sent request), delete, and rebook an ended booking as a new draft.
import { applyTransition, findTransition, type Booking, type bookingUpdateSchema } from '@goodtable/shared';
import type { z } from 'zod';
import { conflict, notAllowed } from '../../lib/domain-errors.ts';
import { restaurantBookingTerms } from '../restaurants/restaurants.service.ts';
import { mayRebook, viewerScope } from './booking-access.ts';
import { changeBooking, nextUpdatedAt, recordTransition, type BookingVersion } from './booking-changes.ts';
import { checkComplete, checkNamedThings, detailColumns, draftBoundsProblems, draftValuesOf, type DraftValues } from './booking-checks.ts';
import type { BookingDeps } from './booking-deps.ts';
import { invalid, refusalError } from './booking-errors.ts';
import { publishChange } from './booking-notices.ts';
import { loadForViewer, presentRecord } from './booking-reads.ts';
import { lifecycleState } from './booking.presenter.ts';
import * as repository from './bookings.repository.ts';

type UpdateValues = z.output<typeof bookingUpdateSchema>;

/** POST /v1/bookings: a draft of the viewer's (a guest or a manager; restaurants and causes do not book). */
export async function createBooking(deps: BookingDeps, input: DraftValues): Promise<Booking> {
  const { db, viewer, clock, rules } = deps;
  if (viewer.role !== 'user' && viewer.role !== 'manager') throw notAllowed('Only guests and managers can book events', 'bookings.cannotBook');
  const { errors, terms, hostEvent } = await checkNamedThings({ db, viewer }, input);
  errors.push(...draftBoundsProblems({ values: input, known: errors, now: clock.now() }));
  if (errors.length > 0) throw invalid(errors);
  const now = new Date();
  const row = await repository.insertBooking(db, {
    clientId: viewer.id,
    ...detailColumns(input),
    currency: terms?.profile?.currency ?? null,
    hostEvent,
    createdAt: now,
    updatedAt: now,
  });
  return presentRecord(db, { id: row.id, party: { side: 'client', actor: hostEvent ? 'manager-host' : 'client' }, now: clock.now(), rules });
}

/**
 * PUT /v1/bookings/{id}: the organiser edits a DRAFT (any field, checked as far as given) or its PENDING request
 * (the restaurant stays; the whole request is checked again, and the restaurant is told).
 */
export async function updateBooking(deps: BookingDeps, { id, input, version }: { id: string; input: UpdateValues; version: BookingVersion }): Promise<Booking> {
  const { viewer, clock, rules } = deps;
  const { updated_at: _seen, expected_updated_at: _expected, ...changes } = input;
  return changeBooking(deps, { id, version, change: async ({ tx, row, party }) => {
    const now = clock.now();
    const found = findTransition({ booking: lifecycleState(row), action: 'edit', actor: party.actor, now, rules });
    if (!found.ok) throw refusalError(found);
    const merged: DraftValues = { ...draftValuesOf(row), ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
    const columns = detailColumns(changes);
    if (row.status === 'DRAFT') {
      // The menu and ticket price are checked together whenever one of them or the restaurant changes.
      const touchesMenu = changes.menu_id !== undefined || changes.ticket_price !== undefined || changes.restaurant_id !== undefined;
      const named = {
        restaurant_id: touchesMenu ? merged.restaurant_id : null,
        menu_id: touchesMenu ? merged.menu_id : null,
        ticket_price: merged.ticket_price,
        cause_id: changes.cause_id ?? null,
      };
      const { errors, terms, hostEvent } = await checkNamedThings({ db: tx, viewer }, named);
      errors.push(...draftBoundsProblems({ values: merged, known: errors, now }));
      if (errors.length > 0) throw invalid(errors);
      if (changes.restaurant_id !== undefined) {
        columns.currency = terms?.profile?.currency ?? null;
        columns.hostEvent = hostEvent;
      }
      // Drafts save as the organiser types: no event and no live update until the request is sent.
      await repository.updateBookingRow(tx, { id: row.id, values: { ...columns, updatedAt: nextUpdatedAt(row) } });
    } else {
      if (changes.restaurant_id !== undefined && changes.restaurant_id !== row.restaurantId) {
        throw invalid([{ field: 'restaurant_id', message: 'validation.restaurantFixed' }]);
      }
      await checkComplete({ db: tx, viewer }, { values: merged, now });
      await recordTransition(deps, { tx, row, columns, event: { action: 'edit', actor: party.actor, reason: null }, actorUserId: viewer.id, now });
    }
    return presentRecord(tx, { id: row.id, party, now, rules });
  } });
}

/** DELETE /v1/bookings/{id}: the organiser removes a draft (its events go with it). */
export async function deleteBooking(deps: BookingDeps, { id, version }: { id: string; version: BookingVersion }): Promise<void> {
  await changeBooking(deps, { id, version, change: async ({ tx, row, party }) => {
    const result = applyTransition({ booking: lifecycleState(row), action: 'delete', actor: party.actor, now: deps.clock.now(), rules: deps.rules });
    if (!result.ok) throw refusalError(result);
    await repository.deleteBookingRow(tx, row.id);
    await publishChange(deps, { tx, row, action: 'delete', removed: true });
  } });
}

/** POST /v1/bookings/{id}/rebook: a new draft for the same organiser, copied from an ended booking (date left empty). */
export async function rebookBooking(deps: BookingDeps, id: string): Promise<Booking> {
  const { db, viewer, clock, rules } = deps;
  const { record, party } = await loadForViewer(deps, id);
  if (party.side !== 'client') throw notAllowed('Only the organiser can book this again', 'bookings.wrongActor');
  if (!mayRebook(party, record.booking)) throw conflict('Only a cancelled, incomplete or completed booking can be booked again', 'bookings.notRebookable');
  const source = record.booking;
  const runs = source.restaurantId ? (await viewerScope(db, viewer)).restaurantIds.includes(source.restaurantId) : false;
  const hostEvent = runs && viewer.role === 'manager';
  const terms = source.restaurantId ? await restaurantBookingTerms(db, source.restaurantId) : undefined;
  const now = new Date();
  const row = await repository.insertBooking(db, {
    clientId: viewer.id,
    ...detailColumns({ ...draftValuesOf(source), date: null }),
    currency: terms?.profile?.currency ?? source.currency,
    hostEvent,
    createdAt: now,
    updatedAt: now,
  });
  return presentRecord(db, { id: row.id, party: { side: 'client', actor: hostEvent ? 'manager-host' : 'client' }, now: clock.now(), rules });
}

// How a booking changes: the row locked, the caller's version checked, the transition recorded and told.
import type { BookingAction, BookingActor, BookingChanges } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { BookingRow, NewBookingRow } from '../../db/schema/index.ts';
import { retryTransientConflicts } from '../../lib/database-errors.ts';
import { listRestaurantManagerIds } from '../managers/managers.service.ts';
import { notifyBookingChange } from '../notifications/notifications.service.ts';
import { bookingPartyOf, viewerScope, type BookingParty } from './booking-access.ts';
import type { BookingDeps, BookingSystemDeps } from './booking-deps.ts';
import { bookingNotFound, invalid, readOnly, stale } from './booking-errors.ts';
import { emailChange, publishChange } from './booking-notices.ts';
import { partiesOf } from './booking-reads.ts';
import * as repository from './bookings.repository.ts';

/** The version the caller saw: the body's `updated_at` and/or `expected_updated_at`, and/or the `If-Unmodified-Since` header. */
export type BookingVersion = { updatedAt?: string; expectedUpdatedAt?: string; ifUnmodifiedSince?: string };

/** Record timestamps are real time; a change always moves `updated_at` forward, so a stale copy never matches. */
export const nextUpdatedAt = (row: BookingRow) => new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1));

/**
 * 409 when the caller's copy is stale: a body `updated_at` (or `expected_updated_at`) must equal the stored one;
 * `If-Unmodified-Since` is an ISO 8601 instant (compared exactly) or an HTTP date (whole seconds: stale when changed after that second).
 */
export function assertFresh(row: BookingRow, version: BookingVersion) {
  const stored = row.updatedAt.getTime();
  for (const seen of [version.updatedAt, version.expectedUpdatedAt]) {
    if (seen !== undefined && Date.parse(seen) !== stored) throw stale();
  }
  const header = version.ifUnmodifiedSince?.trim();
  if (!header) return;
  const seen = Date.parse(header);
  if (Number.isNaN(seen)) throw invalid([{ field: 'If-Unmodified-Since', message: 'validation.invalidDate' }]);
  const httpDate = /GMT$/i.test(header);
  if (httpDate ? Math.floor(stored / 1000) * 1000 > seen : stored !== seen) throw stale();
}

/**
 * A change to one booking: locks its row, finds the viewer's side (404 for strangers, 403 for the cause), checks the
 * caller's version, then runs `change` in the same transaction. A change writes only to the database (the provider is
 * asked after the commit), so one that PostgreSQL aborted for a deadlock is run again: a cancellation takes the
 * event's row before its checkouts and payments, the buyers' confirms the other way round.
 */
export async function changeBooking<Result>(
  deps: BookingDeps,
  { id, version, change }: {
    id: string;
    version: BookingVersion;
    change: (locked: { tx: Executor; row: BookingRow; party: BookingParty & { actor: BookingActor } }) => Promise<Result>;
  },
): Promise<Result> {
  return retryTransientConflicts(() => deps.db.transaction(async (tx) => {
    const row = await repository.lockBooking(tx, id);
    if (!row) throw bookingNotFound();
    const cause = row.causeId ? await repository.findCauseForBooking(tx, row.causeId) : undefined;
    const party = bookingPartyOf(await viewerScope(tx, deps.viewer), partiesOf(row, cause?.ownerId ?? null));
    if (!party) throw bookingNotFound();
    if (!party.actor) throw readOnly();
    assertFresh(row, version);
    return change({ tx, row, party: { ...party, actor: party.actor } });
  }));
}

/** The row columns a transition's changes set. */
export function transitionColumns(next: BookingChanges): Partial<NewBookingRow> {
  const columns: Partial<NewBookingRow> = { status: next.status };
  if (next.date !== undefined) columns.date = new Date(next.date);
  if (next.suggestion !== undefined) columns.suggestionDate = next.suggestion ? new Date(next.suggestion.date) : null;
  if (next.decline_reason !== undefined) columns.declineReason = next.decline_reason;
  if (next.cancel_reason !== undefined) columns.cancelReason = next.cancel_reason;
  if (next.response_due_at !== undefined) columns.responseDueAt = next.response_due_at === null ? null : new Date(next.response_due_at);
  if (next.deposit_due_at !== undefined) columns.depositDueAt = next.deposit_due_at === null ? null : new Date(next.deposit_due_at);
  if (next.completion !== undefined) {
    columns.completionMarkedAt = next.completion ? new Date(next.completion.marked_at) : null;
    columns.completionOutcome = next.completion?.outcome ?? null;
    columns.completionResolvedAt = next.completion?.resolved_at ? new Date(next.completion.resolved_at) : null;
  }
  return columns;
}

/**
 * Applies an allowed transition's changes to the locked row, records the event (business-clock time) and tells the
 * parties (live events and emails), all in `tx`.
 */
export async function recordTransition(
  deps: Pick<BookingSystemDeps, 'live' | 'clock' | 'mailer' | 'rules' | 'email' | 'transitions'>,
  { tx, row, ...change }: {
    tx: Executor;
    row: BookingRow;
    columns: Partial<NewBookingRow>;
    event: { action: BookingAction; actor: BookingActor; reason: string | null };
    actorUserId: string | null;
    now: Date;
    expectedCharge?: number;
  },
): Promise<BookingRow> {
  const updated = await repository.updateBookingRow(tx, { id: row.id, values: { ...change.columns, updatedAt: nextUpdatedAt(row) } });
  await repository.insertBookingEvent(tx, {
    bookingId: row.id,
    actor: change.event.actor,
    actorUserId: change.actorUserId,
    action: change.event.action,
    fromStatus: row.status,
    toStatus: updated.status,
    reason: change.event.reason,
    createdAt: change.now,
  });
  const event = { ...change.event, from: row.status, to: updated.status };
  await deps.transitions.notify(tx, { booking: updated, from: row.status, action: change.event.action, actor: change.event.actor, now: change.now, expectedCharge: change.expectedCharge });
  await publishChange(deps, { tx, row: updated, action: change.event.action });
  const restaurantTeamIds = updated.restaurantId ? await listRestaurantManagerIds(tx, updated.restaurantId) : [];
  await notifyBookingChange(deps, { change: { row: updated, event, actorUserId: change.actorUserId, restaurantTeam: restaurantTeamIds }, tx });
  await emailChange(deps, { tx, row: updated, event, actorUserId: change.actorUserId, now: change.now });
  return updated;
}

import {
  allowedActions,
  BOOKING_VIEWER_ACTIONS,
  statusLabel,
  type Booking,
  type BookingEvent,
  type BookingLifecycleState,
  type BookingRules,
  type BookingViewerAction,
} from '@goodtable/shared';
import type { BookingRow } from '../../db/schema/index.ts';
import { mayEditGuestPreferences, mayRebook, type BookingParty } from './booking-access.ts';
import type { BookingRecord, listBookingEvents } from './bookings.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the shared state machine and labels read of a row. */
export function lifecycleState(row: BookingRow): BookingLifecycleState {
  return {
    status: row.status,
    date: row.date,
    suggestion: row.suggestionDate ? { date: row.suggestionDate } : null,
    decline_reason: row.declineReason,
    cancel_reason: row.cancelReason,
    completion: row.completionMarkedAt ? { marked_at: row.completionMarkedAt, outcome: row.completionOutcome, resolved_at: row.completionResolvedAt } : null,
    response_due_at: row.responseDueAt,
    deposit_due_at: row.depositDueAt,
    tickets_sold: row.ticketsSold,
  };
}

const VIEWER_ACTIONS: ReadonlySet<string> = new Set(BOOKING_VIEWER_ACTIONS);

/** The actions the viewer may take now: the state machine's for its actor, plus rebook and guest preferences. */
export function viewerActions({ row, party, now, rules }: { row: BookingRow; party: BookingParty; now: Date; rules: BookingRules }): BookingViewerAction[] {
  if (!party.actor) return [];
  const actions = allowedActions({ booking: lifecycleState(row), actor: party.actor, now, rules })
    .filter((action) => VIEWER_ACTIONS.has(action))
    .map((action) => action as BookingViewerAction);
  if (mayRebook(party, row)) actions.push('rebook');
  if (mayEditGuestPreferences({ party, booking: row, now })) actions.push('guest-preferences');
  return actions;
}

/** A booking row (with its parties' names) as the viewer sees it: its label and allowed actions are the viewer's. */
export function presentBooking({ record, party, now, rules }: { record: BookingRecord; party: BookingParty; now: Date; rules: BookingRules }): Booking {
  const row = record.booking;
  const state = lifecycleState(row);
  return {
    id: row.id,
    status: row.status,
    suggestion: row.suggestionDate ? { date: row.suggestionDate.toISOString() } : null,
    date: iso(row.date),
    guests: row.guests,
    title: row.title,
    story: row.story,
    ticket_price: row.ticketPrice,
    goal: row.goal,
    currency: row.currency,
    tickets_sold: row.ticketsSold,
    decline_reason: row.declineReason,
    cancel_reason: row.cancelReason,
    completion: row.completionMarkedAt
      ? { marked_at: row.completionMarkedAt.toISOString(), outcome: row.completionOutcome, resolved_at: iso(row.completionResolvedAt) }
      : null,
    response_due_at: iso(row.responseDueAt),
    deposit_due_at: iso(row.depositDueAt),
    host_event: row.hostEvent,
    guest_preferences: row.guestPreferences ?? null,
    label: statusLabel({ booking: state, viewer: party.side, now, timeZone: record.restaurant?.timezone ?? null, rules }),
    allowed_actions: viewerActions({ row, party, now, rules }),
    restaurant: record.restaurant?.id ? { id: record.restaurant.id, name: record.restaurant.name, slug: record.restaurant.slug, timezone: record.restaurant.timezone } : null,
    menu: record.menu,
    cause: record.cause ? { id: record.cause.id, name: record.cause.name, slug: record.cause.slug } : null,
    client: { id: record.client.id, first_name: record.client.firstName, last_name: record.client.lastName },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentBookingEvent({ event, user }: Awaited<ReturnType<typeof listBookingEvents>>[number]): BookingEvent {
  return {
    id: event.id,
    action: event.action,
    actor: event.actor,
    from: event.fromStatus,
    to: event.toStatus,
    reason: event.reason,
    created_at: event.createdAt.toISOString(),
    user: user ? { id: user.id, first_name: user.firstName, last_name: user.lastName } : null,
  };
}

import { instantMs, type BookingActor, type BookingStatus, type BookingViewerSide } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/service-context.ts';
import { restaurantsActedFor } from '../managers/managers.service.ts';
import type { BookingScope } from './bookings.repository.ts';

/**
 * Who the viewer is to bookings: itself (a client), the restaurants it acts for (a seller its own; a manager or
 * sub-manager those its team runs, through `managers.service.ts`), and whether it owns causes.
 */
export async function viewerScope(db: Executor, viewer: Viewer): Promise<BookingScope> {
  return {
    viewerId: viewer.id,
    organiser: viewer.role === 'user' || viewer.role === 'manager',
    restaurantIds: await restaurantsActedFor(db, viewer),
    causeOwner: viewer.role === 'cause',
  };
}

/** What a booking's access depends on. */
export type BookingParties = { clientId: string; restaurantId: string | null; causeOwnerId: string | null; status: BookingStatus; hostEvent: boolean };

/**
 * The viewer's side of one booking and the actor it takes changes as; `actor` null: the cause's owner, read-only.
 * The client is the organiser (`manager-host` for a host event); the restaurant side is the seller and everyone
 * running the restaurant, once the request is submitted (a client's draft is the client's alone; a host event's
 * draft is the team's); the cause's owner sees every submitted booking for its causes. Anyone else: undefined (404).
 */
export type BookingParty = { side: BookingViewerSide; actor: BookingActor | null };

export function bookingPartyOf(scope: BookingScope, booking: BookingParties): BookingParty | undefined {
  if (booking.clientId === scope.viewerId) return { side: 'client', actor: booking.hostEvent ? 'manager-host' : 'client' };
  if (booking.status === 'DRAFT' && !booking.hostEvent) return undefined;
  if (booking.restaurantId && scope.restaurantIds.includes(booking.restaurantId)) return { side: 'restaurant', actor: 'restaurant' };
  if (scope.causeOwner && booking.causeOwnerId === scope.viewerId && booking.status !== 'DRAFT') return { side: 'cause', actor: null };
  return undefined;
}

const isOrganiser = (party: BookingParty) => party.actor === 'client' || party.actor === 'manager-host';

/** Rebook (a new draft copied from this one): the organiser, once the booking ended without a pending suggestion. */
export function mayRebook(party: BookingParty, booking: { status: BookingStatus; suggestionDate: Date | null }): boolean {
  if (!isOrganiser(party)) return false;
  return (booking.status === 'CANCELED' && booking.suggestionDate === null) || booking.status === 'INCOMPLETE' || booking.status === 'COMPLETED';
}

const PREFERENCE_STATUSES: readonly BookingStatus[] = ['DRAFT', 'PENDING', 'ACCEPTED', 'CONFIRMED'];

/** Guest preferences: the organiser, while the booking may still become (or is) a dinner and it has not started. */
export function mayEditGuestPreferences({ party, booking, now }: { party: BookingParty; booking: { status: BookingStatus; date: Date | null }; now: Date }): boolean {
  if (!isOrganiser(party) || !PREFERENCE_STATUSES.includes(booking.status)) return false;
  return booking.date === null || instantMs(booking.date) > now.getTime();
}

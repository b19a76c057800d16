import { DEFAULT_BOOKING_RULES, eventEndsAt, instantMs, type BookingRules } from './booking-rules.ts';
import type { BookingLifecycleState } from './booking-state-machine.ts';
import type { Role } from './roles.ts';
import { readZonedClock } from './time-zones.ts';

/**
 * The 31 display labels of docs/product.md, Booking lifecycle as stable keys (the web translates `bookings:label.<key>`). Which booking shows
 * which label to whom is `statusLabel` below; docs/decisions/0033-booking-labels.md has the table.
 */
export const BOOKING_LABEL_KEYS = [
  'awaitingGuestResponse',
  'awaitingRestaurantResponse',
  'awaitingClient',
  'awaitingClientResponse',
  'actionRequired',
  'awaitingPayment',
  'bookingReserved',
  'eventOnHold',
  'onHold',
  'prepareForEvent',
  'readyForArrival',
  'eventLive',
  'requestDeclined',
  'awaitingCompletion',
  'eventCancelledByClient',
  'eventCancelledByRestaurant',
  'eventCancelledDueToInaction',
  'bookingCancelled',
  'noTicketsWerePurchased',
  'restaurantDidNotRespond',
  'clientDoesNotWishToProceed',
  'eventCompleted',
  'completed',
  'eventMarkedComplete',
  'eventMarkedUnsatisfactory',
  'resumeDraft',
  'draft',
  'eventIncomplete',
  'incomplete',
  'eventPast',
  'rebook',
] as const;
export type BookingLabelKey = (typeof BOOKING_LABEL_KEYS)[number];

export const BOOKING_LABEL_COLOURS = ['gray', 'blue', 'amber', 'purple', 'green', 'red'] as const;
export type BookingLabelColour = (typeof BOOKING_LABEL_COLOURS)[number];

/**
 * One colour per label, by meaning: gray not started or over, blue waiting for someone else, amber the viewer (or a
 * reviewer) must act, purple the event is near or done and waiting to be closed, green happening or completed, red ended
 * without a dinner.
 */
export const BOOKING_LABEL_COLOUR: Readonly<Record<BookingLabelKey, BookingLabelColour>> = {
  resumeDraft: 'gray',
  draft: 'gray',
  eventPast: 'gray',
  awaitingGuestResponse: 'blue',
  awaitingRestaurantResponse: 'blue',
  awaitingClient: 'blue',
  awaitingClientResponse: 'blue',
  bookingReserved: 'blue',
  actionRequired: 'amber',
  awaitingPayment: 'amber',
  awaitingCompletion: 'amber',
  eventOnHold: 'amber',
  onHold: 'amber',
  eventMarkedUnsatisfactory: 'amber',
  prepareForEvent: 'purple',
  readyForArrival: 'purple',
  eventMarkedComplete: 'purple',
  rebook: 'purple',
  eventLive: 'green',
  eventCompleted: 'green',
  completed: 'green',
  requestDeclined: 'red',
  eventCancelledByClient: 'red',
  eventCancelledByRestaurant: 'red',
  eventCancelledDueToInaction: 'red',
  bookingCancelled: 'red',
  noTicketsWerePurchased: 'red',
  restaurantDidNotRespond: 'red',
  clientDoesNotWishToProceed: 'red',
  eventIncomplete: 'red',
  incomplete: 'red',
};

/** The viewer's side of a booking: its organiser, the restaurant (seller, or a manager running it), or the cause. */
export const BOOKING_VIEWER_SIDES = ['client', 'restaurant', 'cause'] as const;
export type BookingViewerSide = (typeof BOOKING_VIEWER_SIDES)[number];

/** A role's usual side; the API decides per booking (a manager organising at its own restaurant views it as the client). */
export function viewerSideForRole(role: Role): BookingViewerSide {
  if (role === 'user') return 'client';
  if (role === 'cause') return 'cause';
  return 'restaurant';
}

export interface BookingLabel {
  key: BookingLabelKey;
  colour: BookingLabelColour;
}

export interface StatusLabelQuery {
  booking: BookingLifecycleState;
  viewer: BookingViewerSide;
  now: Date;
  /** The restaurant's time zone: "Ready for Arrival" is the event's day there. */
  timeZone: string | null;
  rules?: BookingRules;
}

const bySide = (viewer: BookingViewerSide, keys: Record<BookingViewerSide, BookingLabelKey>): BookingLabelKey => keys[viewer];

function labelKey({ booking, viewer, now, timeZone, rules = DEFAULT_BOOKING_RULES }: StatusLabelQuery): BookingLabelKey {
  const nowMs = now.getTime();
  const started = booking.date !== null && instantMs(booking.date) <= nowMs;
  switch (booking.status) {
    case 'DRAFT':
      if (started) return 'eventPast';
      return viewer === 'client' ? 'resumeDraft' : 'draft';
    case 'PENDING':
      if (started) return 'eventPast';
      return bySide(viewer, { client: 'awaitingRestaurantResponse', restaurant: 'actionRequired', cause: 'awaitingGuestResponse' });
    case 'ACCEPTED':
      if (started) return 'eventPast';
      return bySide(viewer, { client: 'awaitingPayment', restaurant: 'awaitingClient', cause: 'awaitingPayment' });
    case 'CONFIRMED': {
      if (booking.completion?.outcome === 'UNSATISFACTORY') {
        return bySide(viewer, { client: 'eventMarkedUnsatisfactory', restaurant: 'eventOnHold', cause: 'onHold' });
      }
      if (booking.completion) return bySide(viewer, { client: 'eventMarkedComplete', restaurant: 'awaitingClientResponse', cause: 'eventMarkedComplete' });
      if (booking.date === null) return bySide(viewer, { client: 'bookingReserved', restaurant: 'prepareForEvent', cause: 'bookingReserved' });
      if (instantMs(eventEndsAt(booking.date, rules)) <= nowMs) return 'awaitingCompletion';
      if (started) return 'eventLive';
      const zone = timeZone ?? 'UTC';
      if (readZonedClock(now, zone).date === readZonedClock(new Date(instantMs(booking.date)), zone).date) return 'readyForArrival';
      return bySide(viewer, { client: 'bookingReserved', restaurant: 'prepareForEvent', cause: 'bookingReserved' });
    }
    case 'COMPLETED':
      return viewer === 'restaurant' ? 'completed' : 'eventCompleted';
    case 'INCOMPLETE':
      return bySide(viewer, { client: 'noTicketsWerePurchased', restaurant: 'eventIncomplete', cause: 'incomplete' });
    case 'CANCELED':
      if (booking.suggestion !== null) {
        if (instantMs(booking.suggestion.date) <= nowMs) return 'eventPast';
        return bySide(viewer, { client: 'actionRequired', restaurant: 'awaitingClientResponse', cause: 'awaitingClientResponse' });
      }
      switch (booking.cancel_reason) {
        case 'DECLINED':
          return viewer === 'client' && booking.decline_reason === 'NOT_AVAILABLE' ? 'rebook' : 'requestDeclined';
        case 'CLIENT_DECLINED_SUGGESTION':
          return 'clientDoesNotWishToProceed';
        case 'CLIENT_CANCELED':
          return viewer === 'client' ? 'bookingCancelled' : 'eventCancelledByClient';
        case 'RESTAURANT_CANCELED':
          return viewer === 'restaurant' ? 'bookingCancelled' : 'eventCancelledByRestaurant';
        case 'RESPONSE_TIMEOUT':
          return viewer === 'restaurant' ? 'eventCancelledDueToInaction' : 'restaurantDidNotRespond';
        case 'DEPOSIT_TIMEOUT':
          return 'eventCancelledDueToInaction';
        default:
          // A suggestion that has since been cleared, a sweep reason on the wrong status or a legacy row.
          return 'bookingCancelled';
      }
  }
}

/** The label (key and colour) `viewer` sees for `booking` at `now`. */
export function statusLabel(query: StatusLabelQuery): BookingLabel {
  const key = labelKey(query);
  return { key, colour: BOOKING_LABEL_COLOUR[key] };
}

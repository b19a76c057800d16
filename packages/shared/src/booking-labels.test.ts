import { describe, expect, it } from 'vitest';
import { NOW, at, booking } from './booking-test-fixtures.ts';
import {
  BOOKING_LABEL_COLOUR,
  BOOKING_LABEL_COLOURS,
  BOOKING_LABEL_KEYS,
  BOOKING_VIEWER_SIDES,
  statusLabel,
  viewerSideForRole,
  type BookingLabelKey,
  type BookingViewerSide,
} from './booking-labels.ts';
import type { BookingLifecycleState } from './booking-state-machine.ts';
import {
  BOOKING_LIST_FILTERS,
  BOOKING_STATUSES,
  bookingGroup,
  bookingListFilterClauses,
} from './booking-status.ts';


const marked = { marked_at: at(-24), outcome: null, resolved_at: null };

/** For each of the 31 labels of docs/product.md, Booking lifecycle: a booking and a viewer that see it (docs/decisions/0033-booking-labels.md). */
const EXAMPLES: Record<BookingLabelKey, [BookingLifecycleState, BookingViewerSide]> = {
  awaitingGuestResponse: [booking({ status: 'PENDING' }), 'cause'],
  awaitingRestaurantResponse: [booking({ status: 'PENDING' }), 'client'],
  awaitingClient: [booking({ status: 'ACCEPTED' }), 'restaurant'],
  awaitingClientResponse: [booking({ status: 'CANCELED', cancel_reason: 'TIME_SUGGESTED', suggestion: { date: at(40 * 24) } }), 'restaurant'],
  actionRequired: [booking({ status: 'PENDING' }), 'restaurant'],
  awaitingPayment: [booking({ status: 'ACCEPTED' }), 'client'],
  bookingReserved: [booking({ status: 'CONFIRMED' }), 'client'],
  eventOnHold: [booking({ status: 'CONFIRMED', date: at(-48), completion: { ...marked, outcome: 'UNSATISFACTORY', resolved_at: at(-1) } }), 'restaurant'],
  onHold: [booking({ status: 'CONFIRMED', date: at(-48), completion: { ...marked, outcome: 'UNSATISFACTORY', resolved_at: at(-1) } }), 'cause'],
  prepareForEvent: [booking({ status: 'CONFIRMED' }), 'restaurant'],
  readyForArrival: [booking({ status: 'CONFIRMED', date: at(5) }), 'client'],
  eventLive: [booking({ status: 'CONFIRMED', date: at(-1) }), 'cause'],
  requestDeclined: [booking({ status: 'CANCELED', cancel_reason: 'DECLINED', decline_reason: 'NOT_SUITABLE' }), 'client'],
  awaitingCompletion: [booking({ status: 'CONFIRMED', date: at(-4) }), 'restaurant'],
  eventCancelledByClient: [booking({ status: 'CANCELED', cancel_reason: 'CLIENT_CANCELED' }), 'restaurant'],
  eventCancelledByRestaurant: [booking({ status: 'CANCELED', cancel_reason: 'RESTAURANT_CANCELED' }), 'client'],
  eventCancelledDueToInaction: [booking({ status: 'CANCELED', cancel_reason: 'DEPOSIT_TIMEOUT' }), 'client'],
  bookingCancelled: [booking({ status: 'CANCELED', cancel_reason: 'CLIENT_CANCELED' }), 'client'],
  noTicketsWerePurchased: [booking({ status: 'INCOMPLETE', cancel_reason: 'NO_TICKETS_SOLD', date: at(-48) }), 'client'],
  restaurantDidNotRespond: [booking({ status: 'CANCELED', cancel_reason: 'RESPONSE_TIMEOUT' }), 'client'],
  clientDoesNotWishToProceed: [booking({ status: 'CANCELED', cancel_reason: 'CLIENT_DECLINED_SUGGESTION' }), 'restaurant'],
  eventCompleted: [booking({ status: 'COMPLETED', date: at(-48) }), 'client'],
  completed: [booking({ status: 'COMPLETED', date: at(-48) }), 'restaurant'],
  eventMarkedComplete: [booking({ status: 'CONFIRMED', date: at(-48), completion: marked }), 'client'],
  eventMarkedUnsatisfactory: [booking({ status: 'CONFIRMED', date: at(-48), completion: { ...marked, outcome: 'UNSATISFACTORY', resolved_at: at(-1) } }), 'client'],
  resumeDraft: [booking({}), 'client'],
  draft: [booking({}), 'cause'],
  eventIncomplete: [booking({ status: 'INCOMPLETE', cancel_reason: 'NO_TICKETS_SOLD', date: at(-48) }), 'restaurant'],
  incomplete: [booking({ status: 'INCOMPLETE', cancel_reason: 'NO_TICKETS_SOLD', date: at(-48) }), 'cause'],
  eventPast: [booking({ date: at(-24) }), 'client'],
  rebook: [booking({ status: 'CANCELED', cancel_reason: 'DECLINED', decline_reason: 'NOT_AVAILABLE' }), 'client'],
};

describe('statusLabel', () => {
  it('lists the product’s 31 labels, each with a colour of the small palette', () => {
    expect(BOOKING_LABEL_KEYS).toHaveLength(31);
    expect(new Set(BOOKING_LABEL_KEYS).size).toBe(31);
    for (const key of BOOKING_LABEL_KEYS) expect(BOOKING_LABEL_COLOURS).toContain(BOOKING_LABEL_COLOUR[key]);
  });

  it.each(BOOKING_LABEL_KEYS)('produces "%s" for some booking and viewer', (key) => {
    const [example, viewer] = EXAMPLES[key];
    expect(statusLabel({ booking: example, viewer, now: NOW, timeZone: 'Australia/Sydney' })).toEqual({ key, colour: BOOKING_LABEL_COLOUR[key] });
  });

  const label = ({ booking: state, viewer, timeZone = 'UTC', now = NOW }: { booking: BookingLifecycleState; viewer: BookingViewerSide; timeZone?: string | null; now?: Date }) =>
    statusLabel({ booking: state, viewer, now, timeZone }).key;

  const bySide = (state: BookingLifecycleState) => BOOKING_VIEWER_SIDES.map((viewer) => label({ booking: state, viewer }));

  it('shows each side its own wording of the same booking (the lifecycle’s examples)', () => {
    const pending = booking({ status: 'PENDING' });
    expect(bySide(pending)).toEqual(['awaitingRestaurantResponse', 'actionRequired', 'awaitingGuestResponse']);
    const accepted = booking({ status: 'ACCEPTED' });
    expect(bySide(accepted)).toEqual(['awaitingPayment', 'awaitingClient', 'awaitingPayment']);
    const byRestaurant = booking({ status: 'CANCELED', cancel_reason: 'RESTAURANT_CANCELED' });
    expect(bySide(byRestaurant)).toEqual(['eventCancelledByRestaurant', 'bookingCancelled', 'eventCancelledByRestaurant']);
    const timedOut = booking({ status: 'CANCELED', cancel_reason: 'RESPONSE_TIMEOUT' });
    expect(bySide(timedOut)).toEqual(['restaurantDidNotRespond', 'eventCancelledDueToInaction', 'restaurantDidNotRespond']);
    const suggestion = booking({ status: 'CANCELED', cancel_reason: 'TIME_SUGGESTED', suggestion: { date: at(40 * 24) } });
    expect(label({ booking: suggestion, viewer: 'client' })).toBe('actionRequired');
    expect(label({ booking: booking({ status: 'CANCELED', cancel_reason: 'DECLINED', decline_reason: 'NOT_AVAILABLE' }), viewer: 'restaurant' })).toBe('requestDeclined');
  });

  it('follows a confirmed event through its day: reserved, ready, live, awaiting completion', () => {
    const dinner = booking({ status: 'CONFIRMED', date: '2026-06-01T09:00:00.000Z' });
    const when = (iso: string) => new Date(iso);
    expect(label({ booking: dinner, viewer: 'client', timeZone: 'UTC', now: when('2026-05-31T12:00:00Z') })).toBe('bookingReserved');
    expect(label({ booking: dinner, viewer: 'restaurant', timeZone: 'UTC', now: when('2026-05-31T12:00:00Z') })).toBe('prepareForEvent');
    expect(label({ booking: dinner, viewer: 'restaurant', timeZone: 'UTC', now: when('2026-06-01T00:30:00Z') })).toBe('readyForArrival');
    expect(label({ booking: dinner, viewer: 'client', timeZone: 'UTC', now: when('2026-06-01T09:00:00Z') })).toBe('eventLive');
    expect(label({ booking: dinner, viewer: 'client', timeZone: 'UTC', now: when('2026-06-01T11:59:00Z') })).toBe('eventLive');
    expect(label({ booking: dinner, viewer: 'client', timeZone: 'UTC', now: when('2026-06-01T12:00:00Z') })).toBe('awaitingCompletion');
  });

  it('reads "on the day" in the restaurant’s time zone', () => {
    // 19:00 in Sydney on 1 June; at 08:00 that morning in Sydney it is still 31 May in UTC.
    const dinner = booking({ status: 'CONFIRMED', date: '2026-06-01T09:00:00.000Z' });
    const sydneyMorning = new Date('2026-05-31T22:00:00.000Z');
    expect(label({ booking: dinner, viewer: 'client', timeZone: 'Australia/Sydney', now: sydneyMorning })).toBe('readyForArrival');
    expect(label({ booking: dinner, viewer: 'client', timeZone: 'UTC', now: sydneyMorning })).toBe('bookingReserved');
    expect(label({ booking: dinner, viewer: 'client', timeZone: null, now: sydneyMorning })).toBe('bookingReserved');
  });

  it('calls an unfinished request whose time has passed "Event Past"', () => {
    for (const state of [
      booking({ status: 'PENDING', date: at(-1) }),
      booking({ status: 'ACCEPTED', date: at(-1) }),
      booking({ status: 'CANCELED', cancel_reason: 'TIME_SUGGESTED', suggestion: { date: at(-1) } }),
      booking({ status: 'DRAFT', date: at(-1) }),
    ]) {
      expect(label({ booking: state, viewer: 'restaurant' })).toBe('eventPast');
    }
  });

  it('maps roles to their usual side', () => {
    expect(['user', 'seller', 'manager', 'cause'].map((role) => viewerSideForRole(role as never))).toEqual(['client', 'restaurant', 'restaurant', 'cause']);
  });
});

describe('bookings list filters (docs/product.md, Screens and routes and Booking lifecycle)', () => {
  const matches = ({ filter, status, withSuggestion }: { filter: (typeof BOOKING_LIST_FILTERS)[number]; status: (typeof BOOKING_STATUSES)[number]; withSuggestion: boolean }) =>
    bookingListFilterClauses(filter).some((clause) => clause.status === status && (clause.suggestion === 'any' || (clause.suggestion === 'present') === withSuggestion));

  it('selects exactly the bookings of the matching dashboard group', () => {
    const groupOfFilter = { CONFIRMED: 'CONFIRMED', IN_PROGRESS: 'IN_PROGRESS', COMPLETED: 'COMPLETED', CANCELED: 'CANCELLED', DRAFT: 'DRAFTS' } as const;
    for (const status of BOOKING_STATUSES) {
      for (const withSuggestion of [false, true]) {
        const group = bookingGroup({ status, suggestion: withSuggestion ? { date: at(1) } : null });
        expect(matches({ filter: 'ALL', status, withSuggestion })).toBe(true);
        for (const [filter, filterGroup] of Object.entries(groupOfFilter)) {
          expect(matches({ filter: filter as keyof typeof groupOfFilter, status, withSuggestion }), `${filter} ${status} ${withSuggestion}`).toBe(group === filterGroup);
        }
      }
    }
  });

  it('keeps the product’s groupings', () => {
    expect(bookingGroup({ status: 'CANCELED', suggestion: { date: at(1) } })).toBe('IN_PROGRESS');
    expect(bookingGroup({ status: 'CANCELED', suggestion: null })).toBe('CANCELLED');
    expect(bookingGroup({ status: 'INCOMPLETE' })).toBe('CANCELLED');
    expect(bookingListFilterClauses('IN_PROGRESS')).toEqual([
      { status: 'PENDING', suggestion: 'any' },
      { status: 'ACCEPTED', suggestion: 'any' },
      { status: 'CANCELED', suggestion: 'present' },
    ]);
  });
});

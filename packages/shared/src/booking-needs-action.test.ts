import { describe, expect, it } from 'vitest';
import { bookingNeedsAction } from './booking-needs-action.ts';
import type { BookingViewerSide } from './booking-labels.ts';
import type { BookingLifecycleState } from './booking-state-machine.ts';
import { NOW, at, booking } from './booking-test-fixtures.ts';

const needs = (changes: Partial<BookingLifecycleState>, { viewer, host_event = false }: { viewer: BookingViewerSide; host_event?: boolean }) =>
  bookingNeedsAction({ booking: { ...booking(changes), host_event }, viewer, now: NOW });

const sides = (changes: Partial<BookingLifecycleState>, host_event = false) =>
  (['client', 'restaurant', 'cause'] as const).filter((viewer) => needs(changes, { viewer, host_event }));

const marked = { marked_at: at(-48), outcome: null, resolved_at: null };

describe('bookingNeedsAction', () => {
  it('a request waits for the restaurant while its response window is open', () => {
    expect(sides({ status: 'PENDING', response_due_at: at(10) })).toEqual(['restaurant']);
    expect(sides({ status: 'PENDING', response_due_at: at(-1) })).toEqual([]);
  });

  it('an accepted booking waits for the client’s payment until the deposit deadline', () => {
    expect(sides({ status: 'ACCEPTED', deposit_due_at: at(10) })).toEqual(['client']);
    expect(sides({ status: 'ACCEPTED', deposit_due_at: at(-1) })).toEqual([]);
  });

  it('a suggestion and a "not available" decline wait for the client; other cancellations wait for nobody', () => {
    expect(sides({ status: 'CANCELED', suggestion: { date: at(100) }, cancel_reason: 'TIME_SUGGESTED' })).toEqual(['client']);
    expect(sides({ status: 'CANCELED', cancel_reason: 'DECLINED', decline_reason: 'NOT_AVAILABLE' })).toEqual(['client']);
    expect(sides({ status: 'CANCELED', cancel_reason: 'DECLINED', decline_reason: 'NOT_SUITABLE' })).toEqual([]);
    expect(sides({ status: 'CANCELED', cancel_reason: 'CLIENT_CANCELED' })).toEqual([]);
  });

  it('a finished event with tickets waits for the restaurant’s mark, then for the client’s answer', () => {
    expect(sides({ status: 'CONFIRMED', date: at(-24), tickets_sold: 10 })).toEqual(['restaurant']);
    expect(sides({ status: 'CONFIRMED', date: at(-24), tickets_sold: 0 })).toEqual([]);
    expect(sides({ status: 'CONFIRMED', date: at(-1), tickets_sold: 10 })).toEqual([]);
    expect(sides({ status: 'CONFIRMED', date: at(-72), tickets_sold: 10, completion: marked })).toEqual(['client']);
    expect(sides({ status: 'CONFIRMED', date: at(-72), tickets_sold: 10, completion: { ...marked, outcome: 'UNSATISFACTORY', resolved_at: at(-1) } })).toEqual([]);
  });

  it('a host event waits only for its organiser', () => {
    expect(sides({ status: 'CONFIRMED', date: at(-24), tickets_sold: 10 }, true)).toEqual(['client']);
    expect(sides({ status: 'CONFIRMED', date: at(-72), tickets_sold: 10, completion: marked }, true)).toEqual(['client']);
    expect(sides({ status: 'CONFIRMED', date: at(24), tickets_sold: 10 }, true)).toEqual([]);
  });

  it('drafts, upcoming confirmed events and closed bookings wait for nobody', () => {
    for (const status of ['DRAFT', 'COMPLETED', 'INCOMPLETE'] as const) expect(sides({ status })).toEqual([]);
    expect(sides({ status: 'CONFIRMED', date: at(24), tickets_sold: 10 })).toEqual([]);
  });
});

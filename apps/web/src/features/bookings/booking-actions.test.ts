import { describe, expect, it } from 'vitest';
import type { Booking } from '@goodtable/shared';
import { bookingActionControls, cancelConsequence } from './booking-actions.ts';

const CLIENT_ID = '1b2c3d4e-0000-4000-8000-000000000001';
const RESTAURANT_USER_ID = '1b2c3d4e-0000-4000-8000-000000000002';
const BOOKING_ID = '1b2c3d4e-0000-4000-8000-0000000000aa';

const ALL_SCREENS: ReadonlySet<string> = new Set([
  '/add-event',
  '/bookings/:id/edit',
  '/bookings/:id/change-time',
  '/bookings/:id/suggest-a-time',
  '/bookings/:id/guest-preferences',
  '/bookings/:id/payment',
]);

function booking(status: Booking['status'], allowed: Booking['allowed_actions']) {
  return { id: BOOKING_ID, status, allowed_actions: allowed, client: { id: CLIENT_ID, first_name: 'Mai', last_name: 'Tran' } };
}

describe('bookingActionControls', () => {
  it('offers the restaurant accept, the decline dialog and the suggest-a-time screen of a pending request', () => {
    const controls = bookingActionControls({ booking: booking('PENDING', ['accept', 'decline', 'suggest-time']), viewerId: RESTAURANT_USER_ID, availableScreens: ALL_SCREENS });
    expect(controls).toEqual([
      { kind: 'post', action: 'accept' },
      { kind: 'link', action: 'suggest-time', to: `/bookings/${BOOKING_ID}/suggest-a-time` },
      { kind: 'dialog', action: 'decline' },
    ]);
  });

  it('shows nothing the server did not allow (a cause viewer gets no actions)', () => {
    expect(bookingActionControls({ booking: booking('CONFIRMED', []), viewerId: RESTAURANT_USER_ID, availableScreens: ALL_SCREENS })).toEqual([]);
  });

  it('links the other screens only once they exist', () => {
    const pending = booking('PENDING', ['edit', 'guest-preferences', 'cancel']);
    expect(bookingActionControls({ booking: pending, viewerId: CLIENT_ID, availableScreens: new Set() })).toEqual([{ kind: 'dialog', action: 'cancel' }]);
    expect(bookingActionControls({ booking: pending, viewerId: CLIENT_ID, availableScreens: ALL_SCREENS })).toEqual([
      { kind: 'link', action: 'edit', to: `/bookings/${BOOKING_ID}/edit` },
      { kind: 'link', action: 'guest-preferences', to: `/bookings/${BOOKING_ID}/guest-preferences` },
      { kind: 'dialog', action: 'cancel' },
    ]);
  });

  it('offers rebook only with /add-event to open the new draft in', () => {
    const declined = booking('CANCELED', ['change-time', 'rebook']);
    expect(bookingActionControls({ booking: declined, viewerId: CLIENT_ID, availableScreens: ALL_SCREENS })).toEqual([
      { kind: 'link', action: 'change-time', to: `/bookings/${BOOKING_ID}/change-time` },
      { kind: 'rebook' },
    ]);
    expect(bookingActionControls({ booking: declined, viewerId: CLIENT_ID, availableScreens: new Set(['/bookings/:id/change-time']) })).toEqual([
      { kind: 'link', action: 'change-time', to: `/bookings/${BOOKING_ID}/change-time` },
    ]);
  });

  it('gives the client of an accepted booking the payment link first, and the restaurant none', () => {
    const accepted = booking('ACCEPTED', ['cancel']);
    expect(bookingActionControls({ booking: accepted, viewerId: CLIENT_ID, availableScreens: ALL_SCREENS })[0]).toEqual({
      kind: 'link',
      action: 'pay',
      to: `/bookings/${BOOKING_ID}/payment`,
    });
    expect(bookingActionControls({ booking: accepted, viewerId: RESTAURANT_USER_ID, availableScreens: ALL_SCREENS })).toEqual([{ kind: 'dialog', action: 'cancel' }]);
    expect(bookingActionControls({ booking: accepted, viewerId: CLIENT_ID, availableScreens: new Set() })).toEqual([{ kind: 'dialog', action: 'cancel' }]);
  });

  it('posts the completion answers and a draft submit directly, and asks before deleting a draft', () => {
    expect(
      bookingActionControls({ booking: booking('CONFIRMED', ['confirm-complete', 'mark-unsatisfactory']), viewerId: CLIENT_ID, availableScreens: ALL_SCREENS }),
    ).toEqual([
      { kind: 'post', action: 'confirm-complete' },
      { kind: 'post', action: 'mark-unsatisfactory' },
    ]);
    expect(bookingActionControls({ booking: booking('DRAFT', ['edit', 'delete', 'submit']), viewerId: CLIENT_ID, availableScreens: new Set() })).toEqual([
      { kind: 'post', action: 'submit' },
      { kind: 'dialog', action: 'delete' },
    ]);
  });
});

describe('cancelConsequence', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  const client = { id: CLIENT_ID, first_name: 'Mai', last_name: 'Tran' };
  const DAY = 86_400_000;
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();

  it('tells a client before the deposit that nothing is charged', () => {
    expect(cancelConsequence({ booking: { status: 'ACCEPTED', date: at(3), client, host_event: false }, viewerId: CLIENT_ID, now })).toBe('noDeposit');
  });

  it('applies the 14-day rule to a confirmed booking: strictly more than 14 days refunds the deposit', () => {
    expect(cancelConsequence({ booking: { status: 'CONFIRMED', date: at(15), client, host_event: false }, viewerId: CLIENT_ID, now })).toBe('depositRefunded');
    expect(cancelConsequence({ booking: { status: 'CONFIRMED', date: at(14), client, host_event: false }, viewerId: CLIENT_ID, now })).toBe('depositForfeited');
  });

  it('tells the restaurant side everyone is refunded, and a host its tickets are', () => {
    expect(cancelConsequence({ booking: { status: 'CONFIRMED', date: at(3), client, host_event: false }, viewerId: RESTAURANT_USER_ID, now })).toBe('fullRefunds');
    expect(cancelConsequence({ booking: { status: 'CONFIRMED', date: at(30), client, host_event: true }, viewerId: CLIENT_ID, now })).toBe('hostEvent');
  });
});

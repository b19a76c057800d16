import { describe, expect, it } from 'vitest';
import type { Booking } from '@goodtable/shared';
import { bookingActionControls, isPrimaryControl } from './booking-actions.ts';

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

  it('confirms completion through its dialog (the settlement shown first), posts the other answer and a draft submit directly, and asks before deleting a draft', () => {
    expect(
      bookingActionControls({ booking: booking('CONFIRMED', ['confirm-complete', 'mark-unsatisfactory']), viewerId: CLIENT_ID, availableScreens: ALL_SCREENS }),
    ).toEqual([
      { kind: 'dialog', action: 'confirm-complete' },
      { kind: 'post', action: 'mark-unsatisfactory' },
    ]);
    expect(bookingActionControls({ booking: booking('DRAFT', ['edit', 'delete', 'submit']), viewerId: CLIENT_ID, availableScreens: new Set() })).toEqual([
      { kind: 'post', action: 'submit' },
      { kind: 'dialog', action: 'delete' },
    ]);
  });
});

describe('isPrimaryControl', () => {
  const primaryOf = (allowed: Booking['allowed_actions'], viewerId: string) =>
    bookingActionControls({ booking: booking('CONFIRMED', allowed), viewerId, availableScreens: ALL_SCREENS }).map((control) => [
      control.kind === 'rebook' ? 'rebook' : control.action,
      isPrimaryControl(control),
    ]);

  it('makes confirming completion the primary answer and marking the event unsatisfactory the secondary one', () => {
    expect(primaryOf(['confirm-complete', 'mark-unsatisfactory'], CLIENT_ID)).toEqual([
      ['confirm-complete', true],
      ['mark-unsatisfactory', false],
    ]);
  });

  it('makes marking complete the restaurant’s primary answer beside the secondary cancel', () => {
    expect(primaryOf(['mark-complete', 'cancel'], RESTAURANT_USER_ID)).toEqual([
      ['mark-complete', true],
      ['cancel', false],
    ]);
  });
});

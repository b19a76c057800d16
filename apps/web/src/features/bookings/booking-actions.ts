import type { Booking } from '@goodtable/shared';
import type { BookingPageAction } from './bookings-api.ts';

/** What a booking page offers for one allowed action: a button that posts it, a dialog first, or a link to a screen. */
export type BookingActionControl =
  | { kind: 'post'; action: BookingPageAction }
  | { kind: 'dialog'; action: BookingDialogAction }
  | { kind: 'rebook' }
  | { kind: 'link'; action: BookingLinkAction; to: string };

/** Actions asked about first: what they do (the money they move, from the server) is shown before they are taken. */
export type BookingDialogAction = 'confirm-complete' | 'decline' | 'cancel' | 'delete';

export type BookingLinkAction = 'edit' | 'change-time' | 'suggest-time' | 'guest-preferences' | 'pay';

/** The screens of the other booking helpers, by the `allowed_actions` entry they carry out (route-access paths). */
const LINKED_SCREENS: readonly { action: Exclude<BookingLinkAction, 'pay'>; route: string; suffix: string }[] = [
  { action: 'edit', route: '/bookings/:id/edit', suffix: 'edit' },
  { action: 'change-time', route: '/bookings/:id/change-time', suffix: 'change-time' },
  { action: 'suggest-time', route: '/bookings/:id/suggest-a-time', suffix: 'suggest-a-time' },
  { action: 'guest-preferences', route: '/bookings/:id/guest-preferences', suffix: 'guest-preferences' },
];

/** Actions that change the booking at once; the server's `allowed_actions` order is kept. */
const POSTED_ACTIONS: readonly BookingPageAction[] = [
  'submit',
  'accept',
  'accept-suggestion',
  'decline-suggestion',
  'mark-complete',
  'mark-unsatisfactory',
];

const DIALOG_ACTIONS: readonly BookingDialogAction[] = ['decline', 'cancel', 'delete'];

/**
 * The expected answers look primary; the exceptional ones offered beside them (and the dialogs that take something
 * away) look secondary, so two answers to one question never look alike (docs/decisions/0191).
 */
const PRIMARY_CONTROLS: ReadonlySet<string> = new Set<string>(['submit', 'accept', 'accept-suggestion', 'mark-complete', 'confirm-complete', 'pay']);

/** Whether a control is styled as the page's expected (primary) answer. */
export function isPrimaryControl(control: BookingActionControl): boolean {
  return control.kind !== 'rebook' && PRIMARY_CONTROLS.has(control.action);
}

/**
 * The controls of the booking page: only what `allowed_actions` lists (the server decides what the viewer may do
 * now), and a link only when its screen exists. The deposit payment is not a state-machine action: the client of an
 * ACCEPTED booking gets the link to `/bookings/{id}/payment` once that screen exists.
 */
export function bookingActionControls({
  booking,
  viewerId,
  availableScreens,
}: {
  booking: Pick<Booking, 'id' | 'status' | 'allowed_actions' | 'client'>;
  viewerId: string;
  availableScreens: ReadonlySet<string>;
}): BookingActionControl[] {
  const allowed = new Set<string>(booking.allowed_actions);
  const controls: BookingActionControl[] = [];
  if (booking.status === 'ACCEPTED' && booking.client.id === viewerId && availableScreens.has('/bookings/:id/payment')) {
    controls.push({ kind: 'link', action: 'pay', to: `/bookings/${booking.id}/payment` });
  }
  // Confirming completion settles the event: first of the completion answers, through the dialog showing the settlement.
  if (allowed.has('confirm-complete')) controls.push({ kind: 'dialog', action: 'confirm-complete' });
  for (const action of POSTED_ACTIONS) if (allowed.has(action)) controls.push({ kind: 'post', action });
  for (const screen of LINKED_SCREENS) {
    if (allowed.has(screen.action) && availableScreens.has(screen.route)) {
      controls.push({ kind: 'link', action: screen.action, to: `/bookings/${booking.id}/${screen.suffix}` });
    }
  }
  // Rebook opens the new draft in /add-event: without that screen the copy would lead nowhere.
  if (allowed.has('rebook') && availableScreens.has('/add-event')) controls.push({ kind: 'rebook' });
  for (const action of DIALOG_ACTIONS) if (allowed.has(action)) controls.push({ kind: 'dialog', action });
  return controls;
}

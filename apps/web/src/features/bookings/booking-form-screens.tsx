import { useLocation } from 'react-router';
import { AddEventPage } from './add-event-page.tsx';
import { BookingEditPage } from './booking-edit-page.tsx';
import { BookingGuestPreferencesPage } from './booking-guest-preferences-page.tsx';
import { ChangeTimePage } from './change-time-page.tsx';
import { SuggestATimePage } from './suggest-a-time-page.tsx';

/** The booking form screen of each route, by the last segment of its path. */
const SCREENS = {
  'add-event': AddEventPage,
  edit: BookingEditPage,
  'change-time': ChangeTimePage,
  'suggest-a-time': SuggestATimePage,
  'guest-preferences': BookingGuestPreferencesPage,
} as const;

/**
 * The booking form screens behind one lazy element: `/add-event`, `/bookings/{id}/edit`, `/change-time`,
 * `/suggest-a-time` and `/guest-preferences`. They share the form, the date-time input and the pickers (one chunk),
 * and one entry in the route table instead of five keeps the entry chunk every public page loads within its budget.
 */
export function BookingFormScreens() {
  const segment = useLocation().pathname.split('/').filter(Boolean).pop() as keyof typeof SCREENS;
  const Screen = SCREENS[segment];
  return <Screen />;
}

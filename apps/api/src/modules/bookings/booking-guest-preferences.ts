// The organiser's guest preferences (dietary needs and the like), until the event starts.
import { dietaryCountFitsGuests, type Booking, type bookingGuestPreferencesInputSchema } from '@goodtable/shared';
import type { z } from 'zod';
import { conflict, notAllowed } from '../../lib/domain-errors.ts';
import { mayEditGuestPreferences } from './booking-access.ts';
import { changeBooking, nextUpdatedAt, type BookingVersion } from './booking-changes.ts';
import type { BookingDeps } from './booking-deps.ts';
import { invalid } from './booking-errors.ts';
import { publishChange } from './booking-notices.ts';
import { presentRecord } from './booking-reads.ts';
import * as repository from './bookings.repository.ts';

type GuestPreferencesValues = z.output<typeof bookingGuestPreferencesInputSchema>;

/** PUT /v1/bookings/{id}/guest-preferences: the organiser, until the event starts (DRAFT to CONFIRMED). */
export async function setGuestPreferences(deps: BookingDeps, { id, input, version }: { id: string; input: GuestPreferencesValues; version: BookingVersion }): Promise<Booking> {
  const { updated_at: _seen, expected_updated_at: _expected, ...preferences } = input;
  return changeBooking(deps, { id, version, change: async ({ tx, row, party }) => {
    const now = deps.clock.now();
    if (party.side !== 'client') throw notAllowed('Only the organiser sets the guest preferences', 'bookings.wrongActor');
    if (!mayEditGuestPreferences({ party, booking: row, now })) throw conflict('Guest preferences can no longer be changed for this booking', 'bookings.guestPreferencesClosed');
    if (!dietaryCountFitsGuests(preferences.dietary, row.guests)) throw invalid([{ field: 'dietary', message: 'validation.dietaryExceedsGuests' }]);
    const updated = await repository.updateBookingRow(tx, { id: row.id, values: { guestPreferences: preferences, updatedAt: nextUpdatedAt(row) } });
    await publishChange(deps, { tx, row: updated, action: 'guest-preferences' });
    return presentRecord(tx, { id: row.id, party, now, rules: deps.rules });
  } });
}

import { describe, expect, it } from 'vitest';
import { useBookingWorld } from './test/booking-test-kit.ts';

describe('bookings API: bad values and stale versions', () => {
  const { kit, w } = useBookingWorld();

  it('submitting a draft whose date has passed is 400 naming date, and the draft stays a draft', async () => {
    const draft = await kit.draft(w.client, await kit.requestBody(w, { overrides: {}, hoursAhead: 2 }));
    await kit.advance(3 * kit.HOUR);
    const submitted = await kit.act(draft, { action: 'submit', by: w.client });
    expect(submitted.status).toBe(400);
    expect(submitted.body.details).toEqual([{ field: 'date', message: 'validation.dateInPast' }]);
    expect(await kit.get(draft.id, w.client)).toMatchObject({ status: 'DRAFT', updated_at: draft.updated_at });
  });

  it('a stale expected_updated_at is 409 on an edit, the guest preferences and an action, and changes nothing', async () => {
    const booking = await kit.pending(w);
    const edited = await kit.api.put(`/v1/bookings/${booking.id}`, { body: { guests: 25, expected_updated_at: booking.updated_at }, token: w.client.token });
    expect(edited.status).toBe(200);

    const staleEdit = await kit.api.put(`/v1/bookings/${booking.id}`, { body: { guests: 30, expected_updated_at: booking.updated_at }, token: w.client.token });
    expect(staleEdit.status).toBe(409);
    expect(staleEdit.body.code).toBe('bookings.stale');
    const preferences = { dietary: [{ need: 'vegan', count: 4 }], seating: 'LONG_TABLE', accessibility: '', arrival_time: '18:30', notes: '', expected_updated_at: booking.updated_at };
    const stalePreferences = await kit.api.put(`/v1/bookings/${booking.id}/guest-preferences`, { body: preferences, token: w.client.token });
    expect(stalePreferences.status).toBe(409);
    const staleAccept = await kit.act(booking, { action: 'accept', by: w.restaurant, body: { expected_updated_at: booking.updated_at } });
    expect(staleAccept.status).toBe(409);
    // Both names given: either one stale is enough.
    const mixed = await kit.act(booking, { action: 'accept', by: w.restaurant, body: { updated_at: edited.body.updated_at, expected_updated_at: booking.updated_at } });
    expect(mixed.status).toBe(409);
    expect(await kit.get(booking.id, w.client)).toMatchObject({ status: 'PENDING', guests: 25, guest_preferences: null, updated_at: edited.body.updated_at });

    const badVersion = await kit.api.put(`/v1/bookings/${booking.id}`, { body: { guests: 30, expected_updated_at: 'yesterday' }, token: w.client.token });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.details).toEqual([{ field: 'expected_updated_at', message: 'validation.invalidDate' }]);

    const fresh = await kit.act(booking, { action: 'accept', by: w.restaurant, body: { expected_updated_at: edited.body.updated_at } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.status).toBe('ACCEPTED');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Booking, BookingOptions, Me } from '@goodtable/shared';
import { createQueryClient } from '../../lib/query-client.ts';
import { meQueryKey } from '../../lib/session.ts';
import { storeToken } from '../../lib/stored-token.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { jsonAnswer, stubApi } from '../../test/stub-api.ts';
import { testUser } from '../../test/users.ts';
import { BookingEditor } from './booking-editor.tsx';
import { BookingDateTimeField } from './booking-date-time-field.tsx';
import { EMPTY_BOOKING_FORM } from './booking-form-values.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const RESTAURANT = '7d7e3a52-1f7b-4d6e-9a51-3f1f2c0b9a10';
const MENU = '0c1e6a3e-6b5e-4a4e-8f55-2b7d8f3e1c21';
const DRAFT = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';

const options: BookingOptions = {
  restaurant: { id: RESTAURANT, name: 'Trattoria Rossi', slug: 'trattoria-rossi', timezone: 'Australia/Sydney', currency: 'AUD', country: 'AU' },
  menus: [{ id: MENU, name: 'Autumn tasting', description: null, price: 8500, min_guests: 10, max_guests: 30 }],
  hosting: { weekdays: ['friday', 'saturday'], service_start: '18:00', service_end: '22:30', min_guests: 8, max_guests: 40, notice_days: 14 },
};

function draftBooking(fields: Partial<Booking>, updatedAt: string): Booking {
  return {
    id: DRAFT,
    status: 'DRAFT',
    suggestion: null,
    date: null,
    guests: null,
    title: null,
    story: null,
    ticket_price: null,
    goal: null,
    currency: 'AUD',
    tickets_sold: 0,
    decline_reason: null,
    cancel_reason: null,
    completion: null,
    response_due_at: null,
    deposit_due_at: null,
    host_event: false,
    guest_preferences: null,
    label: { key: 'draft', colour: 'gray' },
    allowed_actions: ['submit', 'edit', 'delete'],
    restaurant: { id: RESTAURANT, name: 'Trattoria Rossi', slug: 'trattoria-rossi', timezone: 'Australia/Sydney' },
    menu: null,
    cause: null,
    client: { id: '4f7c2a7e-8a59-4b0f-9a55-0c6c7e1f2d3b', first_name: 'Mai', last_name: 'Nguyen' },
    created_at: '2026-06-01T00:00:00.000Z',
    updated_at: updatedAt,
    ...fields,
  } as Booking;
}

/**
 * The API as the form sees it: booking options, empty directories, and a draft that POST creates and PUT changes
 * (or refuses with a 400 when `refuse` says so: what only the server knows). Answers the calls made, in order.
 */
function stubBookingApi({ refuse }: { refuse?: (body: Record<string, unknown>) => boolean } = {}) {
  let version = 0;
  const saved = (body: unknown, status = 200) => jsonAnswer(draftBooking(body as Partial<Booking>, `2026-06-01T00:00:0${++version}.000Z`), status);
  return stubApi({
    [`GET /v1/restaurants/${RESTAURANT}/booking-options`]: options,
    'GET /v1/causes': { data: [], page: 1, limit: 10, totalPages: 0, totalResults: 0 },
    'POST /v1/bookings': (request) => saved(request.body, 201),
    [`PUT /v1/bookings/${DRAFT}`]: (request) =>
      refuse?.(request.body as Record<string, unknown>)
        ? jsonAnswer({ statusCode: 400, code: 'validation.failed', message: 'Invalid guests', details: [{ field: 'guests', message: 'validation.tooManyGuests' }] }, 400)
        : saved(request.body),
  }).calls;
}

function renderNewDraft(viewer: Me = testUser({ role: 'user', timezone: 'Asia/Ho_Chi_Minh' })) {
  storeToken({ access_token: 'session-token', expires_at: '2999-01-01T00:00:00.000Z' });
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, viewer);
  const onDraftCreated = vi.fn();
  renderWithProviders(
    <MemoryRouter>
      <BookingEditor
        booking={null}
        viewer={viewer}
        restaurantLocked
        newDraft={{ values: { ...EMPTY_BOOKING_FORM, restaurant_id: RESTAURANT }, labels: { restaurant: null, cause: null } }}
        onDraftCreated={onDraftCreated}
      />
    </MemoryRouter>,
    queryClient,
  );
  return { onDraftCreated };
}

describe('booking form: autosave', () => {
  it('creates the draft at the first input, then saves later changes with the draft’s version', async () => {
    const calls = stubBookingApi();
    const { onDraftCreated } = renderNewDraft();
    expect(await screen.findByText('Trattoria Rossi')).toBeTruthy();
    // A pre-filled restaurant alone is not the client's input: nothing is saved yet.
    expect(calls.filter((call) => call.path.startsWith('/v1/bookings'))).toEqual([]);

    fireEvent.change(screen.getByLabelText('Event title'), { target: { value: 'Winter soup night' } });
    expect(await screen.findByText('Saved', undefined, { timeout: 4000 })).toBeTruthy();
    const created = calls.filter((call) => call.path.startsWith('/v1/bookings'));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ method: 'POST', path: '/v1/bookings', body: { restaurant_id: RESTAURANT, title: 'Winter soup night', date: null } });
    expect(onDraftCreated).toHaveBeenCalledWith(expect.objectContaining({ id: DRAFT }));

    fireEvent.change(screen.getByLabelText('Number of guests'), { target: { value: '20' } });
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1), { timeout: 4000 });
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/v1/bookings/${DRAFT}`,
      body: { guests: 20, title: 'Winter soup night', updated_at: '2026-06-01T00:00:01.000Z' },
    });
  });

  it('sends a save the server refused only again once the input changes', async () => {
    const calls = stubBookingApi({ refuse: (body) => body.guests === 20 });
    renderNewDraft();
    await screen.findByText('Trattoria Rossi');
    fireEvent.change(screen.getByLabelText('Event title'), { target: { value: 'Winter soup night' } });
    expect(await screen.findByText('Saved', undefined, { timeout: 4000 })).toBeTruthy();
    const puts = () => calls.filter((call) => call.method === 'PUT').map((call) => (call.body as { guests: number | null; title: string }));

    fireEvent.change(screen.getByLabelText('Number of guests'), { target: { value: '20' } });
    expect(await screen.findByText('Not saved yet: check the fields marked in red.', undefined, { timeout: 4000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Event title'), { target: { value: 'Winter soup nights' } });
    fireEvent.change(screen.getByLabelText('Number of guests'), { target: { value: '25' } });
    expect(await screen.findByText('Saved', undefined, { timeout: 4000 })).toBeTruthy();
    expect(puts().map((body) => [body.guests, body.title])).toEqual([
      [20, 'Winter soup night'],
      [25, 'Winter soup nights'],
    ]);
  });

  it('says at once when the date is a day the restaurant does not host, and refuses to send an incomplete request', async () => {
    const calls = stubBookingApi();
    renderNewDraft();
    await screen.findByText('Trattoria Rossi');
    fireEvent.change(await screen.findByLabelText('Date'), { target: { value: '2027-07-08' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '19:00' } });
    expect(await screen.findByText('The restaurant does not host events on this day of the week.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose a menu')).toBeTruthy();
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThanOrEqual(4);
    expect(calls.some((call) => call.path.endsWith('/submit'))).toBe(false);
  });
});

describe('booking date and time input', () => {
  it('names the restaurant’s zone and shows the viewer’s own time when their clock differs', () => {
    const { rerender } = renderWithProviders(
      <BookingDateTimeField legend="When" value={{ date: '2026-07-10', time: '19:00' }} onChange={() => {}} timeZone="Australia/Sydney" viewerZone="Asia/Ho_Chi_Minh" />,
    );
    expect(screen.getByText(/In the restaurant’s time zone \(Australia\/Sydney\)/)).toBeTruthy();
    expect(screen.getByTestId('viewer-time').textContent).toBe('That is 2026-07-10 04:00 PM your time (Asia/Ho_Chi_Minh).');
    rerender(<BookingDateTimeField legend="When" value={{ date: '2026-07-10', time: '19:00' }} onChange={() => {}} timeZone="Australia/Sydney" viewerZone="Australia/Melbourne" />);
    expect(screen.queryByTestId('viewer-time')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { validateAgainstHostingPreferences, type HostingCheckQuery } from '../booking-hosting-check.ts';
import { allowedActions, type BookingLifecycleState } from '../booking-state-machine.ts';
import { statusLabel } from '../booking-labels.ts';
import {
  bookingActionParamSchema,
  bookingCreateSchema,
  bookingDeclineSchema,
  bookingGuestPreferencesInputSchema,
  dietaryCountFitsGuests,
  bookingListQuerySchema,
  bookingSubmitSchema,
  bookingTimeSchema,
  bookingSchema,
  bookingUpdateSchema,
  type Booking,
} from './bookings.ts';

const RESTAURANT = '5f0c9a36-5d0e-4a57-9d7c-0a8b3c2d1e01';
const MENU = '5f0c9a36-5d0e-4a57-9d7c-0a8b3c2d1e02';
const CAUSE = '5f0c9a36-5d0e-4a57-9d7c-0a8b3c2d1e03';

const complete = {
  restaurant_id: RESTAURANT,
  menu_id: MENU,
  date: '2026-07-10T19:00:00+10:00',
  guests: 40,
  cause_id: CAUSE,
  title: 'Dinner for the shelter',
  story: 'Every ticket feeds a family for a week.',
  ticket_price: 12_000,
};

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('booking payload schemas', () => {
  it('accepts a partial draft and stores what is missing or blank as null', () => {
    const parsed = bookingCreateSchema.parse({ restaurant_id: RESTAURANT, title: '   ', guests: 12 });
    expect(parsed).toEqual({
      restaurant_id: RESTAURANT, menu_id: null, date: null, guests: 12, cause_id: null, title: null, story: null, ticket_price: null, goal: null,
    });
  });

  it('names each invalid field of a draft with a validation key', () => {
    const result = bookingCreateSchema.safeParse({ restaurant_id: 'r1', date: '2026-07-10 19:00', guests: 0, ticket_price: 10.5, goal: -1, title: 'x'.repeat(121) });
    expect(issues(result).sort()).toEqual([
      'date: validation.invalidDate',
      'goal: validation.tooSmall',
      'guests: validation.tooSmall',
      'restaurant_id: validation.invalidId',
      'ticket_price: validation.notAnInteger',
      'title: validation.tooLong',
    ]);
  });

  it('requires an offset on event times, so each names one instant', () => {
    expect(bookingTimeSchema.safeParse({ date: '2026-07-10T19:00:00+07:00' }).success).toBe(true);
    expect(bookingTimeSchema.safeParse({ date: '2026-07-10T09:00:00.000Z' }).success).toBe(true);
    expect(issues(bookingTimeSchema.safeParse({ date: '2026-07-10T19:00:00' }))).toEqual(['date: validation.invalidDate']);
    expect(issues(bookingTimeSchema.safeParse({}))).toEqual(['date: validation.invalidDate']);
  });

  it('changes only the fields an update sends, and carries the version it edited', () => {
    expect(bookingUpdateSchema.parse({ guests: 30, updated_at: '2026-06-01T00:00:00.000Z' })).toEqual({ guests: 30, updated_at: '2026-06-01T00:00:00.000Z' });
    expect(issues(bookingUpdateSchema.safeParse({ updated_at: 'yesterday' }))).toEqual(['updated_at: validation.invalidDate']);
  });

  it('submit needs every field but the goal', () => {
    expect(bookingSubmitSchema.parse(complete)).toEqual({ ...complete, goal: null });
    const draft = bookingCreateSchema.parse({ title: 'Only a title' });
    expect(issues(bookingSubmitSchema.safeParse(draft)).map((issue) => issue.split(':')[0]).sort()).toEqual([
      'cause_id', 'date', 'guests', 'menu_id', 'restaurant_id', 'story', 'ticket_price',
    ]);
  });

  it('decline takes one of the two reasons', () => {
    expect(bookingDeclineSchema.parse({ reason: 'NOT_AVAILABLE' })).toEqual({ reason: 'NOT_AVAILABLE' });
    expect(issues(bookingDeclineSchema.safeParse({ reason: 'BUSY' }))).toEqual(['reason: validation.invalidDeclineReason']);
    expect(issues(bookingDeclineSchema.safeParse({}))).toEqual(['reason: validation.invalidDeclineReason']);
  });

  it('routes only the party actions', () => {
    expect(bookingActionParamSchema.parse({ id: RESTAURANT, action: 'suggest-time' }).action).toBe('suggest-time');
    expect(issues(bookingActionParamSchema.safeParse({ id: RESTAURANT, action: 'auto-complete' }))).toEqual(['action: validation.invalidAction']);
    expect(issues(bookingActionParamSchema.safeParse({ id: RESTAURANT, action: 'edit' }))).toEqual(['action: validation.invalidAction']);
  });

  it('a booking response is what the state machine and the labels read (the web can recompute both)', () => {
    const response: Booking = bookingSchema.parse({
      id: RESTAURANT,
      status: 'PENDING',
      suggestion: null,
      date: '2026-07-10T09:00:00.000Z',
      guests: 40,
      title: 'Dinner for the shelter',
      story: 'Every ticket feeds a family.',
      ticket_price: 12_000,
      goal: null,
      currency: 'AUD',
      tickets_sold: 0,
      decline_reason: null,
      cancel_reason: null,
      completion: null,
      response_due_at: '2026-06-04T00:00:00.000Z',
      deposit_due_at: null,
      host_event: false,
      guest_preferences: null,
      label: { key: 'actionRequired', colour: 'amber' },
      allowed_actions: ['accept', 'decline', 'suggest-time'],
      restaurant: { id: RESTAURANT, name: 'Lantern Kitchen', slug: 'lantern-kitchen', timezone: 'Australia/Sydney' },
      menu: { id: MENU, name: 'Banquet', price: 9_000 },
      cause: { id: CAUSE, name: 'Hope Kitchen', slug: 'hope-kitchen' },
      client: { id: CAUSE, first_name: 'Ana', last_name: 'Client' },
      created_at: '2026-06-01T00:00:00.000Z',
      updated_at: '2026-06-01T00:00:00.000Z',
    });
    const state: BookingLifecycleState = response;
    const now = new Date('2026-06-01T00:00:00.000Z');
    expect(allowedActions({ booking: state, actor: 'restaurant', now })).toEqual(response.allowed_actions);
    expect(statusLabel({ booking: state, viewer: 'restaurant', now, timeZone: response.restaurant!.timezone })).toEqual(response.label);
    expect(issues(bookingSchema.safeParse({ ...response, allowed_actions: ['auto-complete'] }))[0]).toMatch(/^allowed_actions\.0:/);
  });

  it('list query: the product’s filters and its two sorts, Latest by default', () => {
    expect(bookingListQuerySchema.parse({})).toEqual({ page: 1, limit: 10, status: 'ALL', sortBy: { field: 'updated_at', direction: 'desc' }, needs_action: false });
    expect(bookingListQuerySchema.parse({ status: 'IN_PROGRESS', sortBy: 'date:asc', page: '2', search: ' gala ' })).toMatchObject({
      status: 'IN_PROGRESS', page: 2, sortBy: { field: 'date', direction: 'asc' }, search: 'gala',
    });
    expect(issues(bookingListQuerySchema.safeParse({ sortBy: 'date:desc' }))).toEqual(['sortBy: validation.invalidSort']);
    expect(issues(bookingListQuerySchema.safeParse({ status: 'PENDING' }))).toEqual(['status: validation.invalidStatus']);
  });

  it('list query extras: one restaurant and only what needs the viewer’s action', () => {
    expect(bookingListQuerySchema.parse({ restaurant_id: RESTAURANT, needs_action: 'true' })).toMatchObject({ restaurant_id: RESTAURANT, needs_action: true });
    expect(bookingListQuerySchema.parse({ needs_action: 'false' }).needs_action).toBe(false);
    expect(issues(bookingListQuerySchema.safeParse({ restaurant_id: 'r1', needs_action: 'yes' })).sort()).toEqual([
      'needs_action: validation.notABoolean',
      'restaurant_id: validation.invalidId',
    ]);
  });

  it('guest preferences: defaults, each dietary need once, times as HH:MM, long texts refused', () => {
    expect(bookingGuestPreferencesInputSchema.parse({})).toEqual({ dietary: [], seating: 'NO_PREFERENCE', accessibility: null, arrival_time: null, notes: null });
    expect(bookingGuestPreferencesInputSchema.parse({ dietary: [{ need: 'vegan', count: 3 }], seating: 'LONG_TABLE', accessibility: ' Ramp\nat the side ', arrival_time: '18:30' }))
      .toMatchObject({ dietary: [{ need: 'vegan', count: 3 }], seating: 'LONG_TABLE', accessibility: 'Ramp\nat the side', arrival_time: '18:30' });
    const result = bookingGuestPreferencesInputSchema.safeParse({
      dietary: [{ need: 'vegan', count: 0 }, { need: 'meat', count: 1 }],
      seating: 'SOFA',
      arrival_time: '25:00',
      notes: 'x'.repeat(1001),
    });
    expect(issues(result).sort()).toEqual([
      'arrival_time: validation.invalidTime',
      'dietary.0.count: validation.tooSmall',
      'dietary.1.need: validation.invalidDietaryNeed',
      'notes: validation.tooLong',
      'seating: validation.invalidSeating',
    ]);
    expect(issues(bookingGuestPreferencesInputSchema.safeParse({ dietary: [{ need: 'vegan', count: 1 }, { need: 'vegan', count: 2 }] }))).toEqual(['dietary: validation.duplicates']);
    expect(dietaryCountFitsGuests([{ count: 3 }, { count: 2 }], 5)).toBe(true);
    expect(dietaryCountFitsGuests([{ count: 3 }, { count: 3 }], 5)).toBe(false);
    expect(dietaryCountFitsGuests([{ count: 3 }], null)).toBe(true);
  });
});

describe('validateAgainstHostingPreferences', () => {
  // Sydney is UTC+10 in July. Now: Wednesday 1 July 2026, 10:00 in Sydney.
  const now = new Date('2026-07-01T00:00:00.000Z');
  const check = (booking: Partial<HostingCheckQuery['booking']>, overrides: Partial<HostingCheckQuery> = {}) =>
    validateAgainstHostingPreferences({
      booking: { date: '2026-07-10T19:00:00+10:00', guests: 40, ticket_price: 12_000, ...booking },
      preferences: { weekdays: ['thursday', 'friday', 'saturday'], service_start: '17:00', service_end: '23:00', min_guests: 20, max_guests: 80, notice_days: 7 },
      menu: { price_per_head: 9_000, min_guests: 10, max_guests: 60, active: true },
      now,
      timeZone: 'Australia/Sydney',
      ...overrides,
    });

  it('accepts a booking that fits the preferences and the menu', () => {
    expect(check({})).toEqual([]);
  });

  it('reads the weekday and the hours in the restaurant’s zone', () => {
    // Friday 10 July 07:00 in Sydney is Thursday 9 July 21:00 UTC: inside the weekdays but before service.
    expect(check({ date: '2026-07-09T21:00:00Z' })).toEqual([{ field: 'date', message: 'validation.outsideServiceHours' }]);
    // Sunday 12 July 19:00 in Sydney.
    expect(check({ date: '2026-07-12T19:00:00+10:00' })).toEqual([{ field: 'date', message: 'validation.weekdayNotHosted' }]);
    expect(check({ date: '2026-07-10T23:00:00+10:00' })).toEqual([{ field: 'date', message: 'validation.outsideServiceHours' }]);
  });

  it('counts a service past midnight as the day it started', () => {
    const lateService = (date: string) =>
      check({ date }, { preferences: { weekdays: ['friday'], service_start: '18:00', service_end: '01:00', min_guests: 1, max_guests: 80, notice_days: 0 } });
    expect(lateService('2026-07-11T00:30:00+10:00')).toEqual([]);
    expect(lateService('2026-07-10T00:30:00+10:00')).toEqual([{ field: 'date', message: 'validation.weekdayNotHosted' }]);
    expect(lateService('2026-07-11T02:00:00+10:00')).toEqual([{ field: 'date', message: 'validation.weekdayNotHosted' }]);
  });

  it('asks for the minimum notice in calendar days, and a future date', () => {
    const everyDay = { weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const, service_start: '17:00', service_end: '23:00', min_guests: 20, max_guests: 80, notice_days: 7 };
    const withNotice = (date: string) => check({ date }, { preferences: { ...everyDay, weekdays: [...everyDay.weekdays] } });
    expect(withNotice('2026-07-08T17:00:00+10:00')).toEqual([]);
    expect(withNotice('2026-07-07T22:00:00+10:00')).toEqual([{ field: 'date', message: 'validation.tooLittleNotice' }]);
    expect(withNotice('2026-06-30T19:00:00+10:00')).toEqual([{ field: 'date', message: 'validation.dateInPast' }]);
  });

  it('keeps the guests within both the preferences and the menu', () => {
    expect(check({ guests: 15 })).toEqual([{ field: 'guests', message: 'validation.tooFewGuests' }]);
    expect(check({ guests: 61 })).toEqual([{ field: 'guests', message: 'validation.tooManyGuests' }]);
    expect(check({ guests: 61 }, { menu: null })).toEqual([]);
  });

  it('asks a ticket price of at least the menu price per head, and an offered menu', () => {
    expect(check({ ticket_price: 8_999 })).toEqual([{ field: 'ticket_price', message: 'validation.ticketBelowMenuPrice' }]);
    expect(check({}, { menu: { price_per_head: 9_000, min_guests: 10, max_guests: 60, active: false } })).toEqual([{ field: 'menu_id', message: 'validation.menuUnavailable' }]);
  });

  it('leaves the empty fields of a draft to the submit check', () => {
    expect(check({ date: null, guests: null, ticket_price: null })).toEqual([]);
  });
});

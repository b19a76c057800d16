import { describe, expect, it } from 'vitest';
import type { Booking, BookingOptions } from '@goodtable/shared';
import {
  bookingFormProblems,
  bookingFormValues,
  bookingSubmitFormSchema,
  causeShareOfTicket,
  EMPTY_BOOKING_FORM,
  readBookingForm,
  type BookingFormValues,
} from './booking-form-values.ts';

const RESTAURANT = '7d7e3a52-1f7b-4d6e-9a51-3f1f2c0b9a10';
const MENU = '0c1e6a3e-6b5e-4a4e-8f55-2b7d8f3e1c21';
const CAUSE = 'a3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const NOW = new Date('2026-06-01T00:00:00Z');

function sydneyOptions(overrides: Partial<BookingOptions['hosting']> = {}): BookingOptions {
  return {
    restaurant: { id: RESTAURANT, name: 'Trattoria Rossi', slug: 'trattoria-rossi', timezone: 'Australia/Sydney', currency: 'AUD', country: 'AU' },
    menus: [{ id: MENU, name: 'Autumn tasting', description: null, price: 8500, min_guests: 10, max_guests: 30 }],
    hosting: { weekdays: ['friday', 'saturday'], service_start: '18:00', service_end: '22:30', min_guests: 8, max_guests: 40, notice_days: 14, ...overrides },
  };
}

/** A complete request for Friday 10 July 2026, 19:00 in Sydney. */
const complete: BookingFormValues = {
  restaurant_id: RESTAURANT,
  menu_id: MENU,
  date: '2026-07-10',
  time: '19:00',
  guests: '20',
  cause_id: CAUSE,
  title: 'Winter soup night',
  story: 'Soup for everyone.',
  ticket_price: '95.50',
  goal: '',
};

const context = { options: sydneyOptions(), now: NOW };

describe('booking form: typed values → the booking’s fields', () => {
  it('sends the time on the restaurant’s clock and money in minor units of its currency', () => {
    const { payload, errors } = readBookingForm({ ...complete, goal: '2000' }, context);
    expect(errors).toEqual({});
    expect(payload).toEqual({
      restaurant_id: RESTAURANT,
      menu_id: MENU,
      date: '2026-07-10T19:00:00.000+10:00',
      guests: 20,
      cause_id: CAUSE,
      title: 'Winter soup night',
      story: 'Soup for everyone.',
      ticket_price: 9550,
      goal: 200000,
    });
  });

  it('reads Vietnamese đồng as whole amounts (no minor unit) and the time on Da Nang’s clock', () => {
    const options = sydneyOptions();
    const daNang: BookingOptions = { ...options, restaurant: { ...options.restaurant, timezone: 'Asia/Ho_Chi_Minh', currency: 'VND', country: 'VN' } };
    expect(readBookingForm({ ...complete, ticket_price: '850000' }, { options: daNang }).payload).toMatchObject({ ticket_price: 850000, date: '2026-07-10T19:00:00.000+07:00' });
    expect(readBookingForm({ ...complete, ticket_price: '850000.50' }, { options: daNang }).errors).toEqual({ ticket_price: 'booking-forms:validation.invalidAmount' });
  });

  it('keeps a draft’s empty fields empty and names each field it cannot read', () => {
    expect(readBookingForm({ ...EMPTY_BOOKING_FORM, title: 'Gala' }, context)).toEqual({
      payload: { restaurant_id: null, menu_id: null, date: null, guests: null, cause_id: null, title: 'Gala', story: null, ticket_price: null, goal: null },
      errors: {},
    });
    expect(readBookingForm({ ...complete, guests: '12.5', ticket_price: '95,555', time: '' }, context).errors).toEqual({
      guests: 'validation.notAnInteger',
      ticket_price: 'booking-forms:validation.invalidAmount',
      date: 'booking-forms:validation.dateAndTimeNeeded',
    });
    expect(readBookingForm(complete, { options: null }).errors).toMatchObject({ date: 'booking-forms:validation.chooseRestaurantFirst', ticket_price: 'booking-forms:validation.chooseRestaurantFirst' });
  });

  it('shows a stored booking back as typed (amounts in major units, time in the restaurant’s zone)', () => {
    const booking = {
      restaurant: { id: RESTAURANT, name: 'Trattoria Rossi', slug: 'trattoria-rossi', timezone: 'Australia/Sydney' },
      menu: { id: MENU, name: 'Autumn tasting', price: 8500 },
      cause: { id: CAUSE, name: 'Hope Kitchen', slug: 'hope-kitchen' },
      date: '2026-07-10T09:00:00.000Z',
      guests: 20,
      title: 'Winter soup night',
      story: 'Soup for everyone.',
      ticket_price: 9550,
      goal: null,
    } as unknown as Booking;
    // The price field shows what the price input writes for stored amounts ("95.5" for 9550 cents).
    expect(bookingFormValues({ booking, currency: 'AUD', timeZone: 'Australia/Sydney' })).toEqual({ ...complete, ticket_price: '95.5' });
  });
});

describe('booking form: the submit checks (completeness, then the restaurant’s hosting rules)', () => {
  it('accepts a complete request that fits the restaurant', () => {
    expect(bookingFormProblems(complete, context)).toEqual({});
    const parsed = bookingSubmitFormSchema(() => context).safeParse(complete);
    expect(parsed.success && parsed.data).toMatchObject({ date: '2026-07-10T19:00:00.000+10:00', ticket_price: 9550, goal: null });
  });

  it('names every missing field but the optional goal', () => {
    expect(bookingFormProblems({ ...EMPTY_BOOKING_FORM, restaurant_id: RESTAURANT }, context)).toEqual({
      menu_id: 'validation.required',
      date: 'validation.required',
      guests: 'validation.required',
      cause_id: 'validation.required',
      title: 'validation.required',
      story: 'validation.required',
      ticket_price: 'validation.required',
    });
  });

  it.each([
    ['a day the restaurant does not host (Thursday)', { date: '2026-07-09' }, { date: 'validation.weekdayNotHosted' }],
    ['a time outside service hours', { time: '17:30' }, { date: 'validation.outsideServiceHours' }],
    ['less notice than the restaurant needs (14 days)', { date: '2026-06-05' }, { date: 'validation.tooLittleNotice' }],
    ['a time already past', { date: '2026-05-29' }, { date: 'validation.dateInPast' }],
    ['fewer guests than the menu takes', { guests: '9' }, { guests: 'validation.tooFewGuests' }],
    ['more guests than the menu takes', { guests: '31' }, { guests: 'validation.tooManyGuests' }],
    ['a ticket below the menu’s price per head', { ticket_price: '84.99' }, { ticket_price: 'validation.ticketBelowMenuPrice' }],
  ])('refuses %s, under that field', (_, change, problems) => {
    expect(bookingFormProblems({ ...complete, ...change }, context)).toEqual(problems);
    const parsed = bookingSubmitFormSchema(() => context).safeParse({ ...complete, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(Object.entries(problems));
  });

  it('judges the weekday on the restaurant’s clock, not the viewer’s', () => {
    // Friday 19:00 in Sydney is Friday 09:00 UTC: a Friday everywhere from London to Sydney, but typed on Sydney's clock.
    expect(bookingFormProblems({ ...complete, date: '2026-07-10', time: '22:00' }, context)).toEqual({});
    // Saturday 00:30 is outside a service that ends at 22:30.
    expect(bookingFormProblems({ ...complete, date: '2026-07-11', time: '00:30' }, context)).toEqual({ date: 'validation.outsideServiceHours' });
  });
});

describe('ticket split', () => {
  it('gives the cause what each ticket brings above the menu’s price per head', () => {
    expect(causeShareOfTicket(9550, 8500)).toBe(1050);
    expect(causeShareOfTicket(8000, 8500)).toBe(0);
    expect(causeShareOfTicket(null, 8500)).toBeNull();
  });
});

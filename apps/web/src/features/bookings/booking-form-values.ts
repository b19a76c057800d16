import { z } from 'zod';
import {
  bookingSubmitSchema,
  validateAgainstHostingPreferences,
  type Booking,
  type BookingDraftValues,
  type BookingOptions,
  type BookingSubmitValues,
} from '@goodtable/shared';
import { typedNumber } from '../../components/form/typed-number.ts';
import { parsePriceInput, priceInputText } from '../../lib/price-input.ts';
import { instantFromWallClock, wallClockInZone } from './booking-date-time.ts';

/** The booking form as typed: every field a string; the event time as a date and a time in the restaurant's zone. */
export type BookingFormValues = {
  restaurant_id: string;
  menu_id: string;
  date: string;
  time: string;
  guests: string;
  cause_id: string;
  title: string;
  story: string;
  ticket_price: string;
  goal: string;
};

export type BookingFormField = keyof BookingFormValues;
/** The fields a booking stores (the form's `time` is part of `date`). */
export type BookingPayloadField = keyof BookingDraftValues;

export const EMPTY_BOOKING_FORM: BookingFormValues = {
  restaurant_id: '',
  menu_id: '',
  date: '',
  time: '',
  guests: '',
  cause_id: '',
  title: '',
  story: '',
  ticket_price: '',
  goal: '',
};

/** What the typed values are read against: the restaurant's options (zone, currency, menus, hosting) and now. */
export type BookingFormContext = { options: BookingOptions | null; now: Date };

/** A stored booking as the form shows it (amounts in major units, the time on the restaurant's clock). */
export function bookingFormValues({ booking, currency, timeZone }: { booking: Booking; currency: string | null; timeZone: string | null }): BookingFormValues {
  const wallClock = booking.date && timeZone ? wallClockInZone(booking.date, timeZone) : { date: '', time: '' };
  const money = (amount: number | null) => (amount === null || !currency ? '' : priceInputText(amount, currency));
  return {
    restaurant_id: booking.restaurant?.id ?? '',
    menu_id: booking.menu?.id ?? '',
    date: wallClock.date,
    time: wallClock.time,
    guests: booking.guests === null ? '' : String(booking.guests),
    cause_id: booking.cause?.id ?? '',
    title: booking.title ?? '',
    story: booking.story ?? '',
    ticket_price: money(booking.ticket_price),
    goal: money(booking.goal),
  };
}

/** Each stored field of a booking: its value (null when left empty) or the reason the typed text is not one. */
export type ReadBookingForm = {
  payload: BookingDraftValues;
  /** Translation keys (`validation.*`) of the fields whose text cannot be stored as typed. */
  errors: Partial<Record<BookingPayloadField, string>>;
};

const blank = (text: string) => text.trim() === '';

function readField<Value>(schema: z.ZodType<Value>, value: unknown): { value: Value } | { error: string } {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { error: result.error.issues[0]?.message ?? 'validation.invalid' };
}

/**
 * Reads the typed values into the booking's fields, checking each on its own with the shared submit schema's rules.
 * Autosave stores what reads cleanly; submit needs every field but the goal.
 */
export function readBookingForm(values: BookingFormValues, { options }: Pick<BookingFormContext, 'options'>): ReadBookingForm {
  const payload: BookingDraftValues = {
    restaurant_id: null,
    menu_id: null,
    date: null,
    guests: null,
    cause_id: null,
    title: null,
    story: null,
    ticket_price: null,
    goal: null,
  };
  const errors: ReadBookingForm['errors'] = {};
  const shape = bookingSubmitSchema.shape;
  const take = <Field extends BookingPayloadField>(field: Field, read: { value: BookingDraftValues[Field] } | { error: string }) => {
    if ('error' in read) errors[field] = read.error;
    else payload[field] = read.value;
  };

  if (!blank(values.restaurant_id)) take('restaurant_id', readField(shape.restaurant_id, values.restaurant_id));
  if (!blank(values.menu_id)) take('menu_id', readField(shape.menu_id, values.menu_id));
  if (!blank(values.cause_id)) take('cause_id', readField(shape.cause_id, values.cause_id));
  if (!blank(values.title)) take('title', readField(shape.title, values.title));
  if (!blank(values.story)) take('story', readField(shape.story, values.story));
  if (!blank(values.guests)) take('guests', readField(shape.guests, typedNumber(values.guests)));

  const timeZone = options?.restaurant.timezone ?? null;
  if (!blank(values.date) || !blank(values.time)) {
    if (blank(values.date) || blank(values.time)) errors.date = 'booking-forms:validation.dateAndTimeNeeded';
    else if (!timeZone) errors.date = 'booking-forms:validation.chooseRestaurantFirst';
    else {
      const instant = instantFromWallClock({ date: values.date, time: values.time }, timeZone);
      if (instant.kind === 'instant') payload.date = instant.iso;
      else errors.date = 'validation.invalidDate';
    }
  }

  const currency = options?.restaurant.currency ?? null;
  for (const field of ['ticket_price', 'goal'] as const) {
    if (blank(values[field])) continue;
    if (!currency) {
      errors[field] = 'booking-forms:validation.chooseRestaurantFirst';
      continue;
    }
    const amount = parsePriceInput(values[field], currency);
    if (amount === null) errors[field] = 'booking-forms:validation.invalidAmount';
    else take(field, readField(shape.ticket_price, amount));
  }
  return { payload, errors };
}

/** The fields a submit needs (the goal is optional). */
const REQUIRED_FIELDS = ['restaurant_id', 'menu_id', 'date', 'guests', 'cause_id', 'title', 'story', 'ticket_price'] as const;

/**
 * Everything wrong with the form for a submit: unreadable fields, missing required ones, then the restaurant's
 * hosting rules (weekday, service hours, notice, party size, ticket at least the menu's price per head).
 */
export function bookingFormProblems(values: BookingFormValues, context: BookingFormContext): Partial<Record<BookingPayloadField, string>> {
  const { payload, errors } = readBookingForm(values, context);
  const problems: Partial<Record<BookingPayloadField, string>> = { ...errors };
  for (const field of REQUIRED_FIELDS) if (payload[field] === null && !problems[field]) problems[field] = 'validation.required';
  for (const problem of hostingProblems(payload, context)) problems[problem.field] ??= problem.message;
  return problems;
}

/** The restaurant's hosting rules applied to the fields read so far (empty fields are not checked). */
export function hostingProblems(payload: BookingDraftValues, { options, now }: BookingFormContext) {
  if (!options?.restaurant.timezone) return [];
  const menu = options.menus.find((entry) => entry.id === payload.menu_id);
  return validateAgainstHostingPreferences({
    booking: { date: payload.date, guests: payload.guests, ticket_price: payload.ticket_price },
    preferences: options.hosting,
    menu: menu ? { price_per_head: menu.price, min_guests: menu.min_guests, max_guests: menu.max_guests, active: true } : null,
    now,
    timeZone: options.restaurant.timezone,
  });
}

/**
 * The form's resolver for a submit: the typed values → the complete booking, or an issue under each field that stops
 * it (the time's problems show under the date, where the date-time input shows its errors). The context is read
 * when the form is submitted: the restaurant's options arrive after the form is made.
 */
export function bookingSubmitFormSchema(getContext: () => BookingFormContext): z.ZodType<BookingSubmitValues, BookingFormValues> {
  return z.custom<BookingFormValues>().transform((values, ctx) => {
    const context = getContext();
    const problems = bookingFormProblems(values, context);
    const fields = Object.keys(problems) as BookingPayloadField[];
    for (const field of fields) ctx.addIssue({ code: 'custom', path: [field], message: problems[field] });
    if (fields.length > 0) return z.NEVER;
    return bookingSubmitSchema.parse(readBookingForm(values, context).payload);
  });
}

/**
 * True when nothing typed breaks a rule (field by field, then the restaurant's hosting rules on the fields read): the
 * server would refuse the draft otherwise, so autosave waits for the typing to reach a valid value.
 */
export function isSavableDraft(values: BookingFormValues, context: BookingFormContext): boolean {
  const { payload, errors } = readBookingForm(values, context);
  return Object.keys(errors).length === 0 && hostingProblems(payload, context).length === 0;
}

/** True when the form holds something worth keeping as a draft. */
export function hasMeaningfulInput(values: BookingFormValues): boolean {
  return (Object.keys(values) as BookingFormField[]).some((field) => !blank(values[field]));
}

/** The amount of each ticket above the menu's price per head: what goes to the cause (before platform fees). */
export function causeShareOfTicket(ticketPrice: number | null, menuPrice: number | null): number | null {
  if (ticketPrice === null || menuPrice === null) return null;
  return Math.max(0, ticketPrice - menuPrice);
}

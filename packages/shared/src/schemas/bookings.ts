import { z } from 'zod';
import { TICKET_SALES_MAX } from '../amounts.ts';
import { BOOKING_LABEL_COLOURS, BOOKING_LABEL_KEYS } from '../booking-labels.ts';
import {
  BOOKING_ACTIONS,
  BOOKING_ACTORS,
  BOOKING_CANCEL_REASONS,
  BOOKING_COMPLETION_OUTCOMES,
  BOOKING_DECLINE_REASONS,
  BOOKING_PARTY_ACTIONS,
  BOOKING_RECORD_ACTIONS,
} from '../booking-state-machine.ts';
import { BOOKING_GROUPS, BOOKING_LIST_FILTERS, BOOKING_STATUSES, type BookingGroup } from '../booking-status.ts';
import { DIETARY_NEEDS, MAX_PARTY_SIZE } from '../restaurants.ts';
import { pageQuerySchema, pagedListSchema, sortBySchema } from './common.ts';
import { dietaryNeedSchema, timeOfDaySchema, weekdaySchema } from './restaurants.ts';
import { optionalText, textInput } from './text.ts';

export const BOOKING_TITLE_MAX = 120;
export const BOOKING_STORY_MAX = 5000;
/** Largest amount (minor units) a goal may name: fits a PostgreSQL integer. */
export const BOOKING_AMOUNT_MAX = 2_000_000_000;

/** An event time: ISO 8601 with an offset (`2026-07-10T19:00:00+10:00` or `…Z`), so it names one instant. */
export const bookingDateSchema = z.iso.datetime({ offset: true, error: 'validation.invalidDate' });

const id = z.uuid('validation.invalidId');
const guests = z.number('validation.notANumber').int('validation.notAnInteger').min(1, 'validation.tooSmall').max(MAX_PARTY_SIZE, 'validation.tooLarge');
const amountUpTo = (max: number) => z.number('validation.notANumber').int('validation.notAnInteger').min(0, 'validation.tooSmall').max(max, 'validation.tooLarge');
const amount = amountUpTo(BOOKING_AMOUNT_MAX);
/** One ticket; its price × the guests is checked as well (`bookingBoundsProblems`). */
const ticketPrice = amountUpTo(TICKET_SALES_MAX);
const title = textInput().trim().min(1, 'validation.required').max(BOOKING_TITLE_MAX, 'validation.tooLong');
const story = textInput('validation.notAString', { multiline: true }).trim().min(1, 'validation.required').max(BOOKING_STORY_MAX, 'validation.tooLong');

/** A field a draft may leave out or clear (missing and null become null). */
const draftField = <Field extends z.ZodType>(field: Field) => field.nullish().transform((value) => value ?? null);

const bookingFieldShape = {
  restaurant_id: id,
  menu_id: id,
  date: bookingDateSchema,
  guests,
  cause_id: id,
  title,
  story,
  /** Minor units of the restaurant's currency. */
  ticket_price: ticketPrice,
};

/** POST /v1/bookings: a draft, so any field may still be missing (submit checks completeness). */
export const bookingCreateSchema = z.object({
  restaurant_id: draftField(id),
  menu_id: draftField(id),
  date: draftField(bookingDateSchema),
  guests: draftField(guests),
  cause_id: draftField(id),
  title: optionalText(BOOKING_TITLE_MAX),
  story: optionalText(BOOKING_STORY_MAX, { multiline: true }),
  ticket_price: draftField(ticketPrice),
  /** Fundraising goal in minor units; optional even on submit. */
  goal: draftField(amount),
});
export type BookingCreateInput = z.input<typeof bookingCreateSchema>;
export type BookingDraftValues = z.output<typeof bookingCreateSchema>;

const versionTime = z.iso.datetime({ offset: true, error: 'validation.invalidDate' }).optional();
/**
 * Optimistic concurrency: the `updated_at` the viewer saw, also accepted as `expected_updated_at`;
 * a different stored one answers 409.
 */
const versionShape = { updated_at: versionTime, expected_updated_at: versionTime };

/** PUT /v1/bookings/{id} (DRAFT or PENDING): only the fields sent change. */
export const bookingUpdateSchema = bookingCreateSchema.partial().extend(versionShape);
export type BookingUpdateInput = z.input<typeof bookingUpdateSchema>;

/** What `submit` needs of the stored booking: every field but the goal. */
export const bookingSubmitSchema = z.object({ ...bookingFieldShape, goal: amount.nullish().transform((value) => value ?? null) });
export type BookingSubmitValues = z.output<typeof bookingSubmitSchema>;

/** POST /v1/bookings/{id}/decline. */
export const bookingDeclineSchema = z.object({ reason: z.enum(BOOKING_DECLINE_REASONS, 'validation.invalidDeclineReason'), ...versionShape });
/** POST /v1/bookings/{id}/suggest-time and …/change-time. */
export const bookingTimeSchema = z.object({ date: bookingDateSchema, ...versionShape });
/** Body of the other actions (optional). */
export const bookingActionBodySchema = z.object(versionShape).nullish();
/**
 * POST /v1/bookings/{id}/confirm-complete: `expected_charge` is the balance the organiser was shown (settlement
 * preview's `client_charge`, minor units); needed when the settlement charges more than 0.
 */
export const bookingExpectedChargeSchema = amount;
export const bookingConfirmCompleteSchema = z.object({ expected_charge: bookingExpectedChargeSchema.optional(), ...versionShape }).nullish();

/**
 * Actions a party may find in `allowed_actions`: the `{action}` routes, edit (PUT) and delete (DELETE), `rebook`
 * (POST …/rebook: a new draft copied from this one) and `guest-preferences` (PUT …/guest-preferences).
 */
export const BOOKING_VIEWER_ACTIONS = [...BOOKING_PARTY_ACTIONS, ...BOOKING_RECORD_ACTIONS, 'rebook', 'guest-preferences'] as const;
export type BookingViewerAction = (typeof BOOKING_VIEWER_ACTIONS)[number];
export const bookingActionParamSchema = z.object({ id, action: z.enum(BOOKING_PARTY_ACTIONS, 'validation.invalidAction') });

export const BOOKING_LIST_SORTS = ['updated_at:desc', 'date:asc'] as const;

/** GET /v1/users/{id}/bookings query (docs/product.md, Screens and routes: filters ALL … DRAFT; sorts Latest and Event Date). */
export const bookingListQuerySchema = pageQuerySchema.extend({
  status: z.enum(BOOKING_LIST_FILTERS, 'validation.invalidStatus').default('ALL'),
  sortBy: sortBySchema(['updated_at', 'date'], 'updated_at:desc').refine(
    (sort) => (BOOKING_LIST_SORTS as readonly string[]).includes(`${sort.field}:${sort.direction}`),
    'validation.invalidSort',
  ),
  search: textInput().trim().max(100, 'validation.tooLong').optional(),
  /** One restaurant the viewer runs (the manager's `/restaurants/{id}/bookings`); another one answers 404. */
  restaurant_id: id.optional(),
  /** `true`: only the bookings waiting for the viewer (`bookingNeedsAction`). */
  needs_action: z
    .enum(['true', 'false'], 'validation.notABoolean')
    .optional()
    .transform((value) => value === 'true'),
});
export type BookingListQuery = z.input<typeof bookingListQuerySchema>;
export type BookingListQueryValues = z.output<typeof bookingListQuerySchema>;

/** GET /v1/users/{id}/bookings/summary query. */
export const bookingSummaryQuerySchema = z.object({ restaurant_id: id.optional() });
export type BookingSummaryQuery = z.input<typeof bookingSummaryQuerySchema>;

/** GET /v1/users/{id}/bookings/summary: the dashboard's counts per group (docs/product.md, Booking lifecycle), and what waits for the viewer. */
export const bookingSummarySchema = z.object({
  groups: z.object(Object.fromEntries(BOOKING_GROUPS.map((group) => [group, z.number().int()])) as Record<BookingGroup, z.ZodNumber>),
  needs_action: z.number().int(),
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;

// ---------------------------------------------------------------- guest preferences

export const BOOKING_SEATING_OPTIONS = ['NO_PREFERENCE', 'LONG_TABLE', 'ROUND_TABLES', 'BANQUET', 'STANDING'] as const;
export type BookingSeating = (typeof BOOKING_SEATING_OPTIONS)[number];
export const BOOKING_ACCESSIBILITY_MAX = 500;
export const BOOKING_GUEST_NOTES_MAX = 1000;

/**
 * PUT /v1/bookings/{id}/guest-preferences (replaces them): dietary needs with how many guests have each (each need
 * once), seating, accessibility, arrival time (`HH:MM`, the restaurant's clock) and notes. The API also checks the
 * dietary counts add up to at most the booking's guests (`dietaryCountFitsGuests`, 400 naming `dietary`).
 */
export const bookingGuestPreferencesInputSchema = z.object({
  dietary: z
    .array(
      z.object({
        need: dietaryNeedSchema,
        count: z.number('validation.notANumber').int('validation.notAnInteger').min(1, 'validation.tooSmall').max(MAX_PARTY_SIZE, 'validation.tooLarge'),
      }),
      'validation.notAList',
    )
    .max(DIETARY_NEEDS.length, 'validation.tooMany')
    .refine((list) => new Set(list.map((item) => item.need)).size === list.length, 'validation.duplicates')
    .default([]),
  seating: z.enum(BOOKING_SEATING_OPTIONS, 'validation.invalidSeating').default('NO_PREFERENCE'),
  accessibility: optionalText(BOOKING_ACCESSIBILITY_MAX, { multiline: true }),
  arrival_time: timeOfDaySchema.nullish().transform((value) => value ?? null),
  notes: optionalText(BOOKING_GUEST_NOTES_MAX, { multiline: true }),
  ...versionShape,
});
export type BookingGuestPreferencesInput = z.input<typeof bookingGuestPreferencesInputSchema>;

export const bookingGuestPreferencesSchema = z.object({
  dietary: z.array(z.object({ need: dietaryNeedSchema, count: z.number().int() })),
  seating: z.enum(BOOKING_SEATING_OPTIONS),
  accessibility: z.string().nullable(),
  arrival_time: z.string().nullable(),
  notes: z.string().nullable(),
});
export type BookingGuestPreferences = z.infer<typeof bookingGuestPreferencesSchema>;

/** The dietary counts name at most `guests` guests in all (a booking without guests yet accepts any). */
export function dietaryCountFitsGuests(dietary: readonly { count: number }[], guests: number | null): boolean {
  return guests === null || dietary.reduce((total, item) => total + item.count, 0) <= guests;
}

export const bookingLabelSchema = z.object({ key: z.enum(BOOKING_LABEL_KEYS), colour: z.enum(BOOKING_LABEL_COLOURS) });

/** A booking as each party sees it (`label` and `allowed_actions` are the viewer's). */
export const bookingSchema = z.object({
  id: z.uuid(),
  status: z.enum(BOOKING_STATUSES),
  suggestion: z.object({ date: z.string() }).nullable(),
  date: z.string().nullable(),
  guests: z.number().int().nullable(),
  title: z.string().nullable(),
  story: z.string().nullable(),
  ticket_price: z.number().int().nullable(),
  goal: z.number().int().nullable(),
  /** Follows the restaurant's country; null while a draft names no restaurant. */
  currency: z.string().nullable(),
  tickets_sold: z.number().int(),
  decline_reason: z.enum(BOOKING_DECLINE_REASONS).nullable(),
  cancel_reason: z.enum(BOOKING_CANCEL_REASONS).nullable(),
  completion: z
    .object({ marked_at: z.string(), outcome: z.enum(BOOKING_COMPLETION_OUTCOMES).nullable(), resolved_at: z.string().nullable() })
    .nullable(),
  response_due_at: z.string().nullable(),
  deposit_due_at: z.string().nullable(),
  /** A manager organising an event at a restaurant it runs: no response and no deposit (submit confirms). */
  host_event: z.boolean(),
  guest_preferences: bookingGuestPreferencesSchema.nullable(),
  label: bookingLabelSchema,
  allowed_actions: z.array(z.enum(BOOKING_VIEWER_ACTIONS)),
  restaurant: z.object({ id: z.uuid(), name: z.string().nullable(), slug: z.string().nullable(), timezone: z.string().nullable() }).nullable(),
  menu: z.object({ id: z.uuid(), name: z.string(), price: z.number().int() }).nullable(),
  cause: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }).nullable(),
  client: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingListSchema = pagedListSchema(bookingSchema);

/** GET /v1/bookings/{id}/events: the timeline, oldest first. `user` is null for the payment provider and the jobs. */
export const bookingEventSchema = z.object({
  id: z.uuid(),
  action: z.enum(BOOKING_ACTIONS),
  actor: z.enum(BOOKING_ACTORS),
  from: z.enum(BOOKING_STATUSES),
  to: z.enum(BOOKING_STATUSES).nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  user: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }).nullable(),
});
export type BookingEvent = z.infer<typeof bookingEventSchema>;
export const bookingEventListSchema = z.object({ data: z.array(bookingEventSchema) });

/** GET /v1/restaurants/{id}/booking-options: what /add-event checks a request against before sending it. */
export const bookingOptionsSchema = z.object({
  restaurant: z.object({
    id: z.uuid(),
    name: z.string().nullable(),
    slug: z.string().nullable(),
    timezone: z.string().nullable(),
    currency: z.string().nullable(),
    country: z.string().nullable(),
  }),
  /** Active menus, in the restaurant's order. `price`: per head, minor units. */
  menus: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      description: z.string().nullable(),
      price: z.number().int(),
      min_guests: z.number().int(),
      max_guests: z.number().int(),
    }),
  ),
  hosting: z.object({
    weekdays: z.array(weekdaySchema),
    service_start: z.string(),
    service_end: z.string(),
    min_guests: z.number().int(),
    max_guests: z.number().int(),
    notice_days: z.number().int(),
  }),
});
export type BookingOptions = z.infer<typeof bookingOptionsSchema>;

import { z } from 'zod';
import { CHECKOUT_DONATION_MAX } from '../amounts.ts';
import { textInput } from './text.ts';
import { emailSchema, personNameSchema } from './user.ts';

/** `{id}` of a public event: the booking's id. */
export const eventIdParamSchema = z.object({ id: z.uuid('validation.invalidId') });

/**
 * What moves while an event sells: tickets left and what the event raised for its cause (minor units, the event's
 * `raised_for_cause`); the stream's frames.
 */
export const eventProgressSchema = z.object({ tickets_left: z.number().int(), raised: z.number().int() });
export type EventProgress = z.infer<typeof eventProgressSchema>;

/** The statuses of a public event: confirmed (selling), then how it ended. */
export const PUBLIC_EVENT_STATUSES = ['CONFIRMED', 'COMPLETED', 'INCOMPLETE', 'CANCELED'] as const;
export type PublicEventStatus = (typeof PUBLIC_EVENT_STATUSES)[number];

/**
 * GET /v1/events/{id}: a booking that was confirmed, as its public share page shows it, selling or ended.
 * The fixed fields come first; `sales_open`, `story`, `menu`, `cause_share_per_ticket` (ticket price less the menu's
 * price per head: the gift in each ticket), `time_zone`, `image` and `url` are what the page needs besides;
 * `raised_for_cause` and `cause_share_when_sold_out` say what the cause receives (docs/decisions/0131).
 */
export const publicEventDetailSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(PUBLIC_EVENT_STATUSES),
  date: z.string(),
  restaurant: z.object({
    name: z.string(),
    /** Null unless the restaurant's page is published. */
    slug: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    time_zone: z.string().nullable(),
  }),
  /** Null when the event has no cause any more or its page is not published. */
  cause: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }).nullable(),
  ticket_price: z.number().int(),
  currency: z.string(),
  tickets_total: z.number().int(),
  tickets_left: z.number().int(),
  raised: z.number().int(),
  /** Whether tickets are sold now: false once the event has started (by the server's business clock). */
  sales_open: z.boolean(),
  goal: z.number().int().nullable(),
  story: z.string().nullable(),
  menu: z.object({ name: z.string(), description: z.string().nullable(), price_per_head: z.number().int() }).nullable(),
  cause_share_per_ticket: z.number().int(),
  /**
   * What the cause receives: while selling, the donations paid plus what the ticket sales would give it if the event
   * settled now (nothing until the tickets' revenue, less the platform's fee, pays for the food); once settled, what
   * the settlement paid it; cancelled, 0 (everything was refunded).
   */
  raised_for_cause: z.number().int(),
  /** What the ticket sales give the cause when every seat is sold (donations aside). */
  cause_share_when_sold_out: z.number().int(),
  /** The restaurant's first photo (absolute address), for the page and link previews. */
  image: z.string().nullable(),
  /** The share page's absolute address (what the share buttons and the QR code carry). */
  url: z.string(),
});
export type PublicEventDetail = z.infer<typeof publicEventDetailSchema>;

// ---------------------------------------------------------------- tickets

/** How long a checkout holds its tickets (docs/product.md, Money: 15 minutes), on the business clock. */
export const TICKET_HOLD_MINUTES = 15;
/** The most tickets one checkout buys. */
export const MAX_TICKETS_PER_CHECKOUT = 20;
/** The largest donation one checkout takes, in minor units (with the tickets, the checkout's amount fits its column). */
export const MAX_DONATION = CHECKOUT_DONATION_MAX;

const ticketQuantitySchema = z
  .number('validation.notANumber')
  .int('validation.notAnInteger')
  .min(1, 'validation.quantityAtLeastOne')
  .max(MAX_TICKETS_PER_CHECKOUT, 'validation.quantityTooMany');

/**
 * POST /v1/events/{id}/checkouts: tickets for `attendees` (one name per ticket), the buyer's email and an optional
 * donation in minor units. Amounts are the server's: only the quantity and the donation are read.
 */
export const ticketCheckoutCreateSchema = z
  .object({
    quantity: ticketQuantitySchema,
    email: emailSchema,
    attendees: z.array(personNameSchema, 'validation.required').min(1, 'validation.required').max(MAX_TICKETS_PER_CHECKOUT, 'validation.quantityTooMany'),
    donation: z.number('validation.notANumber').int('validation.notAnInteger').min(0, 'validation.tooSmall').max(MAX_DONATION, 'validation.tooLarge').optional(),
  })
  .refine((value) => value.attendees.length === value.quantity, { path: ['attendees'], message: 'validation.oneNamePerTicket' });
export type TicketCheckoutCreateInput = z.infer<typeof ticketCheckoutCreateSchema>;

export const TICKET_CHECKOUT_STATUSES = ['held', 'paid', 'expired', 'cancelled', 'refunded'] as const;
export type TicketCheckoutStatusName = (typeof TICKET_CHECKOUT_STATUSES)[number];

/** 201 of POST /v1/events/{id}/checkouts (fixed fields), then what the payment page and the tickets page show. */
export const ticketCheckoutSchema = z.object({
  id: z.uuid(),
  expires_at: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  payment: z.object({ id: z.uuid(), status: z.string(), client_secret: z.string().optional() }),
  event_id: z.uuid(),
  status: z.enum(TICKET_CHECKOUT_STATUSES),
  quantity: z.number().int(),
  ticket_price: z.number().int(),
  donation: z.number().int(),
  email: z.string(),
  attendees: z.array(z.string()),
});
export type TicketCheckout = z.infer<typeof ticketCheckoutSchema>;

/** One issued ticket: `code` is what its QR code holds. */
export const issuedTicketSchema = z.object({
  id: z.uuid(),
  attendee_name: z.string(),
  code: z.string(),
  checked_in_at: z.string().nullable(),
});
export type IssuedTicket = z.infer<typeof issuedTicketSchema>;

/**
 * GET /v1/checkouts/{id}: the buyer's tickets page (no account; the checkout's id is the unguessable link), with
 * the gift component of the purchase (each ticket: its price less the value of the dinner; the donation: all of it).
 * `tax_deductible` is the same amount under its first name; whether a gift is tax-deductible depends on the cause's
 * status, which receipts state only once causes carry it (docs/decisions/0132).
 */
export const ticketOrderSchema = ticketCheckoutSchema.extend({
  event: z.object({ title: z.string(), date: z.string(), restaurant_name: z.string(), address: z.string().nullable(), time_zone: z.string().nullable(), cause_name: z.string().nullable() }),
  tickets: z.array(issuedTicketSchema),
  tax_deductible: z.number().int(),
  gift_component: z.number().int(),
});
export type TicketOrder = z.infer<typeof ticketOrderSchema>;

export const checkoutIdParamSchema = z.object({ id: z.uuid('validation.invalidId') });

/** POST /v1/events/{id}/waitlist. */
export const waitlistJoinSchema = z.object({ email: emailSchema });

/** POST /v1/bookings/{id}/check-ins: a scanned or typed ticket code. */
export const ticketCheckInSchema = z.object({ code: textInput('validation.required').trim().min(1, 'validation.required').max(64, 'validation.tooLong') });

/** An attendee on the booking page (the restaurant side and the client). */
export const attendeeSchema = z.object({
  ticket_id: z.uuid(),
  attendee_name: z.string(),
  code: z.string(),
  buyer_email: z.string(),
  checked_in_at: z.string().nullable(),
  checked_in_by: z.string().nullable(),
});
export type Attendee = z.infer<typeof attendeeSchema>;
export const attendeeListSchema = z.object({ data: z.array(attendeeSchema) });

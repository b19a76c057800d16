import { z } from 'zod';

/** `{id}` of a public event: the booking's id. */
export const eventIdParamSchema = z.object({ id: z.uuid('validation.invalidId') });

/** What moves while an event sells: tickets left and money raised (minor units); the stream's frames. */
export const eventProgressSchema = z.object({ tickets_left: z.number().int(), raised: z.number().int() });
export type EventProgress = z.infer<typeof eventProgressSchema>;

/**
 * GET /v1/events/{id}: a confirmed booking as its public share page shows it (issue 10). The fixed fields come
 * first; `story`, `menu`, `cause_share_per_ticket` (ticket price less the menu's price per head), `time_zone`,
 * `image` and `url` are what the page needs besides.
 */
export const publicEventDetailSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.literal('CONFIRMED'),
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
  goal: z.number().int().nullable(),
  story: z.string().nullable(),
  menu: z.object({ name: z.string(), description: z.string().nullable(), price_per_head: z.number().int() }).nullable(),
  cause_share_per_ticket: z.number().int(),
  /** The restaurant's first photo (absolute address), for the page and link previews. */
  image: z.string().nullable(),
  /** The share page's absolute address (what the share buttons and the QR code carry). */
  url: z.string(),
});
export type PublicEventDetail = z.infer<typeof publicEventDetailSchema>;

import { z } from 'zod';
import { textInput } from './text.ts';

/** GET /dev/clock: the business clock (outside production only). */
export const devClockSchema = z.object({ now: z.iso.datetime(), offset_ms: z.number().int() });
export type DevClock = z.infer<typeof devClockSchema>;

/** POST /dev/clock: moves the business clock forward by `advance_ms` milliseconds. */
export const advanceDevClockSchema = z.object({
  advance_ms: z
    .number('validation.notANumber')
    .int('validation.notAnInteger')
    .min(0, 'validation.tooSmall')
    .max(Number.MAX_SAFE_INTEGER, 'validation.tooLarge'),
});
export type AdvanceDevClockInput = z.infer<typeof advanceDevClockSchema>;

/** POST /v1/live/tickets: a single-use ticket that opens one live stream (`?ticket=`) within a minute. */
export const liveTicketSchema = z.object({ ticket: z.string(), expires_at: z.iso.datetime() });
export type LiveTicket = z.infer<typeof liveTicketSchema>;

/** Query of a live stream: the optional ticket (for EventSource, which cannot send the bearer header). */
export const liveStreamQuerySchema = z.object({ ticket: textInput().max(200, 'validation.tooLong').optional() });

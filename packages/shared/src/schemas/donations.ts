import { z } from 'zod';
import { pagedListSchema } from './common.ts';
import { textInput } from './text.ts';
import { emailSchema } from './user.ts';

/** `{id}` of a cause receiving a donation (`/donate/{id}`): the cause's id. */
export const donationCauseParamSchema = z.object({ id: z.uuid('validation.invalidId') });
/** The length of a donation's receipt secret (`receipt_token`). */
export const RECEIPT_TOKEN_LENGTH = 64;
/** The shape of a receipt secret: lowercase hex digits (two random UUIDs without their dashes). */
export const RECEIPT_TOKEN_PATTERN = /^[0-9a-f]{64}$/;
/**
 * `{id}` of GET /v1/donations/{id}: the donation's receipt secret (`receipt_token`, only in the donor's own answers
 * and emails). Anything else, a donation's id included, opens nothing (404).
 */
export const donationIdParamSchema = z.object({ id: z.string().min(1, 'validation.required').max(RECEIPT_TOKEN_LENGTH * 2, 'validation.tooLong') });

/** Smallest and largest donation per currency, in minor units (A$2–A$10,000; 20,000–200,000,000 ₫). */
export const DONATION_LIMITS: Record<string, { min: number; max: number }> = {
  AUD: { min: 200, max: 1_000_000 },
  VND: { min: 20_000, max: 200_000_000 },
};
/** The amounts the donate page offers first, in minor units (VND scaled to what a donor there gives). */
export const DONATION_PRESETS: Record<string, readonly number[]> = {
  AUD: [2_500, 5_000, 10_000],
  VND: [200_000, 500_000, 1_000_000],
};
export const DONATION_MESSAGE_MAX = 500;
export const DONOR_NAME_MAX = 100;

/**
 * POST /v1/causes/{id}/donations: the amount (minor units of the currency the server picks: the event's, else the
 * cause's country's) is the donor's choice, limited per currency by the server (400 naming `amount`); `event_id` ties
 * the donation to a confirmed event raising money for this cause.
 */
export const donationCreateSchema = z.object({
  amount: z.number('validation.notANumber').int('validation.notAnInteger').positive('validation.tooSmall').max(1_000_000_000, 'validation.tooLarge'),
  email: emailSchema,
  name: textInput('validation.notAString')
    .trim()
    .max(DONOR_NAME_MAX, 'validation.tooLong')
    .nullish()
    .transform((value) => value || null),
  message: textInput('validation.notAString', { multiline: true })
    .trim()
    .max(DONATION_MESSAGE_MAX, 'validation.tooLong')
    .nullish()
    .transform((value) => value || null),
  anonymous: z.boolean('validation.notABoolean').default(false),
  event_id: z.uuid('validation.invalidId').nullish().transform((value) => value ?? null),
});
export type DonationCreateInput = z.input<typeof donationCreateSchema>;
export type DonationCreateParsed = z.output<typeof donationCreateSchema>;

export const DONATION_STATUSES = ['pending', 'paid', 'refunded'] as const;

/** 201 of POST /v1/causes/{id}/donations, and GET /v1/donations/{receipt_token} (the donor's receipt page): the donor's own. */
export const donationSchema = z.object({
  id: z.uuid(),
  /** The secret that opens this receipt (GET /v1/donations/{receipt_token}, the emails' link). */
  receipt_token: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(DONATION_STATUSES),
  payment: z.object({ id: z.uuid(), status: z.string(), client_secret: z.string().optional() }),
  cause: z.object({ id: z.uuid(), name: z.string(), charity_registration_number: z.string().nullable() }),
  event: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  email: z.string(),
  name: z.string().nullable(),
  message: z.string().nullable(),
  anonymous: z.boolean(),
  /** All of a donation is tax-deductible. */
  tax_deductible: z.number().int(),
  created_at: z.string(),
});
export type Donation = z.infer<typeof donationSchema>;

/** GET /v1/causes/{id}/donation-options: what the donate page needs before the donor chooses. */
export const donationOptionsSchema = z.object({
  cause: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  event: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  currency: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  presets: z.array(z.number().int()),
});
export type DonationOptions = z.infer<typeof donationOptionsSchema>;
export const donationOptionsQuerySchema = z.object({ event: z.uuid('validation.invalidId').optional() });

/** The most supporters one call lists. */
export const SUPPORTERS_LIMIT_MAX = 20;

/** GET /v1/causes/{id}/supporters?event&limit: `event` narrows to one of its events' donations. */
export const supportersQuerySchema = z.object({
  event: z.uuid('validation.invalidId').optional(),
  limit: z.coerce.number('validation.notANumber').int('validation.notAnInteger').min(1, 'validation.tooSmall').max(SUPPORTERS_LIMIT_MAX, 'validation.tooLarge').default(10),
});

/**
 * A paid donation as public pages list it: `name` is null when the donor gave none or chose to be anonymous (the
 * page says "Anonymous"); the message is for the cause, never public; no id (nothing a stranger could open).
 */
export const supporterSchema = z.object({
  name: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
});
export type Supporter = z.infer<typeof supporterSchema>;
/** Newest first; `total` counts every paid donation of the cause (or the event). */
export const supporterListSchema = z.object({ data: z.array(supporterSchema), total: z.number().int() });
export type SupporterList = z.infer<typeof supporterListSchema>;

/**
 * GET /v1/causes/{id}/donations (the cause's owner only): its paid donations, newest first, as the owner reads them:
 * the donor's name even when the gift is anonymous to the public, the message, the event it was given for.
 */
export const causeDonationSchema = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  currency: z.string(),
  name: z.string().nullable(),
  message: z.string().nullable(),
  anonymous: z.boolean(),
  event_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type CauseDonation = z.infer<typeof causeDonationSchema>;
export const causeDonationListSchema = pagedListSchema(causeDonationSchema);
export type CauseDonationList = z.infer<typeof causeDonationListSchema>;

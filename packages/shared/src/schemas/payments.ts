import { z } from 'zod';
import { PAYMENT_TYPES } from '../booking-status.ts';

/**
 * The payment types this deployment takes for a booking so far (issue 9, first slice): card deposits and the whole
 * restaurant cost by card. BECS, bank transfer and the balance charge come with their slices.
 */
export const PAYABLE_TYPES = ['CREDIT_CARD_DEPOSIT', 'CREDIT_CARD_TOTAL_FEE'] as const satisfies readonly (typeof PAYMENT_TYPES)[number][];
export type PayableType = (typeof PAYABLE_TYPES)[number];

/** Stripe's PaymentIntent statuses, as far as the local provider uses them. */
export const PAYMENT_STATUSES = ['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The `Idempotency-Key` header: any printable ASCII, like Stripe's (up to 255 characters). */
export const idempotencyKeySchema = z
  .string('validation.required')
  .min(1, 'validation.required')
  .max(255, 'validation.tooLong')
  .regex(/^[\x21-\x7e]+$/, 'validation.invalid');

/** Why a card payment failed (Stripe's codes), for the payer's message in its language. */
export const PAYMENT_FAILURE_CODES = ['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_number', 'live_card_in_test_mode', 'authentication_failed'] as const;
export type PaymentFailureCode = (typeof PAYMENT_FAILURE_CODES)[number];

export const paymentCreateSchema = z.object({ type: z.enum(PAYABLE_TYPES, 'validation.invalidPaymentType') });

const digits = (min: number, max: number) =>
  z
    .string('validation.notAString')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${min},${max}}$`), 'validation.invalid'));

/** Card details for the local provider (the Stripe provider's Payment Element keeps them off our server). */
export const cardInputSchema = z.object({
  number: digits(12, 19),
  exp_month: z.coerce.number('validation.notANumber').int('validation.notAnInteger').min(1, 'validation.invalid').max(12, 'validation.invalid'),
  exp_year: z.coerce.number('validation.notANumber').int('validation.notAnInteger').min(2000, 'validation.invalid').max(2100, 'validation.invalid'),
  cvc: digits(3, 4),
});
export type CardInput = z.infer<typeof cardInputSchema>;

export const paymentConfirmSchema = z.object({ card: cardInputSchema });

/** The local provider's extra step (`/intermediary/{id}`): the payer approves or fails it. */
export const paymentActionOutcomeSchema = z.object({ outcome: z.enum(['approve', 'fail'], 'validation.invalid') });

export const paymentSchema = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  type: z.enum(PAYMENT_TYPES),
  /** In the currency's minor unit (AUD cents; VND has none), computed by the server. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** How much of it went back to the payer (cancellation, or the unused prepayment at settlement); 0 when none. */
  refunded_amount: z.number().int(),
  /** Only with providers that confirm in the browser (Stripe); the local provider has none. */
  client_secret: z.string().optional(),
  /** Where the payer completes an extra step (`requires_action`). */
  next_action_url: z.string().optional(),
  /** The provider's message for the last failed attempt. */
  failure_message: z.string().optional(),
  failure_code: z.enum(PAYMENT_FAILURE_CODES).optional(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** What a booking's payer may pay now (the payment page): each type with its server-computed amount. */
export const paymentOptionsSchema = z.object({
  booking_id: z.uuid(),
  currency: z.string(),
  deposit_percent: z.number(),
  options: z.array(z.object({ type: z.enum(PAYABLE_TYPES), amount: z.number().int() })),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

import { z } from 'zod';
import { PAYMENT_TYPES } from '../booking-status.ts';
import { apiErrorSchema, pagedListSchema, pageQuerySchema } from './common.ts';
import { textInput } from './text.ts';
import { normaliseBsb } from '../typed-input.ts';

/**
 * The payment types a booking's client chooses from (docs/product.md, Entities): a deposit or the whole restaurant cost, by card or
 * by BECS Direct Debit (Australian bank accounts, AUD only), or the deposit by bank transfer. The balance charge
 * (`BECS_DEBIT_BALANCE_FEE`) is the settlement's, never the client's choice.
 */
export const PAYABLE_TYPES = [
  'CREDIT_CARD_DEPOSIT',
  'CREDIT_CARD_TOTAL_FEE',
  'BECS_DEBIT_DEPOSIT',
  'BECS_DEBIT_TOTAL_FEE',
  'BANK_DEPOSIT',
] as const satisfies readonly (typeof PAYMENT_TYPES)[number][];
export type PayableType = (typeof PAYABLE_TYPES)[number];
/** How a payable type is paid: the details `POST /payments/{id}/confirm` takes (bank transfers have no confirm). */
export function paymentMethodOf(type: PayableType): 'card' | 'becs' | 'bank_transfer' {
  if (type === 'BANK_DEPOSIT') return 'bank_transfer';
  return type.startsWith('BECS_') ? 'becs' : 'card';
}

/** Stripe's PaymentIntent statuses, as far as the local provider uses them. */
export const PAYMENT_STATUSES = ['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The `Idempotency-Key` header: any printable ASCII, like Stripe's (up to 255 characters). */
export const idempotencyKeySchema = z
  .string('validation.required')
  .min(1, 'validation.required')
  .max(255, 'validation.tooLong')
  .regex(/^[\x21-\x7e]+$/, 'validation.invalid');

/** Why a payment failed (Stripe's codes: cards, then BECS debits), for the payer's message in its language. */
export const PAYMENT_FAILURE_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_number',
  'live_card_in_test_mode',
  'authentication_failed',
  'account_closed',
  'no_account',
  'refer_to_customer',
  'debit_not_authorized',
  'invalid_account_number',
] as const;
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

/**
 * An Australian bank account to debit (BECS Direct Debit), as Stripe's `au_becs_debit` takes it: the BSB as
 * `000-000` (or six digits), the account number 5 to 9 digits, and the account holder's name (the mandate's signatory).
 */
export const becsInputSchema = z.object({
  bsb: z.string('validation.notAString').transform(normaliseBsb).pipe(z.string().regex(/^\d{3}-\d{3}$/, 'validation.invalidBsb')),
  account_number: z
    .string('validation.notAString')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{5,9}$/, 'validation.invalidBankAccountNumber')),
  account_name: textInput().trim().min(1, 'validation.required').max(140, 'validation.tooLong'),
});
export type BecsInput = z.infer<typeof becsInputSchema>;

/** A card or a bank account, exactly one (the payment's type says which; a mismatch is 400). */
export const paymentConfirmSchema = z
  .object({ card: cardInputSchema.optional(), becs: becsInputSchema.optional() })
  .superRefine((value, context) => {
    if (!value.card && !value.becs) context.addIssue({ code: 'custom', path: ['card'], message: 'validation.required' });
    if (value.card && value.becs) context.addIssue({ code: 'custom', path: ['becs'], message: 'validation.invalid' });
  });
export type PaymentConfirmInput = z.infer<typeof paymentConfirmSchema>;

/** The local provider's extra step (`/intermediary/{id}`): the payer approves or fails it. */
export const paymentActionOutcomeSchema = z.object({ outcome: z.enum(['approve', 'fail'], 'validation.invalid') });

export const paymentSchema = z.object({
  id: z.uuid(),
  /** Null only for a donation given to a cause without an event (`CREDIT_CARD_DONATION`). */
  booking_id: z.uuid().nullable(),
  type: z.enum(PAYMENT_TYPES),
  /** In the currency's minor unit (AUD cents; VND has none), computed by the server. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** How much of it went back to the payer (cancellation, or the unused prepayment at settlement); 0 when none. */
  refunded_amount: z.number().int(),
  // The fields every payment has come before the optional ones: the order fast-json-stringify writes them in (the
  // confirm's answer is fast-serialised, and must match zod's byte for byte).
  created_at: z.string(),
  /** Only with providers that confirm in the browser (Stripe); the local provider has none. */
  client_secret: z.string().optional(),
  /** Where the payer completes an extra step (`requires_action`). */
  next_action_url: z.string().optional(),
  /** The provider's message for the last failed attempt. */
  failure_message: z.string().optional(),
  failure_code: z.enum(PAYMENT_FAILURE_CODES).optional(),
  /** A BECS debit in flight: when it is expected to clear (business clock). */
  processing_until: z.string().optional(),
  /** The debited account (BECS): never the whole number. */
  bank_account: z.object({ bsb: z.string(), last4: z.string() }).optional(),
  /** A bank transfer (`BANK_DEPOSIT`): where to send the amount and the reference that identifies it. */
  bank_transfer: z
    .object({ account_name: z.string(), bank_name: z.string(), account_number: z.string(), reference: z.string(), bsb: z.string().optional() })
    .optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The booking's payments still in flight (a BECS debit processing, a bank transfer awaited), for its parties. */
export const openPaymentsSchema = z.object({ data: z.array(paymentSchema) });
export type OpenPayments = z.infer<typeof openPaymentsSchema>;

/** What a booking's payer may pay now (the payment page): each type with its server-computed amount. */
export const paymentOptionsSchema = z.object({
  booking_id: z.uuid(),
  currency: z.string(),
  deposit_percent: z.number(),
  options: z.array(z.object({ type: z.enum(PAYABLE_TYPES), amount: z.number().int() })),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/**
 * GET /v1/bookings/{id}/settlement-preview: what settling the booking now would do (`settled: false`), or what its
 * settlement did (`settled: true`), in minor units. Money out equals money in:
 * restaurant_amount + cause_amount + platform_fee + client_refund = ticket_revenue + donations + client_prepaid + client_charge.
 */
export const settlementPreviewSchema = z.object({
  currency: z.string(),
  settled: z.boolean(),
  tickets_sold: z.number().int(),
  ticket_revenue: z.number().int(),
  donations: z.number().int(),
  food_cost: z.number().int(),
  platform_fee: z.number().int(),
  restaurant_amount: z.number().int(),
  cause_amount: z.number().int(),
  /** What the client prepaid and the platform held when it settles (deposit or total fee, less refunds). */
  client_prepaid: z.number().int(),
  /** The part of the prepayment not needed: refunded to the client. */
  client_refund: z.number().int(),
  /** The shortfall beyond the prepayment: charged to the client's saved payment method. */
  client_charge: z.number().int(),
});
export type SettlementPreview = z.infer<typeof settlementPreviewSchema>;

/** The 409 of a confirm-complete whose `expected_charge` is missing or no longer the charge: the error and the preview now. */
export const settlementConflictSchema = apiErrorSchema.extend({ preview: settlementPreviewSchema });
export type SettlementConflict = z.infer<typeof settlementConflictSchema>;

/** GET /v1/bookings/{id}/cancellation-preview: what the viewer cancelling now does to the organiser's prepayment. */
export const cancellationPreviewSchema = z.object({
  currency: z.string(),
  /** Refunded to the organiser. */
  refund_amount: z.number().int(),
  /** Kept by the restaurant. */
  forfeited_amount: z.number().int(),
});
export type CancellationPreview = z.infer<typeof cancellationPreviewSchema>;

// ---------------------------------------------------------------- payments lists and receipts

/**
 * What a row of a payments list is: a payment the client made (its payment type), or a ledger movement named by its
 * kind — a refund to the client, the earner's share at settlement, a forfeited deposit, a payout to the bank.
 */
export const PAYMENT_LIST_ITEM_TYPES = [...PAYMENT_TYPES, 'REFUND', 'SETTLEMENT', 'FORFEIT', 'PAYOUT'] as const;
export type PaymentListItemType = (typeof PAYMENT_LIST_ITEM_TYPES)[number];

/**
 * A row's status: a payment's own status; for the restaurant a client's succeeded payment is `held` (the platform
 * holds it until the booking settles: not the restaurant's income) or `settled`; for the cause a donation to an event
 * is `held` until the event settles (then `settled`: its settlement share includes it) and a donation without an
 * event `succeeded` (the cause's at once); a succeeded payment refunded in full is `refunded`; ledger movements
 * (refunds, settlements, forfeits) are `succeeded`, payouts `paid`.
 */
export const PAYMENT_LIST_ITEM_STATUSES = [...PAYMENT_STATUSES, 'held', 'settled', 'refunded', 'paid'] as const;
export type PaymentListItemStatus = (typeof PAYMENT_LIST_ITEM_STATUSES)[number];

export const paymentListQuerySchema = pageQuerySchema.extend({ booking_id: z.uuid('validation.invalidId').optional() });
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;
/** `GET /v1/payments` also takes one of the restaurants the viewer runs (a manager's view of one restaurant). */
export const earnerPaymentListQuerySchema = paymentListQuerySchema.extend({ restaurant_id: z.uuid('validation.invalidId').optional() });
export type EarnerPaymentListQuery = z.infer<typeof earnerPaymentListQuerySchema>;

export const paymentListItemSchema = z.object({
  /** The payment's id, or the ledger transaction's for a movement without a payment of its own. */
  id: z.uuid(),
  /** The payment this row is (or refunds): the receipt's id. */
  payment_id: z.uuid().nullable(),
  /** Null for a payout, which may span bookings. */
  booking_id: z.uuid().nullable(),
  type: z.enum(PAYMENT_LIST_ITEM_TYPES),
  /** The movement's size in the currency's minor unit, always positive: the type says which way it went. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_LIST_ITEM_STATUSES),
  created_at: z.string(),
  booking: z
    .object({
      id: z.uuid(),
      title: z.string().nullable(),
      date: z.string().nullable(),
      restaurant: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
      cause: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    })
    .nullable(),
  /**
   * A donation row of a cause's list (`CREDIT_CARD_DONATION`): the gift as its cause's owner reads it, the donor's
   * name even when the gift is anonymous to the public. Absent from every other row.
   */
  donation: z
    .object({
      id: z.uuid(),
      name: z.string().nullable(),
      message: z.string().nullable(),
      anonymous: z.boolean(),
      cause: z.object({ id: z.uuid(), name: z.string() }),
    })
    .optional(),
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;

/**
 * Which total of a restaurant's or cause's list a row adds to (the API's totals are these sums over all its rows):
 * settlement shares, forfeited deposits and donations without an event are `earned`; payouts `paid_out`; a client's
 * deposit or a donation to an event the platform still holds is `held`; anything else (a deposit settled or refunded:
 * its money reached the earner through the settlement row, or went back) adds to none.
 */
export function earnerRowTotal(item: Pick<PaymentListItem, 'type' | 'status'>): 'earned' | 'paid_out' | 'held' | null {
  if (item.type === 'SETTLEMENT' || item.type === 'FORFEIT') return 'earned';
  if (item.type === 'CREDIT_CARD_DONATION' && item.status === 'succeeded') return 'earned';
  if (item.type === 'PAYOUT') return 'paid_out';
  return item.status === 'held' ? 'held' : null;
}

/**
 * A restaurant's or cause's totals in one currency, the sums of its list's rows (all pages): `earned` what became
 * its own (settlement shares, forfeited deposits, donations without an event), `paid_out` its payouts, `pending`
 * earned and not yet paid out (its earnings account's balance), `held` the rows the platform holds until their event
 * settles (a restaurant's clients' deposits, a cause's donations to events): not income yet.
 */
export const earnerTotalsSchema = z.object({
  currency: z.string(),
  earned: z.number().int(),
  paid_out: z.number().int(),
  pending: z.number().int(),
  held: z.number().int(),
});
export type EarnerTotals = z.infer<typeof earnerTotalsSchema>;

/** A client's totals in one currency, from its payer account: what it paid and what came back. */
export const payerTotalsSchema = z.object({ currency: z.string(), paid: z.number().int(), refunded: z.number().int() });
export type PayerTotals = z.infer<typeof payerTotalsSchema>;

/**
 * Money over time for the chart, one entry per month (UTC) and currency with rows: `received` the payments listed
 * for the earner (a restaurant's clients' deposits, a cause's donations) that were not refunded, `earned` and
 * `paid_out` as in the totals.
 */
export const earnerMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  currency: z.string(),
  received: z.number().int(),
  earned: z.number().int(),
  paid_out: z.number().int(),
});
export type EarnerMonth = z.infer<typeof earnerMonthSchema>;

export const earnerPaymentListSchema = pagedListSchema(paymentListItemSchema).extend({ totals: z.array(earnerTotalsSchema), months: z.array(earnerMonthSchema) });
export type EarnerPaymentList = z.infer<typeof earnerPaymentListSchema>;
export const payerPaymentListSchema = pagedListSchema(paymentListItemSchema).extend({ totals: z.array(payerTotalsSchema) });
export type PayerPaymentList = z.infer<typeof payerPaymentListSchema>;

/** A succeeded payment's receipt: the payment, who paid, the booking and its parties, what was refunded of it. */
export const paymentReceiptSchema = z.object({
  payment: paymentSchema,
  /** Business-clock time the payment succeeded. */
  paid_at: z.string(),
  refunded: z.number().int(),
  payer: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
  booking: z.object({ id: z.uuid(), title: z.string().nullable(), date: z.string().nullable(), guests: z.number().int().nullable() }),
  restaurant: z
    .object({ id: z.uuid(), name: z.string().nullable(), address: z.string().nullable(), city: z.string().nullable(), timezone: z.string() })
    .nullable(),
  cause: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

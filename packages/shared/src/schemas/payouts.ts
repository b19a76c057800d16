import { z } from 'zod';
import { textInput } from './text.ts';
import { countryCodeSchema } from './restaurants.ts';
import { normaliseBsb } from '../typed-input.ts';

/**
 * Payout accounts (`/payment-management`): where a restaurant (seller) or a cause is paid. The local
 * provider onboards an Australian account (BSB + account number) or one at a major Vietnamese bank; a user whose
 * country the provider does not serve (`country_not_listed`) enters bank details for manual payouts instead.
 */

/** Major Vietnamese banks by their NAPAS short code (the code is what is stored and sent). */
export const VN_BANKS = [
  { code: 'VCB', name: 'Vietcombank' },
  { code: 'BIDV', name: 'BIDV' },
  { code: 'ICB', name: 'VietinBank' },
  { code: 'VBA', name: 'Agribank' },
  { code: 'TCB', name: 'Techcombank' },
  { code: 'MB', name: 'MB Bank' },
  { code: 'ACB', name: 'ACB' },
  { code: 'VPB', name: 'VPBank' },
  { code: 'STB', name: 'Sacombank' },
  { code: 'TPB', name: 'TPBank' },
  { code: 'HDB', name: 'HDBank' },
  { code: 'VIB', name: 'VIB' },
  { code: 'SHB', name: 'SHB' },
  { code: 'MSB', name: 'MSB' },
  { code: 'OCB', name: 'OCB' },
] as const;
export const VN_BANK_CODES = VN_BANKS.map((bank) => bank.code) as [(typeof VN_BANKS)[number]['code'], ...(typeof VN_BANKS)[number]['code'][]];
export type VnBankCode = (typeof VN_BANK_CODES)[number];

/** The countries the local provider pays out in. */
export const PAYOUT_COUNTRIES = ['AU', 'VN'] as const;
export type PayoutCountry = (typeof PAYOUT_COUNTRIES)[number];

const holderSchema = textInput('validation.required').trim().min(1, 'validation.required').max(100, 'validation.tooLong');

/** Digits only (spaces and hyphens people type are dropped), `min`–`max` of them. */
const accountNumberSchema = (min: number, max: number) =>
  textInput('validation.required')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, 'validation.required').regex(new RegExp(`^\\d{${min},${max}}$`), 'validation.invalidAccountNumber'));

/** An Australian Bank-State-Branch number, kept as printed on statements (`000-000`); typed with or without its dash. */
export const bsbSchema = textInput('validation.required')
  .transform(normaliseBsb)
  .pipe(z.string().min(1, 'validation.required').regex(/^\d{3}-\d{3}$/, 'validation.invalidBsb'));

/**
 * PUT /v1/payments/me/connected-account (local provider): the account holder and either an Australian account
 * (BSB + 5–9 digit account number, as BECS accepts) or a Vietnamese bank from VN_BANKS with a 6–19 digit number.
 */
export const payoutAccountInputSchema = z.discriminatedUnion(
  'country',
  [
    z.object({ country: z.literal('AU'), account_holder: holderSchema, bsb: bsbSchema, account_number: accountNumberSchema(5, 9) }),
    z.object({
      country: z.literal('VN'),
      account_holder: holderSchema,
      bank_code: z.enum(VN_BANK_CODES, 'validation.invalidBank'),
      account_number: accountNumberSchema(6, 19),
    }),
  ],
  'validation.invalidCountry',
);
export type PayoutAccountInput = z.input<typeof payoutAccountInputSchema>;
export type PayoutAccountDetails = z.output<typeof payoutAccountInputSchema>;

/** The bank account a connected account pays out to, as shown back: never the full number. */
export const externalAccountSchema = z.object({
  country: z.enum(PAYOUT_COUNTRIES),
  account_holder: z.string(),
  bsb: z.string().nullable(),
  bank_code: z.string().nullable(),
  account_number_last4: z.string(),
});
export type ExternalAccount = z.infer<typeof externalAccountSchema>;

/** A SWIFT/BIC code: bank (4 letters), country (2), location (2) and an optional branch (3). */
const swiftCodeSchema = textInput('validation.required')
  .trim()
  .toUpperCase()
  .min(1, 'validation.required')
  .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'validation.invalidSwiftCode');

/** An IBAN or a domestic account number: 4–34 letters and digits once spaces and hyphens are dropped. */
const manualAccountNumberSchema = textInput('validation.required')
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().min(1, 'validation.required').regex(/^[A-Z0-9]{4,34}$/, 'validation.invalidAccountNumber'));

/** One bank account entered by hand for manual payouts (the `bank` list of docs/product.md, Entities). */
export const manualBankAccountInputSchema = z.object({
  account_name: holderSchema,
  country: countryCodeSchema,
  bank_name: textInput('validation.required').trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  swift_code: swiftCodeSchema,
  account_number: manualAccountNumberSchema,
});
export type ManualBankAccountInput = z.input<typeof manualBankAccountInputSchema>;

/**
 * PUT /v1/payments/me/bank-details: whether the user's country is one the provider does not serve, and (only then)
 * the bank account to pay them by hand, which replaces the `bank` list.
 */
export const bankDetailsInputSchema = z
  .object({
    country_not_listed: z.boolean('validation.notABoolean'),
    bank_account: manualBankAccountInputSchema.optional(),
  })
  .superRefine((input, context) => {
    if (input.bank_account && !input.country_not_listed) {
      context.addIssue({ code: 'custom', path: ['bank_account'], message: 'validation.bankDetailsNeedCountryNotListed' });
    }
  });
export type BankDetailsInput = z.input<typeof bankDetailsInputSchema>;
export type BankDetails = z.output<typeof bankDetailsInputSchema>;

/**
 * Onboarding at the payment provider's hosted pages (Stripe Connect Express, `POST
 * /payments/me/connected-account/onboarding`): the account's country (an ISO code; the provider may not serve it).
 */
export const providerOnboardingInputSchema = z.object({ country: countryCodeSchema });
export type ProviderOnboardingInput = z.infer<typeof providerOnboardingInputSchema>;

/** Where to send the browser: the provider's single-use onboarding page (it returns to `/payment-management`). */
export const providerOnboardingLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type ProviderOnboardingLink = z.infer<typeof providerOnboardingLinkSchema>;

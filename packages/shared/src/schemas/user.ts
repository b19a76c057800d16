import { z } from 'zod';
import { textInput } from './text.ts';
import { ROLES } from '../roles.ts';
import { isValidTimeZone } from '../helpers.ts';

export const roleSchema = z.enum(ROLES);

export const emailSchema = textInput('validation.required')
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(254, 'validation.tooLong')
  .pipe(z.email('validation.invalidEmail'));

export const personNameSchema = textInput('validation.required').trim().min(1, 'validation.required').max(100, 'validation.tooLong');

export const timeZoneSchema = textInput('validation.required')
  .trim()
  .refine(isValidTimeZone, 'validation.invalidTimeZone');

export const bankAccountSchema = z.object({
  account_name: z.string(),
  bsb: z.string().nullable(),
  account_number_last4: z.string(),
  country: z.string(),
  /** Entered with the details of a country the payment provider does not serve (`country_not_listed`). */
  bank_name: z.string().optional(),
});

/** The signed-in user as GET/PUT /v1/me return it (docs/product.md, Entities: "User (me)"). */
export const meSchema = z.object({
  id: z.uuid(),
  role: roleSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  location: z.string().nullable(),
  timezone: z.string(),
  avatar: z.string().nullable(),
  is_verified: z.boolean(),
  is_hidden_email_verified: z.boolean(),
  is_hidden_payment_verified: z.boolean(),
  connected_account_id: z.string().nullable(),
  bank: z.array(bankAccountSchema),
  country_not_listed: z.boolean(),
  published: z.boolean(),
  biography: z.string().nullable(),
  fkUser: z.uuid().nullable(),
  name: z.string().nullable(),
  language: z.enum(['en', 'vn']),
  created_at: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/** PUT /v1/me body (docs/product.md, API calls). */
export const updateMeSchema = z.object({
  first_name: personNameSchema,
  last_name: personNameSchema,
  email: emailSchema,
  location: textInput().trim().max(200, 'validation.tooLong').nullish(),
  timezone: timeZoneSchema,
  is_hidden_payment_verified: z.boolean('validation.notABoolean').optional(),
  is_hidden_email_verified: z.boolean('validation.notABoolean').optional(),
  language: z.enum(['en', 'vn'], 'validation.invalidLanguage').optional(),
  /** Required to change the email of an account that has a password. */
  current_password: textInput().max(200, 'validation.tooLong').optional(),
});
export type UpdateMeInput = z.input<typeof updateMeSchema>;

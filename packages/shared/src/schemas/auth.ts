import { z } from 'zod';
import { textInput } from './text.ts';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import { emailSchema, meSchema, personNameSchema, timeZoneSchema } from './user.ts';

export const passwordSchema = textInput('validation.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort')
  .max(200, 'validation.tooLong');

/**
 * POST /v1/auth/sign-up. `role`: `user` (default) or `cause` from /sign-up, `seller` (with the restaurant's
 * `name`) from /register-as-a-restaurant, `manager` from /management-access. `language` and `timezone` are the
 * browser's, so emails arrive in the right language from the first one.
 */
export const signUpSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    first_name: personNameSchema,
    last_name: personNameSchema,
    role: z.enum(['user', 'cause', 'seller', 'manager'], 'validation.invalidRole').default('user'),
    name: textInput().trim().max(150, 'validation.tooLong').optional(),
    language: z.enum(['en', 'vn'], 'validation.invalidLanguage').optional(),
    timezone: timeZoneSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.role === 'seller' && !value.name) context.addIssue({ code: 'custom', path: ['name'], message: 'validation.required' });
  });
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: textInput('validation.required').min(1, 'validation.required'),
});
export type SignInInput = z.input<typeof signInSchema>;

export const accessTokenSchema = z.object({ access_token: z.string(), expires_at: z.string() });
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const authResponseSchema = z.object({ user: meSchema, token: accessTokenSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

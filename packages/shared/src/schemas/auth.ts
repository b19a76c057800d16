import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import { emailSchema, meSchema, personNameSchema } from './user.ts';

export const passwordSchema = z
  .string('validation.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort')
  .max(200, 'validation.tooLong');

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  first_name: personNameSchema,
  last_name: personNameSchema,
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string('validation.required').min(1, 'validation.required'),
});
export type SignInInput = z.input<typeof signInSchema>;

export const accessTokenSchema = z.object({ access_token: z.string(), expires_at: z.string() });
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const authResponseSchema = z.object({ user: meSchema, token: accessTokenSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

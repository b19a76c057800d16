import { z } from 'zod';
import { textInput } from './text.ts';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import { emailSchema, personNameSchema } from './user.ts';
import { externalAccountSchema } from './payouts.ts';

const newPasswordSchema = textInput('validation.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort')
  .max(200, 'validation.tooLong');

/** A token from an emailed link (random, base64url). */
export const emailTokenSchema = textInput('validation.required').trim().min(20, 'validation.invalidToken').max(200, 'validation.invalidToken');

/** Roles anyone can register as; sub-managers only come from an invitation. */
export const SELF_REGISTRATION_ROLES = ['user', 'cause', 'seller', 'manager'] as const;
export type SelfRegistrationRole = (typeof SELF_REGISTRATION_ROLES)[number];

export const restaurantNameSchema = textInput('validation.required').trim().min(1, 'validation.required').max(150, 'validation.tooLong');

/** POST /v1/auth/send-verification-email (docs/product.md, API calls). */
export const sendVerificationEmailSchema = z.object({ email: emailSchema });
export type SendVerificationEmailInput = z.input<typeof sendVerificationEmailSchema>;

export const verifyEmailSchema = z.object({ token: emailTokenSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ token: emailTokenSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Accepting an invitation (sub-manager, or a restaurant account a manager created): choose a password. */
export const acceptInvitationSchema = z.object({ token: emailTokenSchema, password: newPasswordSchema });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** POST /v1/auth/google: the ID token from Google Identity Services; `role` only matters for a new account. */
export const googleSignInSchema = z.object({
  credential: textInput('validation.required').min(10, 'validation.invalidCredential').max(10_000, 'validation.invalidCredential'),
  role: z.enum(['user', 'cause'], 'validation.invalidRole').optional(),
  language: z.enum(['en', 'vn'], 'validation.invalidLanguage').optional(),
});
export type GoogleSignInInput = z.input<typeof googleSignInSchema>;

/** POST /v1/auth/undo-email-change: the token of the link sent to the old address after an email change. */
export const undoEmailChangeSchema = z.object({ token: emailTokenSchema });
export type UndoEmailChangeInput = z.input<typeof undoEmailChangeSchema>;
/** Its answer: the address the account has again. */
export const undoEmailChangeResultSchema = z.object({ email: z.string() });
export type UndoEmailChangeResult = z.infer<typeof undoEmailChangeResultSchema>;

/** Answer of the calls that must not tell whether an address is registered. */
export const acceptedSchema = z.object({ message: z.string() });

export const changePasswordSchema = z.object({
  /** Required when the account has a password; an account made with Google sets its first one without it. */
  current_password: textInput().max(200, 'validation.tooLong').optional(),
  new_password: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({
  /** Required when the account has a password. */
  password: textInput().max(200, 'validation.tooLong').optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const signInMethodsSchema = z.object({
  password: z.boolean(),
  google: z.object({ email: z.string() }).nullable(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/** GET /v1/config: what the web needs to know about this deployment. */
/**
 * Public settings of the deployment: the Google client id (Google sign-in) and the Stripe publishable key (Stripe.js
 * Payment Element on the payment page when Stripe is the provider); null when unset. `payment_provider`: `stripe` when
 * STRIPE_SECRET_KEY is set (payout onboarding at Stripe's hosted pages), else `local` (our own form).
 */
export const publicConfigSchema = z.object({
  google_client_id: z.string().nullable(),
  stripe_publishable_key: z.string().nullable(),
  payment_provider: z.enum(['local', 'stripe']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

// Managers.

export const MANAGER_LINK_STATUSES = ['pending', 'active', 'refused'] as const;
export type ManagerLinkStatus = (typeof MANAGER_LINK_STATUSES)[number];

export const managedRestaurantSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  published: z.boolean(),
  status: z.enum(MANAGER_LINK_STATUSES),
  timezone: z.string(),
});
export type ManagedRestaurant = z.infer<typeof managedRestaurantSchema>;

export const managerRestaurantsQuerySchema = z.object({
  page: z.coerce.number('validation.notANumber').int('validation.notAnInteger').min(1, 'validation.tooSmall').default(1),
  limit: z.coerce.number('validation.notANumber').int('validation.notAnInteger').min(1, 'validation.tooSmall').max(100, 'validation.tooLarge').default(100),
  status: z.enum([...MANAGER_LINK_STATUSES, 'all'], 'validation.invalidStatus').default('active'),
});

/** A manager registers a new restaurant (seller) account it runs; the owner sets a password from the email. */
export const createManagedRestaurantSchema = z.object({
  name: restaurantNameSchema,
  email: emailSchema,
  first_name: personNameSchema,
  last_name: personNameSchema,
});
export type CreateManagedRestaurantInput = z.input<typeof createManagedRestaurantSchema>;

/** A manager asks an existing restaurant account for access. */
export const restaurantAccessRequestSchema = z.object({ email: emailSchema });
export type RestaurantAccessRequestInput = z.input<typeof restaurantAccessRequestSchema>;

export const managerAccessRequestSchema = z.object({
  manager_id: z.uuid(),
  name: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  status: z.enum(MANAGER_LINK_STATUSES),
  created_at: z.string(),
});
export type ManagerAccessRequest = z.infer<typeof managerAccessRequestSchema>;

export const answerAccessRequestSchema = z.object({ status: z.enum(['active', 'refused'], 'validation.invalidStatus') });
export type AnswerAccessRequestInput = z.input<typeof answerAccessRequestSchema>;

/** /sub-manager/add: invite an additional member by email. */
export const inviteTeamMemberSchema = z.object({ email: emailSchema, first_name: personNameSchema, last_name: personNameSchema });
export type InviteTeamMemberInput = z.input<typeof inviteTeamMemberSchema>;

export const teamMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** False until the invitee has chosen a password. */
  joined: z.boolean(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

// Payments (connected payout account).

export const connectedAccountSchema = z.object({
  id: z.string(),
  provider: z.string(),
  capabilities: z.object({ transfers: z.enum(['active', 'inactive', 'pending']) }),
  created_at: z.string(),
  /** The bank account payouts go to (last four digits only), when the provider says. */
  external_account: externalAccountSchema.nullable().optional(),
});
export type ConnectedAccount = z.infer<typeof connectedAccountSchema>;

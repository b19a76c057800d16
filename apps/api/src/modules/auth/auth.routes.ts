import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationSchema,
  acceptedSchema,
  apiErrorSchema,
  authResponseSchema,
  forgotPasswordSchema,
  googleSignInSchema,
  publicConfigSchema,
  resetPasswordSchema,
  sendVerificationEmailSchema,
  signInSchema,
  signUpSchema,
  undoEmailChangeResultSchema,
  undoEmailChangeSchema,
  verifyEmailSchema,
} from '@goodtable/shared';
import { z } from 'zod';
import { publicUrl } from '../../config/env.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestContext, signedInContext } from '../../plugins/request-context.ts';
import { accountKeys, bodyEmail, limitPerAccount, perClientAddress } from '../../plugins/rate-limits.ts';
import {
  ACCEPTED_MESSAGE,
  acceptInvitation,
  forgotPassword,
  googleSignIn,
  requestVerificationEmail,
  resetPassword,
  signIn,
  signOut,
  signUp,
  verifyEmail,
  type AuthDeps,
} from './auth.service.ts';
import { createGoogleIdTokenVerifier } from './google-id-token.ts';
import { undoEmailChange } from './undo-email-change.ts';
import { defineAuthJobs } from './auth.jobs.ts';

export async function authRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = app.config;
  const deps: AuthDeps = {
    jobs: app.jobs,
    sessionTtlDays: config.SESSION_TTL_DAYS,
    mailer: app.mailer,
    publicUrl: publicUrl(config),
    verifyGoogleIdToken: config.GOOGLE_CLIENT_ID
      ? createGoogleIdTokenVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL, issuers: config.GOOGLE_ISSUERS })
      : undefined,
  };
  const context = (request: FastifyRequest) => requestContext(request, deps);
  const limitedByAddress = perClientAddress(config.AUTH_RATE_LIMIT_MAX);
  // Whatever address the caller comes from: attempts on one account, and emails to one address, are counted.
  const signInsToAccount = limitPerAccount({ keys: (request) => [accountKeys.signIn(bodyEmail(request))], max: config.ACCOUNT_RATE_LIMIT_MAX });
  const emailsToAddress = limitPerAccount({ keys: (request) => [accountKeys.mailTo(bodyEmail(request))], max: config.ACCOUNT_RATE_LIMIT_MAX });
  defineAuthJobs(app.jobs, { clock: app.clock, mailer: app.mailer, publicUrl: deps.publicUrl });
  const errors = { 400: apiErrorSchema, 429: apiErrorSchema };

  routes.get('/config', {
    schema: { tags: ['auth'], summary: 'Public settings the web app needs (Google client id, Stripe publishable key, payment provider)', response: { 200: publicConfigSchema } },
    handler: async () => ({
      google_client_id: config.GOOGLE_CLIENT_ID ?? null,
      stripe_publishable_key: config.STRIPE_PUBLISHABLE_KEY ?? null,
      payment_provider: app.paymentProvider.name === 'stripe' ? ('stripe' as const) : ('local' as const),
    }),
  });

  routes.post('/auth/sign-up', {
    config: limitedByAddress,
    preHandler: emailsToAddress,
    schema: {
      tags: ['auth'],
      summary: 'Create an account (client, cause, restaurant or manager), send the verification email and sign in',
      body: signUpSchema,
      response: { 201: authResponseSchema, 409: apiErrorSchema, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await signUp(context(request), request.body)),
  });

  routes.post('/auth/sign-in', {
    config: limitedByAddress,
    preHandler: signInsToAccount,
    schema: {
      tags: ['auth'],
      summary: 'Sign in with email and password',
      body: signInSchema,
      response: { 200: authResponseSchema, 401: apiErrorSchema, ...errors },
    },
    handler: async (request) => signIn(context(request), request.body),
  });

  routes.post('/auth/sign-out', {
    preHandler: requireAuth,
    schema: {
      tags: ['auth'],
      summary: 'Revoke the bearer token of this request',
      security: [{ bearerAuth: [] }],
      response: { 204: z.null(), 401: apiErrorSchema },
    },
    handler: async (request, reply) => {
      await signOut(signedInContext(request, deps));
      return reply.code(204).send(null);
    },
  });

  routes.post('/auth/send-verification-email', {
    config: limitedByAddress,
    preHandler: emailsToAddress,
    schema: {
      tags: ['auth'],
      summary: 'Send a verification link to an unverified account; answers the same for any address',
      body: sendVerificationEmailSchema,
      response: { 202: acceptedSchema, ...errors },
    },
    handler: async (request, reply) => {
      await requestVerificationEmail(context(request), request.body.email);
      return reply.code(202).send({ message: ACCEPTED_MESSAGE });
    },
  });

  routes.post('/auth/verify-email', {
    config: limitedByAddress,
    schema: {
      tags: ['auth'],
      summary: 'Mark an account verified with the single-use token from the verification email',
      body: verifyEmailSchema,
      response: { 200: acceptedSchema, ...errors },
    },
    handler: async (request) => {
      await verifyEmail(context(request), request.body);
      return { message: 'Email verified' };
    },
  });

  routes.post('/auth/forgot-password', {
    config: limitedByAddress,
    preHandler: emailsToAddress,
    schema: {
      tags: ['auth'],
      summary: 'Email a password reset link (valid 1 hour); answers the same for any address',
      body: forgotPasswordSchema,
      response: { 202: acceptedSchema, ...errors },
    },
    handler: async (request, reply) => {
      await forgotPassword(context(request), request.body.email);
      return reply.code(202).send({ message: ACCEPTED_MESSAGE });
    },
  });

  routes.post('/auth/reset-password', {
    config: limitedByAddress,
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with the reset token; signs the user out everywhere',
      body: resetPasswordSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await resetPassword(context(request), request.body);
      return reply.code(204).send(null);
    },
  });

  routes.post('/auth/undo-email-change', {
    config: limitedByAddress,
    schema: {
      tags: ['auth'],
      summary: 'Undo an email change with the link sent to the old address: restores it (verified) and signs the account out everywhere',
      body: undoEmailChangeSchema,
      response: { 200: undoEmailChangeResultSchema, 409: apiErrorSchema, ...errors },
    },
    handler: async (request) => undoEmailChange(context(request), request.body),
  });

  routes.post('/auth/accept-invitation', {
    config: limitedByAddress,
    schema: {
      tags: ['auth'],
      summary: 'Choose the first password of an invited account (team member, restaurant registered by a manager) and sign in',
      body: acceptInvitationSchema,
      response: { 200: authResponseSchema, ...errors },
    },
    handler: async (request) => acceptInvitation(context(request), request.body),
  });

  routes.post('/auth/google', {
    config: limitedByAddress,
    schema: {
      tags: ['auth'],
      summary: 'Sign in with a Google ID token (links to the account of the same email, or creates a client)',
      body: googleSignInSchema,
      response: { 200: authResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
    },
    handler: async (request) => googleSignIn(context(request), request.body),
  });
}

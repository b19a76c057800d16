import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  bankDetailsInputSchema,
  connectedAccountSchema,
  meSchema,
  payoutAccountInputSchema,
  providerOnboardingInputSchema,
  providerOnboardingLinkSchema,
} from '@goodtable/shared';
import { publicUrl } from '../../config/env.ts';
import { requireAuth, requireRole } from '../../plugins/auth.ts';
import { signedInContext } from '../../plugins/request-context.ts';
import { refreshProviderAccount, startProviderOnboarding } from './connect-onboarding.ts';
import { getMyConnectedAccount } from './payments.service.ts';
import { connectPayoutAccount, updateBankDetails } from './payout-accounts.ts';

const bearer = [{ bearerAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };
/** Restaurants and causes are paid out; everyone else is refused (403). */
const payeesOnly = requireRole('seller', 'cause');

/** The signed-in user's payout account (docs/product.md, API calls) and its set-up on `/payment-management`. */
export async function connectedAccountRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const provider = app.paymentProvider;

  routes.get('/payments/me/connected-account', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary: 'The signed-in user’s connected payout account (capabilities.transfers); null when there is none',
      security: bearer,
      response: { 200: connectedAccountSchema.nullable(), 401: apiErrorSchema },
    },
    handler: async (request) => getMyConnectedAccount(signedInContext(request)),
  });

  routes.put('/payments/me/connected-account', {
    preHandler: payeesOnly,
    schema: {
      tags: ['payments'],
      summary:
        'The local provider’s payout onboarding (seller, cause): the account holder and an Australian BSB + account number or a Vietnamese bank + account number. Creates or updates the account; transfers are active at once.',
      security: bearer,
      body: payoutAccountInputSchema,
      response: { 200: connectedAccountSchema, ...errors },
    },
    handler: async (request) => connectPayoutAccount(signedInContext(request, { provider }), request.body),
  });

  const connectDeps = { provider, publicUrl: publicUrl(app.config) };

  routes.post('/payments/me/connected-account/onboarding', {
    preHandler: payeesOnly,
    schema: {
      tags: ['payments'],
      summary:
        'Payout onboarding at the payment provider (Stripe Connect Express; seller, cause): creates the connected account once and answers a fresh single-use link to the provider’s pages, which return to /payment-management. 409 with the local provider (its form is PUT connected-account) or a country the provider does not serve.',
      security: bearer,
      body: providerOnboardingInputSchema,
      response: { 200: providerOnboardingLinkSchema, ...errors, 503: apiErrorSchema },
    },
    handler: async (request) => startProviderOnboarding(signedInContext(request, connectDeps), request.body),
  });

  routes.post('/payments/me/connected-account/refresh', {
    preHandler: payeesOnly,
    schema: {
      tags: ['payments'],
      summary:
        'Reads the connected account at the payment provider and keeps its state (capabilities.transfers, the bank account): the browser back from onboarding. 404 when none; 409 with the local provider.',
      security: bearer,
      response: { 200: connectedAccountSchema, ...errors, 404: apiErrorSchema, 503: apiErrorSchema },
    },
    handler: async (request) => refreshProviderAccount(signedInContext(request, connectDeps)),
  });

  routes.put('/payments/me/bank-details', {
    preHandler: payeesOnly,
    schema: {
      tags: ['payments'],
      summary:
        'Country not listed (seller, cause): sets `country_not_listed` and, only with it, the bank account for manual payouts (replaces the `bank` list). Answers the user.',
      security: bearer,
      body: bankDetailsInputSchema,
      response: { 200: meSchema, ...errors },
    },
    handler: async (request) => updateBankDetails(signedInContext(request), request.body),
  });
}

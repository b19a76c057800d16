import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, bankDetailsInputSchema, connectedAccountSchema, meSchema, payoutAccountInputSchema } from '@goodtable/shared';
import { requireAuth, requireRole } from '../../plugins/auth.ts';
import { signedInContext } from '../../plugins/request-context.ts';
import { getMyConnectedAccount } from './payments.service.ts';
import { connectPayoutAccount, updateBankDetails } from './payout-accounts.ts';

const bearer = [{ bearerAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };
/** Restaurants and causes are paid out; everyone else is refused (403). */
const payeesOnly = requireRole('seller', 'cause');

/** The signed-in user's payout account (SPEC.md §7) and its set-up on `/payment-management` (issue 9 item 6). */
export async function connectedAccountRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const provider = app.paymentProvider;

  routes.get('/payments/me/connected-account', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary: 'The signed-in user’s connected payout account (capabilities.transfers); 404 when none',
      security: bearer,
      response: { 200: connectedAccountSchema, 401: apiErrorSchema, 404: apiErrorSchema },
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, connectedAccountSchema } from '@goodtable/shared';
import { requireAuth } from '../../plugins/auth.ts';
import { signedInContext } from '../../plugins/request-context.ts';
import { getMyConnectedAccount } from './payments.service.ts';

/** SPEC.md §7 GET payments/me/connected-account: the signed-in user's payout account, 404 when there is none. */
export async function connectedAccountRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/payments/me/connected-account', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary: 'The signed-in user’s connected payout account (capabilities.transfers); 404 when none',
      security: [{ bearerAuth: [] }],
      response: { 200: connectedAccountSchema, 401: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => getMyConnectedAccount(signedInContext(request)),
  });
}

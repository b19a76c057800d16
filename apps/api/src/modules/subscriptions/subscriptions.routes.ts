import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, subscriptionInputSchema, subscriptionSchema, unsubscribeQuerySchema } from '@goodtable/shared';
import { publicUrl } from '../../config/env.ts';
import { accountKeys, bodyEmail, limitPerAccount, perClientAddress } from '../../plugins/rate-limits.ts';
import { subscribe, unsubscribe } from './subscriptions.service.ts';

/** The mailing list: subscribe from the footer or home page, one-click unsubscribe. */
export async function subscriptionsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const context = () => ({ db: app.db, clock: app.clock, mailer: app.mailer, publicUrl: publicUrl(app.config) });
  // Mail clients post the one-click form body `List-Unsubscribe=One-Click` (RFC 8058); the token is in the address.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  routes.post('/subscription', {
    config: perClientAddress(app.config.AUTH_RATE_LIMIT_MAX),
    // Every subscribe may send an email: count them per target address too, whoever asks.
    preHandler: limitPerAccount({ keys: (request) => [accountKeys.mailTo(bodyEmail(request))], max: app.config.ACCOUNT_RATE_LIMIT_MAX }),
    schema: {
      tags: ['subscriptions'],
      summary: 'Subscribe an email address to the mailing list; subscribing twice answers the same id',
      body: subscriptionInputSchema,
      response: { 200: subscriptionSchema, 400: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request) => subscribe(context(), request.body),
  });

  routes.post('/subscription/unsubscribe', {
    config: perClientAddress(app.config.AUTH_RATE_LIMIT_MAX),
    schema: {
      tags: ['subscriptions'],
      summary: "One-click unsubscribe with the link's token (the List-Unsubscribe target and the /unsubscribe page)",
      querystring: unsubscribeQuerySchema,
      response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request, reply) => {
      await unsubscribe(context(), request.query.token);
      return reply.code(204).send(null);
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, contactMessageInputSchema, contactMessageSchema } from '@goodtable/shared';
import { accountKeys, bodyEmail, limitPerAccount, perClientAddress } from '../../plugins/rate-limits.ts';
import { sendContactMessage } from './contact.service.ts';

/** The contact page's form. */
export async function contactRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/contact', {
    config: perClientAddress(app.config.AUTH_RATE_LIMIT_MAX),
    // Each message sends a confirmation to the address given: counted per address, whoever sends.
    preHandler: limitPerAccount({ keys: (request) => [accountKeys.mailTo(bodyEmail(request))], max: app.config.ACCOUNT_RATE_LIMIT_MAX }),
    schema: {
      tags: ['contact'],
      summary: 'Send a message to support: stored, emailed to SUPPORT_EMAIL, confirmed to the sender',
      body: contactMessageInputSchema,
      response: { 201: contactMessageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await sendContactMessage({ db: app.db, viewer: request.viewer, clock: app.clock, mailer: app.mailer, supportEmail: app.config.SUPPORT_EMAIL }, request.body)),
  });
}

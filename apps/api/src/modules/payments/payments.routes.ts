import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  idempotencyKeySchema,
  idParamSchema,
  paymentActionOutcomeSchema,
  paymentConfirmSchema,
  paymentCreateSchema,
  paymentOptionsSchema,
  paymentSchema,
} from '@goodtable/shared';
import { publicUrl } from '../../config/env.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { signedInContext } from '../../plugins/request-context.ts';
import { bookingRulesOf } from '../bookings/bookings.service.ts';
import { bookingMoneyListener } from './booking-money.ts';
import { definePayoutJobs } from './payouts.ts';
import { completePaymentAction, confirmPayment, createPayment, getPayment, getPaymentOptions } from './payments.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const bearer = [{ bearerAuth: [] }];
// Loose: the other headers (Authorization) stay on the request.
const requiredKeyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema });
const optionalKeyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

/** Paying a booking (issue 9, first slice): card deposits and total fees through the deployment's provider. */
export async function paymentsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const moduleDeps = {
    jobs: app.jobs,
    mailer: app.mailer,
    live: app.live,
    rules: bookingRulesOf(app.config),
    email: { publicUrl: publicUrl(app.config), mailFrom: app.config.MAIL_FROM },
    transitions: app.bookingTransitions,
    provider: app.paymentProvider,
    pricing: { depositPercent: app.config.DEPOSIT_PERCENT },
  };
  // Settlement at COMPLETED and refunds or forfeit at CANCELED, in the transition's transaction.
  app.bookingTransitions.add(
    bookingMoneyListener({ provider: app.paymentProvider, mailer: app.mailer, platformFeePercent: app.config.PLATFORM_FEE_PERCENT, publicUrl: publicUrl(app.config) }),
  );
  definePayoutJobs(app.jobs, { db: app.db, provider: app.paymentProvider });
  const deps = (request: FastifyRequest) => signedInContext(request, moduleDeps);

  routes.get('/bookings/:id/payment-options', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary: 'What the client of an ACCEPTED booking may pay now, with the server-computed amounts (403 other parties, 409 not awaiting payment)',
      security: bearer,
      params: idParamSchema,
      response: { 200: paymentOptionsSchema, ...errors },
    },
    handler: async (request) => getPaymentOptions(deps(request), request.params.id),
  });

  routes.post('/bookings/:id/payments', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary:
        'Start paying an ACCEPTED booking (its client): the amount is the server’s. The same Idempotency-Key answers the same payment; another body with it is 409.',
      security: bearer,
      params: idParamSchema,
      headers: requiredKeyHeaders,
      body: paymentCreateSchema,
      response: { 201: paymentSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createPayment(deps(request), request.params.id, request.body.type, request.headers['idempotency-key'])),
  });

  routes.get('/payments/:id', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary: 'A payment and its status (the payer and the booking’s parties; others 404)',
      security: bearer,
      params: idParamSchema,
      response: { 200: paymentSchema, ...errors },
    },
    handler: async (request) => getPayment(deps(request), request.params.id),
  });

  routes.post('/payments/:id/confirm', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary:
        'Pay with a card (local provider; the payer). A succeeded payment is never charged again; a replayed Idempotency-Key answers the same; the booking must be ACCEPTED (409).',
      security: bearer,
      params: idParamSchema,
      headers: optionalKeyHeaders,
      body: paymentConfirmSchema,
      response: { 200: paymentSchema, ...errors },
    },
    handler: async (request) => confirmPayment(deps(request), request.params.id, request.body.card, request.headers['idempotency-key']),
  });

  routes.post('/payments/:id/action', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary: 'The payer approves or fails the extra confirmation step of a payment (the local provider’s /intermediary page)',
      security: bearer,
      params: idParamSchema,
      body: paymentActionOutcomeSchema,
      response: { 200: paymentSchema, ...errors },
    },
    handler: async (request) => completePaymentAction(deps(request), request.params.id, request.body.outcome === 'approve'),
  });
}

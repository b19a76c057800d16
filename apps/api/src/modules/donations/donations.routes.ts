import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  causeDonationListSchema,
  donationCauseParamSchema,
  donationCreateSchema,
  donationIdParamSchema,
  donationOptionsQuerySchema,
  donationOptionsSchema,
  donationSchema,
  idempotencyKeySchema,
  pageQuerySchema,
  supporterListSchema,
  supportersQuerySchema,
} from '@goodtable/shared';
import { requireAuth, signedInViewer } from '../../plugins/auth.ts';
import { publicUrl } from '../../config/env.ts';
import { buyerLanguage } from '../tickets/tickets.service.ts';
import { createDonation, getDonation, getDonationOptions, listCauseDonations, listSupporters, type DonationDeps } from './donations.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const bearer = [{ bearerAuth: [] }];
const optionalKeyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

/** Donations to a cause, signed in or not: options, create, and the donor's receipt. */
export async function donationRoutes(app: FastifyInstance, options: Pick<DonationDeps, 'payments' | 'causeShare'>) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: Omit<DonationDeps, 'db' | 'clock' | 'viewer'> = { live: app.live, mailer: app.mailer, email: { publicUrl: publicUrl(app.config) }, ...options };

  routes.get('/causes/:id/donation-options', {
    schema: {
      tags: ['donations'],
      summary: 'What the donate page offers: the currency (the event’s with ?event=, else the cause’s country’s), the smallest and largest amounts and presets',
      params: donationCauseParamSchema,
      querystring: donationOptionsQuerySchema,
      response: { 200: donationOptionsSchema, ...errors },
    },
    handler: async (request) => getDonationOptions({ db: app.db }, { causeId: request.params.id, eventId: request.query.event ?? null }),
  });

  routes.post('/causes/:id/donations', {
    schema: {
      tags: ['donations'],
      summary:
        'Donate to a published cause, optionally for one of its confirmed events (event_id), signed in or not: registers the card payment of the amount given (limits per currency, 400 naming amount). Confirm with POST /payments/{payment.id}/confirm.',
      params: donationCauseParamSchema,
      headers: optionalKeyHeaders,
      body: donationCreateSchema,
      response: { 201: donationSchema, ...errors },
    },
    handler: async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const donation = await createDonation(
        { ...deps, db: app.db, clock: app.clock, viewer: request.viewer ?? null },
        { causeId: request.params.id, input: request.body, language: buyerLanguage(request), ...(key ? { idempotencyKey: key } : {}) },
      );
      return reply.code(201).send(donation);
    },
  });

  routes.get('/causes/:id/supporters', {
    schema: {
      tags: ['donations'],
      summary: 'A published cause’s paid donations for its public pages, newest first (with ?event=, one event’s): the donor’s name unless anonymous, the amount, when (no id, email or message)',
      params: donationCauseParamSchema,
      querystring: supportersQuerySchema,
      response: { 200: supporterListSchema, ...errors },
    },
    handler: async (request) => listSupporters({ db: app.db }, { causeId: request.params.id, limit: request.query.limit, ...(request.query.event ? { eventId: request.query.event } : {}) }),
  });

  routes.get('/causes/:id/donations', {
    preHandler: requireAuth,
    schema: {
      tags: ['donations'],
      summary:
        'The cause’s paid donations for its owner only (another user 403, unknown cause 404), newest first, paged: amount, the donor’s name (also of an anonymous gift), message, event, when',
      security: bearer,
      params: donationCauseParamSchema,
      querystring: pageQuerySchema,
      response: { 200: causeDonationListSchema, 403: apiErrorSchema, ...errors },
    },
    handler: async (request) => listCauseDonations({ db: app.db, viewer: signedInViewer(request) }, { causeId: request.params.id, ...request.query }),
  });

  routes.get('/donations/:id', {
    schema: {
      tags: ['donations'],
      summary:
        'A donation and its receipt (the donor’s page), opened only by its secret `receipt_token` from the donor’s own answers and emails (a donation’s id opens nothing: 404): amount, cause, event, tax-deductible amount (all of it)',
      params: donationIdParamSchema,
      response: { 200: donationSchema, ...errors },
    },
    handler: async (request) => getDonation({ db: app.db, payments: deps.payments }, request.params.id),
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  idempotencyKeySchema,
  idParamSchema,
  earnerPaymentListSchema,
  payerPaymentListSchema,
  openPaymentsSchema,
  paymentActionOutcomeSchema,
  earnerPaymentListQuerySchema,
  paymentListQuerySchema,
  paymentReceiptSchema,
  paymentConfirmSchema,
  paymentCreateSchema,
  paymentOptionsSchema,
  paymentSchema,
  cancellationPreviewSchema,
  settlementPreviewSchema,
} from '@goodtable/shared';
import { publicUrl } from '../../config/env.ts';
import { requireAuth, requireRole } from '../../plugins/auth.ts';
import { fastSerializerCompiler } from '../../plugins/fast-serializer.ts';
import { signedInContext } from '../../plugins/request-context.ts';
import { bookingRulesOf } from '../bookings/bookings.service.ts';
import { listEarnerPayments, listPayerPayments } from './payment-lists.ts';
import { definePaymentJobs } from './payments.jobs.ts';
import {
  completePaymentAction,
  confirmPayment,
  createPayment,
  getPayment,
  getPaymentOptions,
  getPaymentReceipt,
  listOpenPayments,
  causeShareReader,
  markTransferReceived,
  type PaymentModuleDeps,
} from './payments.service.ts';
import { bookingMoneyListener, type BookingMoneyDeps } from './booking-money.ts';
import { definePayoutJobs } from './payouts.ts';
import { autoConfirmChargeGate, autoConfirmNoticeListener, defineAutoConfirmNoticeJob } from './auto-confirm-notice.ts';
import { getCancellationPreview, getSettlementPreview } from './money-previews.ts';
import { stripeWebhookRoutes } from './stripe-webhooks.routes.ts';
import { requestContext } from '../../plugins/request-context.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const bearer = [{ bearerAuth: [] }];
// Loose: the other headers (Authorization) stay on the request.
const requiredKeyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema });
const optionalKeyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

/** Paying a booking: by card or BECS Direct Debit through the deployment's provider, or by bank transfer. */
export async function paymentsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = app.config;
  const moduleDeps: PaymentModuleDeps = {
    jobs: app.jobs,
    mailer: app.mailer,
    live: app.live,
    rules: bookingRulesOf(app.config),
    email: { publicUrl: publicUrl(app.config), mailFrom: app.config.MAIL_FROM },
    transitions: app.bookingTransitions,
    provider: app.paymentProvider,
    pricing: { depositPercent: config.DEPOSIT_PERCENT },
    causeShare: causeShareReader(config.PLATFORM_FEE_PERCENT),
    bankTransfer: {
      accountName: config.BANK_TRANSFER_ACCOUNT_NAME,
      aud: { bankName: config.BANK_TRANSFER_BANK_NAME, bsb: config.BANK_TRANSFER_BSB, accountNumber: config.BANK_TRANSFER_ACCOUNT_NUMBER },
      vnd: { bankName: config.BANK_TRANSFER_VN_BANK_NAME, accountNumber: config.BANK_TRANSFER_VN_ACCOUNT_NUMBER },
    },
  };
  // Settlement at COMPLETED and refunds or forfeit at CANCELED, in the transition's transaction.
  const moneyDeps: BookingMoneyDeps = {
    provider: app.paymentProvider,
    mailer: app.mailer,
    platformFeePercent: app.config.PLATFORM_FEE_PERCENT,
    publicUrl: publicUrl(app.config),
    notifications: { live: app.live },
  };
  app.bookingTransitions.add(bookingMoneyListener(moneyDeps));
  // The client hears of an automatic confirmation's charge before it is made.
  app.bookingTransitions.add(autoConfirmNoticeListener({ jobs: app.jobs, rules: moduleDeps.rules }));
  const noticeDeps = { ...moneyDeps, jobs: app.jobs, rules: moduleDeps.rules };
  defineAutoConfirmNoticeJob(noticeDeps);
  app.bookingTransitions.addGate(autoConfirmChargeGate(noticeDeps));
  definePayoutJobs(app.jobs, { db: app.db, provider: app.paymentProvider, notifications: { live: app.live, mailer: app.mailer, publicUrl: publicUrl(app.config) } });
  const deps = (request: FastifyRequest) => signedInContext(request, moduleDeps);
  definePaymentJobs(app.jobs, { ...moduleDeps, db: app.db, money: moneyDeps });
  // Its own scope: the webhook reads the raw body, every other route JSON.
  await app.register(async (scope) => stripeWebhookRoutes(scope, moduleDeps));
  // Signed in or not: a guest's ticket payment is reached by its id alone; any other payment still needs its viewer (401).
  const callerDeps = (request: FastifyRequest) => requestContext(request, moduleDeps);

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

  const previewDeps = (request: FastifyRequest) => ({ ...deps(request), platformFeePercent: moneyDeps.platformFeePercent });

  routes.get('/bookings/:id/settlement-preview', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary:
        'What settling a CONFIRMED booking now would do, computed as the settlement does (or, once COMPLETED, `settled: true` and what it did): ' +
        'who gets what, what the client prepaid, gets back and is charged. Parties and the cause’s owner; others 404; 409 other statuses',
      security: bearer,
      params: idParamSchema,
      response: { 200: settlementPreviewSchema, ...errors },
    },
    handler: async (request) => getSettlementPreview(previewDeps(request), request.params.id),
  });

  routes.get('/bookings/:id/cancellation-preview', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary:
        "What the viewer's cancel would do now (business clock) with the organiser's prepayment: refunded or kept by the restaurant. " +
        'Refused as the cancel would be: 404 strangers, 403 the cause, 409 when it cannot cancel now',
      security: bearer,
      params: idParamSchema,
      response: { 200: cancellationPreviewSchema, ...errors },
    },
    handler: async (request) => getCancellationPreview(previewDeps(request), request.params.id),
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
      reply.code(201).send(await createPayment(deps(request), { bookingId: request.params.id, type: request.body.type, idempotencyKey: request.headers['idempotency-key'] })),
  });

  routes.get('/payments', {
    preHandler: requireRole('seller', 'manager', 'cause'),
    schema: {
      tags: ['payments'],
      summary:
        'Money that is the viewer’s own: of its restaurants (seller; a manager’s: all it runs, or the one restaurant_id of them, 404 for another) clients’ deposits held until settlement (not income), settlement shares, forfeits, payouts; of its causes the paid donations (donor’s name, message, event), settlement shares, payouts. Totals per currency are the sums of the rows. Another party’s booking_id lists nothing.',
      security: bearer,
      querystring: earnerPaymentListQuerySchema,
      response: { 200: earnerPaymentListSchema, ...errors },
    },
    handler: async (request) => listEarnerPayments(deps(request), request.query),
  });

  routes.get('/bookings/payments', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary:
        'The viewer’s payments as a booking’s payer (any outcome once tried) and refunds to it, with totals paid and refunded per currency from the ledger. Another party’s booking_id lists nothing.',
      security: bearer,
      querystring: paymentListQuerySchema,
      response: { 200: payerPaymentListSchema, ...errors },
    },
    handler: async (request) => listPayerPayments(deps(request), request.query),
  });

  routes.get('/payments/:id/receipt', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary: 'A succeeded payment’s receipt: the payer and the booking’s parties (others 404; not succeeded 409)',
      security: bearer,
      params: idParamSchema,
      response: { 200: paymentReceiptSchema, ...errors },
    },
    handler: async (request) => getPaymentReceipt(deps(request), request.params.id),
  });

  routes.get('/payments/:id', {
    schema: {
      tags: ['payments'],
      summary: 'A payment and its status (the payer and the booking’s parties; others 404; a guest’s ticket payment: anyone with its id)',
      security: bearer,
      params: idParamSchema,
      response: { 200: paymentSchema, ...errors },
    },
    handler: async (request) => getPayment(callerDeps(request), request.params.id),
  });

  routes.post('/payments/:id/confirm', {
    // A ticket rush's second call per buyer: serialised by fast-json-stringify
    // (docs/decisions/0094-fast-serialisation-of-hot-paths.md).
    serializerCompiler: fastSerializerCompiler({ verify: app.config.NODE_ENV === 'test' }),
    schema: {
      tags: ['payments'],
      summary:
        'Pay with a card or debit an Australian bank account (BECS; `processing` until it clears) with the local provider (the payer). A succeeded or processing payment is never charged again; a replayed Idempotency-Key answers the same; the booking must be ACCEPTED (409); a bank transfer has no confirm (409). A guest’s ticket payment is confirmed by its id alone (its checkout must still hold the tickets, or hold them again: 409 `tickets.holdExpired` otherwise, nothing charged).',
      security: bearer,
      params: idParamSchema,
      headers: optionalKeyHeaders,
      body: paymentConfirmSchema,
      response: { 200: paymentSchema, ...errors },
    },
    handler: async (request) => confirmPayment(callerDeps(request), { paymentId: request.params.id, input: request.body, confirmKey: request.headers['idempotency-key'] }),
  });

  routes.post('/payments/:id/mark-received', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary:
        'The restaurant side (seller, managers running it) marks a bank transfer received: the payment succeeds and the booking is confirmed. Again changes nothing; client and cause 403, strangers 404.',
      security: bearer,
      params: idParamSchema,
      response: { 200: paymentSchema, ...errors },
    },
    handler: async (request) => markTransferReceived(deps(request), request.params.id),
  });

  routes.get('/bookings/:id/open-payments', {
    preHandler: requireAuth,
    schema: {
      tags: ['payments'],
      summary: 'The booking’s payments in flight: BECS debits processing, bank transfers awaited (its parties; others 404)',
      security: bearer,
      params: idParamSchema,
      response: { 200: openPaymentsSchema, ...errors },
    },
    handler: async (request) => listOpenPayments(deps(request), request.params.id),
  });

  routes.post('/payments/:id/action', {
    schema: {
      tags: ['payments'],
      summary: 'The payer approves or fails the extra confirmation step of a payment (the local provider’s /intermediary page)',
      security: bearer,
      params: idParamSchema,
      body: paymentActionOutcomeSchema,
      response: { 200: paymentSchema, ...errors },
    },
    handler: async (request) => completePaymentAction(callerDeps(request), { paymentId: request.params.id, approved: request.body.outcome === 'approve' }),
  });
}

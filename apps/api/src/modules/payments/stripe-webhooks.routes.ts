import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { apiErrorSchema } from '@goodtable/shared';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { applyProviderPaymentEvent, type PaymentModuleDeps } from './payments.service.ts';

/** The PaymentIntent events that move a payment: the payer's extra step done, a debit cleared or failed, a lost confirm answered. */
const PAYMENT_INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.processing', 'payment_intent.requires_action']);

/**
 * `POST /v1/payments/webhooks/stripe` (public: Stripe calls it; the signature is the authentication). Registered in
 * its own plugin scope: Stripe signs the exact bytes it sent, so this route alone keeps the raw body.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, moduleDeps: PaymentModuleDeps) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const secret = app.config.STRIPE_WEBHOOK_SECRET;

  routes.post('/payments/webhooks/stripe', {
    schema: {
      tags: ['payments'],
      summary:
        'Stripe webhooks (payment_intent.succeeded, payment_failed, processing, requires_action), verified with STRIPE_WEBHOOK_SECRET on the raw body: a bad signature is 400 and changes nothing; a redelivered event changes nothing. 404 without the Stripe provider.',
      response: { 200: z.object({ received: z.literal(true), result: z.enum(['applied', 'replayed', 'ignored']) }), 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => {
      if (!secret || moduleDeps.provider.name !== 'stripe') throw notFound('Stripe is not this deployment’s payment provider', 'payments.stripeNotConfigured');
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(Buffer.isBuffer(request.body) ? request.body : '', typeof signature === 'string' ? signature : '', secret);
      } catch {
        throw badRequest('The Stripe-Signature does not match the body', 'payments.badWebhookSignature', [{ field: 'stripe-signature', message: 'validation.invalid' }]);
      }
      if (!PAYMENT_INTENT_EVENTS.has(event.type)) return { received: true as const, result: 'ignored' as const };
      const intent = event.data.object as Stripe.PaymentIntent;
      const paymentId = intent.metadata?.['payment_id'] ?? '';
      const deps = { ...moduleDeps, db: app.db, clock: app.clock };
      // The PaymentIntent as it stands now: an event may be older than a later attempt on the same payment.
      const outcome = await moduleDeps.provider.retrieve({ paymentId, ref: intent.id, state: null, now: app.clock.now() });
      const result = await applyProviderPaymentEvent(deps, { id: event.id, type: event.type, paymentId, providerRef: intent.id, outcome });
      return { received: true as const, result };
    },
  });
}

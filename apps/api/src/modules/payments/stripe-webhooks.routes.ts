import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { apiErrorSchema } from '@goodtable/shared';
import { DomainError, notFound } from '../../lib/domain-errors.ts';
import { applyConnectedAccountEvent } from './connect-onboarding.ts';
import { applyProviderPaymentEvent, type PaymentModuleDeps } from './payments.service.ts';

/** The PaymentIntent events that move a payment: the payer's extra step done, a debit cleared or failed, a lost confirm answered. */
const PAYMENT_INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.processing', 'payment_intent.requires_action']);

/**
 * How far Stripe's signing time may be from the server's, in either direction (seconds): Stripe's default tolerance.
 * The SDK refuses an event signed too long ago; one signed in the future is refused here.
 */
const WEBHOOK_TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

/**
 * The signing time (`t=`) of a `Stripe-Signature` the SDK has verified (the signature covers it), in seconds; null
 * when the header names none.
 */
function signedAtSeconds(signature: string): number | null {
  const timestamp = signature
    .split(',')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === 't')?.[1];
  return timestamp !== undefined && /^\d+$/.test(timestamp) ? Number(timestamp) : null;
}

/**
 * True when a verified signature was made within the tolerance of the server's real time. Stripe signs with its own
 * clock, not with the business clock (which tests and the demo move), so this compares with the real one.
 */
function signedWithinTolerance(signature: string, nowMs: number): boolean {
  const signedAt = signedAtSeconds(signature);
  return signedAt !== null && Math.abs(Math.floor(nowMs / 1000) - signedAt) <= WEBHOOK_TOLERANCE_SECONDS;
}

/**
 * `POST /v1/payments/webhooks/stripe` (public: Stripe calls it; the signature is the authentication). Registered in
 * its own plugin scope: Stripe signs the exact bytes it sent, so this route alone keeps the raw body.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, moduleDeps: PaymentModuleDeps) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The account endpoint's secret and the Connect endpoint's (events on connected accounts): either signs a good event.
  const secrets = [app.config.STRIPE_WEBHOOK_SECRET, app.config.STRIPE_CONNECT_WEBHOOK_SECRET].filter((value): value is string => Boolean(value));

  routes.post('/payments/webhooks/stripe', {
    schema: {
      tags: ['payments'],
      summary:
        'Stripe webhooks (payment_intent.succeeded, payment_failed, processing, requires_action; account.updated for Connect onboarding), verified with STRIPE_WEBHOOK_SECRET or STRIPE_CONNECT_WEBHOOK_SECRET (the Connect endpoint) on the raw body: a bad signature, or one made more than 5 minutes before or after now, is 400 and changes nothing; a redelivered event changes nothing. 404 without the Stripe provider.',
      response: { 200: z.object({ received: z.literal(true), result: z.enum(['applied', 'replayed', 'ignored']) }), 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => {
      if (secrets.length === 0 || moduleDeps.provider.name !== 'stripe') throw notFound('Stripe is not this deployment’s payment provider', 'payments.stripeNotConfigured');
      const header = request.headers['stripe-signature'];
      const signature = typeof header === 'string' ? header : '';
      const receivedAt = Date.now();
      let event: Stripe.Event | undefined;
      for (const secret of secrets) {
        try {
          event = Stripe.webhooks.constructEvent(Buffer.isBuffer(request.body) ? request.body : '', signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt);
          break;
        } catch {
          // Not this endpoint's secret: the next one, if any.
        }
      }
      if (event && !signedWithinTolerance(signature, receivedAt)) {
        throw new DomainError('invalid', { message: 'The Stripe-Signature was made too far from now', code: 'payments.webhookTimestampOutsideTolerance', details: [{ field: 'stripe-signature', message: 'validation.invalid' }] });
      }
      if (!event) {
        throw new DomainError('invalid', { message: 'The Stripe-Signature does not match the body', code: 'payments.badWebhookSignature', details: [{ field: 'stripe-signature', message: 'validation.invalid' }] });
      }
      if (event.type === 'account.updated') {
        // The account as Stripe reports it now (events may arrive out of order), written once per event.
        const account = event.data.object as Stripe.Account;
        const result = await applyConnectedAccountEvent({ db: app.db, clock: app.clock, provider: moduleDeps.provider }, { id: event.id, type: event.type, accountId: account.id });
        return { received: true as const, result };
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

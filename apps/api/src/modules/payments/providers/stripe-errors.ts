import Stripe from 'stripe';
import { DomainError } from '../../../lib/domain-errors.ts';

/**
 * Stripe's errors as the project's own (docs/decisions/0113-provider-edges.md): a typed `payments.provider*` code the
 * web translates, and a message of ours. Stripe's text names its objects and ids (`No such payment_intent: 'pi_…'`)
 * and is never shown.
 */
export const providerUnavailable = () =>
  new DomainError('providerUnavailable', { message: 'The payment provider did not answer: the payment will show how it ended once it does', code: 'payments.providerUnavailable' });
const providerBusy = () => new DomainError('providerUnavailable', { message: 'The payment provider is busy: please try again in a moment', code: 'payments.providerBusy' });
const providerPaymentNotFound = () => new DomainError('providerRefused', { message: 'The payment provider does not know this payment: nothing was charged', code: 'payments.providerPaymentNotFound' });
const providerRejected = () => new DomainError('providerRefused', { message: 'The payment provider refused the request: nothing was charged', code: 'payments.providerRejected' });

function ownErrorOf(error: InstanceType<typeof Stripe.errors.StripeError>): DomainError {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) return providerUnavailable();
  if (error instanceof Stripe.errors.StripeRateLimitError || error instanceof Stripe.errors.StripeIdempotencyError) return providerBusy();
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return providerPaymentNotFound();
  return providerRejected();
}

/**
 * The project's error for a Stripe error (anything else as it is). Its `cause` is what the log may keep of Stripe's:
 * the kind, codes and request id, never the message (it names ids and the payer's details).
 */
export function providerErrorOf(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const own = ownErrorOf(error);
  own.cause = { type: error.type, code: error.code, decline_code: error.decline_code, status: error.statusCode, request_id: error.requestId };
  return own;
}

/**
 * `target` with every method (its nested objects' too) answering a Stripe error as the project's own: whatever calls
 * the provider, a Stripe error never leaves it.
 */
export function withProviderErrors<Target extends object>(target: Target): Target {
  const wrapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(target)) {
    if (typeof value === 'function') {
      wrapped[key] = async (...args: unknown[]) => {
        try {
          return await (value as (...input: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          throw providerErrorOf(error);
        }
      };
    } else if (value && typeof value === 'object') {
      wrapped[key] = withProviderErrors(value);
    } else {
      wrapped[key] = value;
    }
  }
  return wrapped as Target;
}

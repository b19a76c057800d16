import type { Executor } from '../../../db/client.ts';
import { stripeCustomerStore } from '../stripe.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createLocalProvider } from './local-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

export type { ConnectOnboarding, PaymentProvider, PayoutOutcome, ProviderConnectedAccount, ProviderOutcome } from './payment-provider.ts';

type ProviderConfig = {
  BECS_PROCESSING_BUSINESS_DAYS: number;
  BECS_PROCESSING_MINUTES?: number | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_API_HOST?: string | undefined;
  STRIPE_API_PORT?: number | undefined;
  STRIPE_API_PROTOCOL?: 'http' | 'https' | undefined;
};

/** The deployment's provider: `stripe` when STRIPE_SECRET_KEY is set, else `local` (offline, Stripe's test-mode semantics). */
export function paymentProviderFor(config: ProviderConfig, context?: { db: Executor; publicUrl: string }): PaymentProvider {
  const delay = { becsProcessingBusinessDays: config.BECS_PROCESSING_BUSINESS_DAYS, becsProcessingMinutes: config.BECS_PROCESSING_MINUTES };
  if (!config.STRIPE_SECRET_KEY || !context) return createLocalProvider(delay);
  return createStripeProvider({
    ...delay,
    secretKey: config.STRIPE_SECRET_KEY,
    publicUrl: context.publicUrl,
    customers: stripeCustomerStore(context.db),
    api: { host: config.STRIPE_API_HOST, port: config.STRIPE_API_PORT, protocol: config.STRIPE_API_PROTOCOL },
  });
}

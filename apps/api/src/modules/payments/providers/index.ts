import type { PaymentProvider } from './payment-provider.ts';
import { createLocalProvider } from './local-provider.ts';

export type { PaymentProvider, PayoutOutcome, ProviderOutcome } from './payment-provider.ts';

/** The deployment's provider: `local` for now (the Stripe adapter, chosen by STRIPE_SECRET_KEY, is a later slice). */
export function paymentProviderFor(config: { BECS_PROCESSING_BUSINESS_DAYS: number; BECS_PROCESSING_MINUTES?: number | undefined }): PaymentProvider {
  return createLocalProvider({ becsProcessingBusinessDays: config.BECS_PROCESSING_BUSINESS_DAYS, becsProcessingMinutes: config.BECS_PROCESSING_MINUTES });
}

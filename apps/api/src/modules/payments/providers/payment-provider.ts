import type { BecsInput, CardInput, PaymentFailureCode } from '@goodtable/shared';
import type { ConnectedAccountCapabilities, StoredExternalAccount } from '../../../db/schema/index.ts';

/** Where a provider left a payment after a step: Stripe's PaymentIntent statuses. */
export type ProviderOutcome =
  | { status: 'succeeded' }
  | { status: 'failed'; failureCode: PaymentFailureCode; failureMessage: string }
  | { status: 'requires_action'; nextActionUrl: string }
  /**
   * A bank debit in flight: `until` is when the provider expects to know how it ended (business clock); `state` is
   * what the provider asks to be handed back then (opaque to the payments module).
   */
  | { status: 'processing'; until: Date; state?: Record<string, unknown> };

/**
 * One payment provider: `local` (offline, Stripe's test-mode semantics, the default) or `stripe`
 * (PaymentIntents, Connect transfers; webhooks reconcile). The amount is always the server's.
 */
export type PaymentProvider = {
  name: string;
  /** Registers a payment of `amount` (minor units); returns the provider's id and, for browser-side confirmation, a secret. */
  createPayment(input: { paymentId: string; bookingId: string | null; payerId: string | null; amount: number; currency: string }): Promise<{ ref: string; clientSecret?: string }>;
  /** Charges the card for the registered payment; `now` is the business clock (card expiry). */
  confirmCard(input: { paymentId: string; ref: string; card: CardInput; now: Date }): Promise<ProviderOutcome>;
  /** The payer's answer to an extra step (3-D Secure): approved → succeeded, failed → failed with the provider's message. */
  completeAction(input: { paymentId: string; ref: string; approved: boolean; now: Date }): Promise<ProviderOutcome>;
  /** Debits the Australian bank account (BECS Direct Debit) under the mandate the payer accepted: `processing` or `failed`. */
  confirmBecs(input: { paymentId: string; ref: string; becs: BecsInput; now: Date }): Promise<ProviderOutcome>;
  /** How a `processing` payment stands at `now` (Stripe: retrieving the PaymentIntent); `state` is what `processing` returned. */
  retrieve(input: { paymentId: string; ref: string; state: Record<string, unknown> | null; now: Date }): Promise<ProviderOutcome>;
  /**
   * Returns `amount` of a succeeded payment to the payer (a Stripe Refund). `idempotencyKey` is `{payment}:{reason}`
   * (a payment is refunded at most once per reason): the same key twice refunds once, so asking again after a lost
   * answer gets the same refund back. Resolves with the provider's refund id; rejects when the provider refuses.
   */
  refund(input: { paymentId: string; ref: string; amount: number; currency: string; idempotencyKey: string }): Promise<{ ref: string }>;
  /**
   * Charges the payer's saved payment method off-session (the settlement's balance beyond the prepaid amount:
   * `BECS_DEBIT_BALANCE_FEE` or the card on file). `idempotencyKey`: derived from the booking (one balance per
   * booking), so asking again after a lost answer gets the same charge back. `earlierRefs`: the provider's refs of
   * the payer's succeeded payments of the booking, newest first (where the saved method was set up).
   */
  chargeBalance(input: {
    paymentId: string;
    bookingId: string;
    payerId: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    earlierRefs: string[];
    now: Date;
  }): Promise<{ ref: string; outcome: ProviderOutcome }>;
  /**
   * Sends `amount` to a connected account (a Stripe Transfer + payout). `idempotencyKey`: our payout's id, so a retry
   * after a timeout or a crash pays once. Resolves paid or failed (with the provider's message); may reject (timeout).
   */
  payout(input: { connectedAccountId: string; amount: number; currency: string; idempotencyKey: string }): Promise<PayoutOutcome>;
  /**
   * Onboarding at the provider's hosted pages (Stripe Connect Express). Absent for the local provider, whose
   * onboarding is our own form (`PUT /payments/me/connected-account`).
   */
  connect?: ConnectOnboarding;
};

/** A connected account as the provider reports it: whether it may receive transfers, and where it is paid out. */
export type ProviderConnectedAccount = { id: string; transfers: ConnectedAccountCapabilities['transfers']; externalAccount: StoredExternalAccount | null };

export type ConnectOnboarding = {
  /** Creates the user's connected account (idempotent per user, country and email: a retry answers the same account). */
  createAccount(input: { userId: string; country: string; email: string }): Promise<ProviderConnectedAccount>;
  /** A single-use link to the provider's onboarding pages; `refreshUrl` when it expired, `returnUrl` when done. */
  onboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string; expiresAt: Date }>;
  /** The account as it stands now. */
  retrieveAccount(accountId: string): Promise<ProviderConnectedAccount>;
};

export type PayoutOutcome = { status: 'paid'; ref: string } | { status: 'failed'; message: string };

import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { PAYMENT_FAILURE_CODES, TEST_CARDS, type PaymentFailureCode } from '@goodtable/shared';
import type { StoredExternalAccount } from '../../../db/schema/index.ts';
import { conflict } from '../../../lib/domain-errors.ts';
import { becsClearsAt, cardInputProblem, LOCAL_CARD_MESSAGES, type BecsDelay } from './local-provider.ts';
import type { PaymentProvider, ProviderConnectedAccount, ProviderOutcome } from './payment-provider.ts';
import { providerUnavailable, withProviderErrors } from './stripe-errors.ts';

/** Where the payers' Stripe Customers are kept (their saved payment method is charged off-session at settlement). */
export type StripeCustomerStore = {
  customerOf(userId: string): Promise<string | null>;
  /** Keeps `customerId` for the user unless another was kept meanwhile; answers the one kept. */
  remember(userId: string, customerId: string): Promise<string>;
};

/** Where the SDK sends its requests: api.stripe.com unless STRIPE_API_HOST/PORT/PROTOCOL point it at the tests' fake. */
export type StripeApiAddress = { host?: string | undefined; port?: number | undefined; protocol?: 'http' | 'https' | undefined };

export type StripeProviderOptions = BecsDelay & {
  secretKey: string;
  /** The web app's address: 3-D Secure returns the payer to `/intermediary/{payment id}` there. */
  publicUrl: string;
  customers: StripeCustomerStore;
  api?: StripeApiAddress;
};

/**
 * Stripe's test PaymentMethods for the test card numbers (https://docs.stripe.com/testing): the server-side confirm
 * of `POST /payments/{id}/confirm` uses them, so the same cards behave the same with both providers. In production
 * the browser's Payment Element confirms and no card number reaches our server.
 */
export const STRIPE_TEST_PAYMENT_METHODS: Record<string, string> = {
  [TEST_CARDS.visa.number]: 'pm_card_visa',
  [TEST_CARDS.mastercard.number]: 'pm_card_mastercard',
  [TEST_CARDS.declined.number]: 'pm_card_chargeDeclined',
  [TEST_CARDS.insufficientFunds.number]: 'pm_card_chargeDeclinedInsufficientFunds',
  [TEST_CARDS.requiresAction.number]: 'pm_card_authenticationRequiredOnSetup',
};

/** The SDK client for the deployment's key and address (retries with the SDK's own idempotency keys). */
export function stripeClient(secretKey: string, api: StripeApiAddress = {}): Stripe {
  return new Stripe(secretKey, {
    ...(api.host ? { host: api.host } : {}),
    ...(api.port ? { port: api.port } : {}),
    ...(api.protocol ? { protocol: api.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
}

/** Our failure code for Stripe's error code and decline code (the web translates ours; unknown ones read as declined). */
function failureCodeOf(code: string | null | undefined, declineCode: string | null | undefined): PaymentFailureCode {
  if (code === 'payment_intent_authentication_failure') return 'authentication_failed';
  for (const candidate of [declineCode, code]) {
    if (candidate && (PAYMENT_FAILURE_CODES as readonly string[]).includes(candidate)) return candidate as PaymentFailureCode;
  }
  return 'card_declined';
}

/** A failure in our words for its code (Stripe's own text is never stored nor shown), or `ownMessage`. */
const failed = (code: PaymentFailureCode, ownMessage?: string): ProviderOutcome => ({ status: 'failed', failureCode: code, failureMessage: ownMessage ?? LOCAL_CARD_MESSAGES[code] });

/**
 * A PaymentIntent's status as the payments module's outcome. `processing` (a BECS debit) is expected to be known by
 * the deployment's BECS delay; the webhook usually tells first. Back at `requires_payment_method` after an attempt
 * (or canceled) is a failure with our message for Stripe's code.
 */
export function outcomeOfIntent({ intent, now, delay }: { intent: Stripe.PaymentIntent; now: Date; delay: BecsDelay }): ProviderOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded' };
    case 'processing':
      return { status: 'processing', until: becsClearsAt(now, delay) };
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url;
      return { status: 'requires_action', nextActionUrl: url ?? `/intermediary/${intent.metadata['payment_id'] ?? ''}` };
    }
    default: {
      const error = intent.last_payment_error;
      return failed(failureCodeOf(error?.code, error?.decline_code));
    }
  }
}

/**
 * A Connect account as ours: `capabilities.transfers` as Stripe reports it (no capability yet reads inactive) and the
 * bank account it is paid out to, when Stripe has one (an Australian BSB account: what `/payment-management` shows).
 */
export function connectedAccountOf(account: Stripe.Account): ProviderConnectedAccount {
  const transfers = account.capabilities?.transfers;
  const bank = account.external_accounts?.data.find((external): external is Stripe.BankAccount => external.object === 'bank_account');
  let externalAccount: StoredExternalAccount | null = null;
  if (bank && bank.country === 'AU') {
    const routing = (bank.routing_number ?? '').replace(/\D/g, '');
    externalAccount = {
      country: 'AU',
      account_holder: bank.account_holder_name ?? '',
      bsb: routing.length === 6 ? `${routing.slice(0, 3)}-${routing.slice(3)}` : routing || null,
      bank_code: null,
      account_number_last4: bank.last4,
    };
  }
  return { id: account.id, transfers: transfers === 'active' ? 'active' : transfers === 'pending' ? 'pending' : 'inactive', externalAccount };
}

/**
 * The Stripe provider (STRIPE_SECRET_KEY set): one PaymentIntent per payment (amount in minor units, lowercase
 * currency, metadata payment_id/booking_id, our id as idempotency key), a Customer per payer so the settlement can
 * charge the saved method off-session, Refunds, and Connect "separate charges and transfers": a payout is a Transfer
 * to the earner's connected account (Stripe pays it out to the bank on the account's schedule). Webhooks
 * (`payment_intent.*`) reconcile what the payer does outside our server.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  // Whatever a method lets through, a Stripe error leaves the provider as the project's own.
  return withProviderErrors(stripeProviderOf(options));
}

function stripeProviderOf(options: StripeProviderOptions): PaymentProvider {
  const stripe = stripeClient(options.secretKey, options.api);
  const { StripeCardError, StripeConnectionError, StripeInvalidRequestError } = Stripe.errors;

  /** The payer's Customer, created on first use. */
  const customerOf = async (userId: string): Promise<string> => {
    const known = await options.customers.customerOf(userId);
    if (known) return known;
    const customer = await stripe.customers.create({ metadata: { user_id: userId } }, { idempotencyKey: `customer-${userId}` });
    return options.customers.remember(userId, customer.id);
  };

  /** Confirms a PaymentIntent; a card refused answers as a failure, a PaymentIntent already past confirmation as it stands. */
  const confirm = async ({ ref, params, now }: { ref: string; params: Stripe.PaymentIntentConfirmParams; now: Date }): Promise<ProviderOutcome> => {
    try {
      return outcomeOfIntent({ intent: await stripe.paymentIntents.confirm(ref, params), now, delay: options });
    } catch (error) {
      if (error instanceof StripeCardError) return failed(failureCodeOf(error.code, error.decline_code));
      // Bank details Stripe refuses (BECS): the payer's input, answered like a declined card.
      if (error instanceof StripeInvalidRequestError && error.param?.startsWith('payment_method_data')) return failed('invalid_account_number');
      if (error instanceof StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') {
        return outcomeOfIntent({ intent: await stripe.paymentIntents.retrieve(ref), now, delay: options });
      }
      // No answer (after the SDK's retries): Stripe may have charged. Nothing is recorded; the webhook tells how it ended.
      if (error instanceof StripeConnectionError) throw providerUnavailable();
      throw error;
    }
  };

  return {
    name: 'stripe',
    async createPayment({ paymentId, bookingId, payerId, amount, currency }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: currency.toLowerCase(),
          // A guest's tickets (no payer) have no customer and nothing to save for later.
          ...(payerId ? { customer: await customerOf(payerId), setup_future_usage: 'off_session' as const } : {}),
          allowed_payment_method_types: currency.toUpperCase() === 'AUD' ? ['card', 'au_becs_debit'] : ['card'],
          metadata: { payment_id: paymentId, ...(bookingId ? { booking_id: bookingId } : {}) },
        },
        { idempotencyKey: `payment-${paymentId}` },
      );
      return { ref: intent.id, ...(intent.client_secret ? { clientSecret: intent.client_secret } : {}) };
    },
    async confirmCard({ paymentId, ref, card, now }) {
      const problem = cardInputProblem(card, now);
      if (problem) return failed(problem);
      const paymentMethod = STRIPE_TEST_PAYMENT_METHODS[card.number];
      // A real card number never comes through our server with Stripe: only the Payment Element sees it.
      if (!paymentMethod) return failed('live_card_in_test_mode');
      return confirm({ ref, params: { payment_method: paymentMethod, return_url: `${options.publicUrl}/intermediary/${paymentId}` }, now });
    },
    async completeAction({ ref, now }) {
      // The payer answered at Stripe's page; what Stripe recorded is the answer, whatever the browser says.
      return outcomeOfIntent({ intent: await stripe.paymentIntents.retrieve(ref), now, delay: options });
    },
    async confirmBecs({ ref, becs, now }) {
      return confirm({
        ref,
        params: {
          payment_method_data: {
            type: 'au_becs_debit',
            au_becs_debit: { bsb_number: becs.bsb.replace(/\D/g, ''), account_number: becs.account_number },
            billing_details: { name: becs.account_name, email: `${ref}@payers.goodtable.invalid` },
          },
          // The payer accepted the mandate text on the payment page before this call.
          mandate_data: { customer_acceptance: { type: 'offline' } },
        },
        now,
      });
    },
    async retrieve({ ref, now }) {
      return outcomeOfIntent({ intent: await stripe.paymentIntents.retrieve(ref), now, delay: options });
    },
    async refund({ paymentId, ref, amount, idempotencyKey }) {
      const refund = await stripe.refunds.create({ payment_intent: ref, amount, metadata: { payment_id: paymentId } }, { idempotencyKey: `refund-${idempotencyKey}` });
      if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`Stripe refused refund ${idempotencyKey}: ${refund.failure_reason ?? refund.status}`);
      return { ref: refund.id };
    },
    async chargeBalance({ paymentId, bookingId, amount, currency, idempotencyKey, earlierRefs, now }) {
      // The method the payer saved when paying this booking before (setup_future_usage), on its Customer: only Stripe
      // knows them, so they are read from it.
      let saved: { customer: string; method: string } | null = null;
      for (const ref of earlierRefs) {
        const intent = await stripe.paymentIntents.retrieve(ref);
        const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
        const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
        if (customer && method) {
          saved = { customer, method };
          break;
        }
      }
      if (!saved) return { ref: '', outcome: failed('card_declined', 'No saved payment method to charge.') };
      const { customer, method } = saved;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: currency.toLowerCase(),
            customer,
            payment_method: method,
            off_session: true,
            confirm: true,
            // Only what every attempt sends again: Stripe answers a key's first response only to the same parameters.
            // The payment row is written once, with the settlement, before Stripe is asked; its id lets the webhook
            // find it when a bank debit ends days later.
            metadata: { booking_id: bookingId, kind: 'settlement_balance', payment_id: paymentId },
          },
          { idempotencyKey: idempotencyKey },
        );
        return { ref: intent.id, outcome: outcomeOfIntent({ intent, now, delay: options }) };
      } catch (error) {
        if (error instanceof StripeCardError) return { ref: error.payment_intent?.id ?? '', outcome: failed(failureCodeOf(error.code, error.decline_code)) };
        throw error;
      }
    },
    async payout({ connectedAccountId, amount, currency, idempotencyKey }) {
      // Stripe keeps the answer of a key, refusals included: a refused payout retried with the same key would be refused
      // forever. So each attempt has its own key, and the transfer group (our payout's id) finds a transfer an earlier
      // attempt made (a timeout, a crash before our commit), which is then the answer: one transfer per payout.
      const group = `payout-${idempotencyKey}`;
      const earlier = await stripe.transfers.list({ transfer_group: group, limit: 1 });
      if (earlier.data[0]) return { status: 'paid', ref: earlier.data[0].id };
      try {
        const transfer = await stripe.transfers.create(
          { amount, currency: currency.toLowerCase(), destination: connectedAccountId, transfer_group: group, metadata: { payout_id: idempotencyKey } },
          { idempotencyKey: `${group}-${randomUUID()}` },
        );
        return { status: 'paid', ref: transfer.id };
      } catch (error) {
        // Refused (no transfers capability, platform balance too low): retried by the payouts pass; a network fault rejects.
        if (error instanceof StripeInvalidRequestError) return { status: 'failed', message: `The payment provider refused the transfer (${error.code ?? error.type})` };
        throw error;
      }
    },
    connect: {
      async createAccount({ userId, country, email }) {
        try {
          const account = await stripe.accounts.create(
            { type: 'express', country, email, capabilities: { transfers: { requested: true } }, metadata: { user_id: userId } },
            // A retry (two tabs, a lost answer) answers the same account; other details make another key.
            { idempotencyKey: `connect-account-${userId}-${country}-${email}` },
          );
          return connectedAccountOf(account);
        } catch (error) {
          if (error instanceof StripeInvalidRequestError && error.param === 'country') {
            throw conflict('The payment provider does not open accounts in this country: use “My country is not listed”', 'payments.countryNotSupported');
          }
          if (error instanceof StripeConnectionError) throw providerUnavailable();
          throw error;
        }
      },
      async onboardingLink({ accountId, refreshUrl, returnUrl }) {
        try {
          // Single use and short-lived: never stored, a new one for every visit.
          const link = await stripe.accountLinks.create({ account: accountId, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' });
          return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
        } catch (error) {
          if (error instanceof StripeConnectionError) throw providerUnavailable();
          throw error;
        }
      },
      async retrieveAccount(accountId) {
        try {
          return connectedAccountOf(await stripe.accounts.retrieve(accountId));
        } catch (error) {
          if (error instanceof StripeConnectionError) throw providerUnavailable();
          throw error;
        }
      },
    },
  };
}

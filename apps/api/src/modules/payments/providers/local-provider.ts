import { randomBytes } from 'node:crypto';
import { testCardOutcome, type CardInput, type PaymentFailureCode } from '@goodtable/shared';
import type { PaymentProvider, ProviderOutcome } from './payment-provider.ts';

/** Stripe's messages for its test cards (https://docs.stripe.com/testing), as the payer reads them. */
export const LOCAL_CARD_MESSAGES: Record<PaymentFailureCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_number: 'Your card number is incorrect.',
  live_card_in_test_mode: 'Your card was declined. Your request was in test mode, but used a non test card.',
  authentication_failed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  account_closed: 'The bank account has been closed.',
  no_account: 'The bank account could not be located.',
  refer_to_customer: 'The debit was stopped by the account holder’s bank. Please contact your bank.',
  debit_not_authorized: 'The account holder has not authorised this debit.',
  invalid_account_number: 'Your request was in test mode, but used a non-test bank account: use BSB 000-000 with a test account number.',
};

/**
 * Stripe's BECS Direct Debit test accounts (BSB 000-000; https://docs.stripe.com/payments/au-becs-debit/accept-a-payment,
 * "Test the integration"): each starts `processing`, then succeeds or fails with Stripe's code once the debit clears.
 */
const TEST_BECS_ACCOUNTS: Record<string, 'succeeded' | PaymentFailureCode> = {
  '000123456': 'succeeded',
  '900123456': 'succeeded',
  '111111113': 'account_closed',
  '111111116': 'no_account',
  '222222227': 'refer_to_customer',
  '922222227': 'refer_to_customer',
  '333333335': 'debit_not_authorized',
};
const TEST_BSB = '000-000';
const DAY_MS = 24 * 60 * 60 * 1000;

/** `days` business days (Monday to Friday, UTC) after `from`, at the same time of day. */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  for (let left = days; left > 0; ) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at);
}

/** The BECS processing delay of the deployment (BECS_PROCESSING_BUSINESS_DAYS, or BECS_PROCESSING_MINUTES for tests and demos). */
export type BecsDelay = { becsProcessingBusinessDays: number; becsProcessingMinutes?: number | undefined };

/** When a debit started at `now` is expected to have cleared or failed. */
export function becsClearsAt(now: Date, delay: BecsDelay): Date {
  return delay.becsProcessingMinutes === undefined ? addBusinessDays(now, delay.becsProcessingBusinessDays) : new Date(now.getTime() + delay.becsProcessingMinutes * 60_000);
}

/** What the local provider keeps about a BECS debit in flight (handed back by `retrieve`). */
type LocalDebitState = { outcome: 'succeeded' | PaymentFailureCode; until: string };

/** What Stripe refuses before any charge: a number failing the Luhn checksum, an expiry month already over (business clock). */
export function cardInputProblem(card: CardInput, now: Date): 'incorrect_number' | 'expired_card' | null {
  if (!passesLuhn(card.number)) return 'incorrect_number';
  // A card is valid through the last day of its expiry month (UTC).
  if (Date.UTC(card.exp_year, card.exp_month, 1) <= now.getTime()) return 'expired_card';
  return null;
}

/** The Luhn checksum every real card number passes. */
function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The offline provider (the default): behaves like Stripe's test mode, with no network. 4242… succeeds; 4000 0000
 * 0000 0002 is declined; …9995 has insufficient funds; 4000 0025 0000 3155 needs the payer's extra step at
 * `/intermediary/{payment id}`. Any other number is refused like Stripe refuses a real card in test mode.
 */
export function createLocalProvider(options: BecsDelay): PaymentProvider {
  // Like Stripe, an idempotency key answers what it answered the first time (for this process's life).
  const answered = new Map<string, string>();
  const refOnce = (key: string, prefix: string) => {
    const known = answered.get(key);
    if (known) return known;
    const ref = `${prefix}_local_${randomBytes(12).toString('hex')}`;
    answered.set(key, ref);
    return ref;
  };
  const failed = (code: PaymentFailureCode): ProviderOutcome => ({ status: 'failed', failureCode: code, failureMessage: LOCAL_CARD_MESSAGES[code] });
  return {
    name: 'local',
    async createPayment() {
      return { ref: `pi_local_${randomBytes(12).toString('hex')}` };
    },
    async confirmCard({ paymentId, card, now }) {
      const problem = cardInputProblem(card, now);
      if (problem) return failed(problem);
      switch (testCardOutcome(card.number)) {
        case 'succeed':
          return { status: 'succeeded' };
        case 'declined':
          return failed('card_declined');
        case 'insufficientFunds':
          return failed('insufficient_funds');
        case 'requiresAction':
          return { status: 'requires_action', nextActionUrl: `/intermediary/${paymentId}` };
        default:
          return failed('live_card_in_test_mode');
      }
    },
    async completeAction({ approved }) {
      return approved ? { status: 'succeeded' } : failed('authentication_failed');
    },
    async confirmBecs({ becs, now }) {
      const outcome = becs.bsb === TEST_BSB ? TEST_BECS_ACCOUNTS[becs.account_number] : undefined;
      if (!outcome) return failed('invalid_account_number');
      const until = becsClearsAt(now, options);
      const state: LocalDebitState = { outcome, until: until.toISOString() };
      return { status: 'processing', until, state };
    },
    async retrieve({ state, now }) {
      const debit = state as LocalDebitState | null;
      if (!debit) return failed('no_account');
      const until = new Date(debit.until);
      if (now < until) return { status: 'processing', until, state: debit };
      return debit.outcome === 'succeeded' ? { status: 'succeeded' } : failed(debit.outcome);
    },
    // Refunds, balance charges (the payer's saved card or BECS mandate) and payouts always succeed locally.
    async refund({ idempotencyKey }) {
      return { ref: refOnce(idempotencyKey, 're') };
    },
    async chargeBalance({ idempotencyKey }) {
      return { ref: refOnce(idempotencyKey, 'pi'), outcome: { status: 'succeeded' } };
    },
    async payout({ idempotencyKey }) {
      return { status: 'paid', ref: refOnce(idempotencyKey, 'po') };
    },
  };
}

import { randomBytes } from 'node:crypto';
import type { PaymentFailureCode } from '@goodtable/shared';
import type { PaymentProvider, ProviderOutcome } from './payment-provider.ts';

/** Stripe's messages for its test cards (https://docs.stripe.com/testing), as the payer reads them. */
export const LOCAL_CARD_MESSAGES: Record<PaymentFailureCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_number: 'Your card number is incorrect.',
  live_card_in_test_mode: 'Your card was declined. Your request was in test mode, but used a non test card.',
  authentication_failed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** The test cards the local provider knows and what each does. */
const TEST_CARDS: Record<string, 'succeed' | 'declined' | 'insufficientFunds' | 'requiresAction'> = {
  '4242424242424242': 'succeed',
  '5555555555554444': 'succeed',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficientFunds',
  '4000002500003155': 'requiresAction',
};

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
export function createLocalProvider(): PaymentProvider {
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
      if (!passesLuhn(card.number)) return failed('incorrect_number');
      // A card is valid through the last day of its expiry month (UTC).
      if (Date.UTC(card.exp_year, card.exp_month, 1) <= now.getTime()) return failed('expired_card');
      switch (TEST_CARDS[card.number]) {
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

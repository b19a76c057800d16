import type { CardInput } from './schemas/payments.ts';
import { groupCardNumber } from './typed-input.ts';

/**
 * The test cards: numbers that behave like Stripe's test cards with both payment providers (the local provider
 * decides by them; the Stripe provider maps them to Stripe's test PaymentMethods). Product code and every test name a
 * card from here (docs/decisions/0255-one-test-card-module.md).
 */

/** What paying with a test card does. */
export type TestCardOutcome = 'succeed' | 'declined' | 'insufficientFunds' | 'requiresAction';

/** Each test card by name: its number (digits only) and what paying with it does. */
export const TEST_CARDS = {
  /** Visa, succeeds. */
  visa: { number: '4242424242424242', outcome: 'succeed' },
  /** Mastercard, succeeds. */
  mastercard: { number: '5555555555554444', outcome: 'succeed' },
  /** Declined by the bank (`card_declined`). */
  declined: { number: '4000000000000002', outcome: 'declined' },
  /** Declined for insufficient funds (`insufficient_funds`). */
  insufficientFunds: { number: '4000000000009995', outcome: 'insufficientFunds' },
  /** Needs the payer's extra authentication step before it succeeds or fails. */
  requiresAction: { number: '4000002500003155', outcome: 'requiresAction' },
} as const satisfies Record<string, { number: string; outcome: TestCardOutcome }>;

export type TestCardName = keyof typeof TEST_CARDS;

/** What paying with `number` does; undefined for a number that is not a test card. */
export function testCardOutcome(number: string): TestCardOutcome | undefined {
  return Object.values(TEST_CARDS).find((card) => card.number === number)?.outcome;
}

/** A test card as `POST /v1/payments/{id}/confirm` takes it under `card`: expiry far ahead, any CVC. */
export function testCard(name: TestCardName = 'visa'): CardInput {
  return { number: TEST_CARDS[name].number, exp_month: 12, exp_year: 2099, cvc: '123' };
}

/** A test card's number as a person types it in the card form: grouped in fours (`4242 4242 4242 4242`). */
export function typedTestCardNumber(name: TestCardName = 'visa'): string {
  return groupCardNumber(TEST_CARDS[name].number);
}

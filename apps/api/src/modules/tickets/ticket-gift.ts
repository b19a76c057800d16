import type { TicketCheckoutRow } from '../../db/schema/index.ts';

/**
 * The gift component of a purchase: per ticket its price less the value of the dinner (the menu's price per head,
 * never below 0), and the whole donation. What the buyer gave beyond what they received, whatever the cause's tax status.
 */
export function giftComponent(checkout: Pick<TicketCheckoutRow, 'quantity' | 'ticketPrice' | 'donation'>, menuPrice: number): number {
  return checkout.quantity * Math.max(0, checkout.ticketPrice - menuPrice) + checkout.donation;
}

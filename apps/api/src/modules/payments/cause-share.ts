import type { CauseShareReader } from '../events/events.service.ts';
import { settlementPlan, ticketIncome } from './booking-money.ts';

/**
 * The settlement as the events module reads it (what an event has raised for its cause): its formula, with the
 * platform's fee, and the income it settles. The client's prepayment and who bears a shortfall change what the
 * restaurant and the client get, never the cause's share.
 */
export function causeShareReader(platformFeePercent: number): CauseShareReader {
  return {
    ifSettled: (sales) => settlementPlan({ ...sales, prepaid: 0, platformFeePercent, chargeShortfall: true }).cause,
    incomeOf: (db, bookingId) => ticketIncome.ofBooking(db, bookingId),
  };
}

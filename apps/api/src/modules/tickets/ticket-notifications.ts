import type { Executor } from '../../db/client.ts';
import type { BookingRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import type { Mailer } from '../../email/mailer.ts';
import type { CauseShareReader } from '../events/events.service.ts';
import { listRestaurantManagerIds } from '../managers/managers.service.ts';
import { notifyTicketMilestones as notify, type TicketMilestone } from '../notifications/notifications.service.ts';

/** A booking's counters after a sale, with its menu's price per head (what the cause's share is computed from). */
export type SaleCounters = Pick<BookingRow, 'guests' | 'ticketsSold' | 'ticketPrice' | 'donationsRaised' | 'goal'> & { menuPrice: number | null };

/** A sale of `quantity` tickets and `donation`, seen from the booking's counters after it. */
export type SaleOfEvent = { after: SaleCounters; quantity: number; donation: number };

/**
 * The milestones a sale crossed, from the booking's counters after it: the first ticket, half the seats, the last
 * seat, and what the event raised for its cause (the settlement's share of the tickets plus the donations, never
 * the gross sales) reaching the goal.
 */
export function crossedMilestones(sale: SaleOfEvent, causeShare: Pick<CauseShareReader, 'ifSettled'>): TicketMilestone[] {
  const { after, quantity, donation } = sale;
  const guests = after.guests ?? 0;
  const sold = after.ticketsSold;
  const before = sold - quantity;
  const raisedFor = (tickets: number, donations: number) => causeShare.ifSettled({ menuPrice: after.menuPrice ?? 0, guests, ticketPrice: after.ticketPrice ?? 0, tickets, donations });
  const milestones: TicketMilestone[] = [];
  if (before <= 0 && sold > 0) milestones.push('first');
  if (before * 2 < guests && sold * 2 >= guests && sold < guests) milestones.push('half');
  if (before < guests && sold >= guests) milestones.push('sold_out');
  if (after.goal && raisedFor(before, after.donationsRaised - donation) < after.goal && raisedFor(sold, after.donationsRaised) >= after.goal) milestones.push('goal_reached');
  return milestones;
}

/** The organiser and the restaurant side hear of the milestones a sale crossed (in its transaction), by email too. */
export async function notifyTicketMilestones(
  deps: { db: Executor; clock: Clock; live: LiveHub; mailer: Pick<Mailer, 'enqueue'>; email: { publicUrl: string }; causeShare: Pick<CauseShareReader, 'ifSettled'> },
  sale: SaleOfEvent & { after: BookingRow },
): Promise<void> {
  const milestones = crossedMilestones(sale, deps.causeShare);
  if (milestones.length === 0) return;
  const restaurantTeam = sale.after.restaurantId ? await listRestaurantManagerIds(deps.db, sale.after.restaurantId) : [];
  await notify({ live: deps.live, clock: deps.clock, mailer: deps.mailer, publicUrl: deps.email.publicUrl }, { row: sale.after, milestones, restaurantTeam, tx: deps.db });
}

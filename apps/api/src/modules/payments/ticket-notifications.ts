import type { Executor } from '../../db/client.ts';
import type { BookingRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import type { Mailer } from '../../email/mailer.ts';
import { listRestaurantManagerIds } from '../managers/managers.service.ts';
import { notifyTicketMilestones as notify, type TicketMilestone } from '../notifications/notifications.service.ts';

/**
 * The milestones a sale of `quantity` tickets and `donation` crossed, from the booking's counters after it: the first
 * ticket, half the seats, the last seat, and money raised (tickets and donations) reaching the goal.
 */
export function crossedMilestones(after: Pick<BookingRow, 'guests' | 'ticketsSold' | 'ticketPrice' | 'donationsRaised' | 'goal'>, quantity: number, donation: number): TicketMilestone[] {
  const guests = after.guests ?? 0;
  const sold = after.ticketsSold;
  const before = sold - quantity;
  const raised = sold * (after.ticketPrice ?? 0) + after.donationsRaised;
  const raisedBefore = raised - quantity * (after.ticketPrice ?? 0) - donation;
  const milestones: TicketMilestone[] = [];
  if (before <= 0 && sold > 0) milestones.push('first');
  if (before * 2 < guests && sold * 2 >= guests && sold < guests) milestones.push('half');
  if (before < guests && sold >= guests) milestones.push('sold_out');
  if (after.goal && raisedBefore < after.goal && raised >= after.goal) milestones.push('goal_reached');
  return milestones;
}

/** Issue 11: the organiser and the restaurant side hear of the milestones a sale crossed (in its transaction), by email too. */
export async function notifyTicketMilestones(
  deps: { db: Executor; clock: Clock; live: LiveHub; mailer: Pick<Mailer, 'enqueue'>; email: { publicUrl: string } },
  after: BookingRow,
  quantity: number,
  donation: number,
): Promise<void> {
  const milestones = crossedMilestones(after, quantity, donation);
  if (milestones.length === 0) return;
  const restaurantTeam = after.restaurantId ? await listRestaurantManagerIds(deps.db, after.restaurantId) : [];
  await notify({ live: deps.live, clock: deps.clock, mailer: deps.mailer, publicUrl: deps.email.publicUrl }, { row: after, milestones, restaurantTeam }, deps.db);
}

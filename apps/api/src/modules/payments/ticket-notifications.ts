import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import type { BookingMoneyTerms } from '../bookings/bookings.service.ts';

type Counters = { guests: number | null; ticketsSold: number; ticketsHeld: number; donationsRaised: number };

/**
 * Issue 11: the restaurant side and the client hear when an event sells its first ticket, half its tickets, the last
 * one, and when what it raised reaches its goal. Not built yet (see docs/decisions.md).
 */
export async function notifyTicketMilestones(_deps: { db: Executor; clock: Clock; live: LiveHub }, _before: BookingMoneyTerms, _after: Counters, _donation: number): Promise<void> {}

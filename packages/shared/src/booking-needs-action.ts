import type { BookingViewerSide } from './booking-labels.ts';
import { DEFAULT_BOOKING_RULES, eventEndsAt, instantMs, type BookingRules } from './booking-rules.ts';
import type { BookingLifecycleState } from './booking-state-machine.ts';

export interface BookingNeedsActionQuery {
  booking: BookingLifecycleState & { host_event: boolean };
  /** The viewer's side of this booking (the organiser of a host event is its `client`). */
  viewer: BookingViewerSide;
  now: Date;
  rules?: BookingRules;
}

/**
 * Whether `booking` waits for `viewer` now (the dashboard's "needs your action" and `needs_action=true`; the API's
 * list query is the same rule in SQL). Restaurant side: a request whose response window is open, and a confirmed
 * event that is over, has sold tickets and is not marked complete yet. Client: payment due (ACCEPTED, deposit window
 * open), a suggested time to answer, a decline "not available" (may change the time), and a completion mark to
 * confirm. A host event waits only for its organiser (over and unmarked, or marked and unanswered). The cause never acts.
 */
export function bookingNeedsAction({ booking, viewer, now, rules = DEFAULT_BOOKING_RULES }: BookingNeedsActionQuery): boolean {
  if (viewer === 'cause') return false;
  const nowMs = now.getTime();
  const open = (deadline: BookingLifecycleState['response_due_at']) => deadline === null || instantMs(deadline) > nowMs;
  const confirmed = booking.status === 'CONFIRMED';
  const overAndUnmarked =
    confirmed && booking.completion === null && booking.tickets_sold > 0 && booking.date !== null && instantMs(eventEndsAt(booking.date, rules)) <= nowMs;
  const awaitingCompletionAnswer = confirmed && booking.completion !== null && booking.completion.outcome === null;

  if (booking.host_event) return viewer === 'client' && (overAndUnmarked || awaitingCompletionAnswer);
  if (viewer === 'restaurant') return (booking.status === 'PENDING' && open(booking.response_due_at)) || overAndUnmarked;
  return (
    (booking.status === 'ACCEPTED' && open(booking.deposit_due_at)) ||
    (booking.status === 'CANCELED' && booking.suggestion !== null) ||
    (booking.status === 'CANCELED' && booking.cancel_reason === 'DECLINED' && booking.decline_reason === 'NOT_AVAILABLE') ||
    awaitingCompletionAnswer
  );
}

import type { BookingStatus } from './booking-status.ts';
import {
  autoCompleteAt,
  DEFAULT_BOOKING_RULES,
  depositDueAt,
  eventEndsAt,
  instantMs,
  responseDueAt,
  type BookingRules,
  type Instant,
} from './booking-rules.ts';

/**
 * The booking lifecycle of docs/product.md, Booking lifecycle as one transition table. The API authorises and applies every change
 * with `applyTransition` (inside the transaction that writes the `booking_events` row); the web shows the buttons
 * `allowedActions` returns. Completeness of a draft and the restaurant's hosting preferences are checked by the
 * schemas (`bookingSubmitSchema`, `validateAgainstHostingPreferences`), not here.
 */

/** Who causes a change. `manager-host`: a manager organising an event at a restaurant it runs (no response, no deposit). */
export const BOOKING_ACTORS = ['client', 'restaurant', 'manager-host', 'payment', 'system'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

/** Actions of `POST /v1/bookings/{id}/{action}` (people) and of the payment webhook and the scheduled jobs. */
export const BOOKING_PARTY_ACTIONS = [
  'submit',
  'accept',
  'decline',
  'suggest-time',
  'accept-suggestion',
  'decline-suggestion',
  'change-time',
  'cancel',
  'mark-complete',
  'confirm-complete',
  'mark-unsatisfactory',
] as const;
export type BookingPartyAction = (typeof BOOKING_PARTY_ACTIONS)[number];

/** `PUT` (edit) and `DELETE` of a booking, listed in `allowed_actions` too. */
export const BOOKING_RECORD_ACTIONS = ['edit', 'delete'] as const;
export const BOOKING_AUTOMATIC_ACTIONS = ['deposit-paid', 'response-timeout', 'deposit-timeout', 'auto-complete', 'no-tickets-sweep'] as const;

export const BOOKING_ACTIONS = [...BOOKING_PARTY_ACTIONS, ...BOOKING_RECORD_ACTIONS, ...BOOKING_AUTOMATIC_ACTIONS] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** The two decline reasons of docs/product.md, Errors: "Not available at this time but client may request another date" / "Not suitable for this event". */
export const BOOKING_DECLINE_REASONS = ['NOT_AVAILABLE', 'NOT_SUITABLE'] as const;
export type BookingDeclineReason = (typeof BOOKING_DECLINE_REASONS)[number];

/** Why a booking left the way to a dinner (CANCELED or INCOMPLETE). `TIME_SUGGESTED` goes with a suggestion (still In Progress). */
export const BOOKING_CANCEL_REASONS = [
  'DECLINED',
  'TIME_SUGGESTED',
  'CLIENT_DECLINED_SUGGESTION',
  'CLIENT_CANCELED',
  'RESTAURANT_CANCELED',
  'RESPONSE_TIMEOUT',
  'DEPOSIT_TIMEOUT',
  'NO_TICKETS_SOLD',
] as const;
export type BookingCancelReason = (typeof BOOKING_CANCEL_REASONS)[number];

/**
 * The restaurant's completion mark and the client's answer. `outcome` null: waiting for the client (or the
 * auto-confirmation); `UNSATISFACTORY`: held for review, the booking stays CONFIRMED and no money is settled.
 */
export const BOOKING_COMPLETION_OUTCOMES = ['CONFIRMED', 'AUTO_CONFIRMED', 'UNSATISFACTORY'] as const;
export type BookingCompletionOutcome = (typeof BOOKING_COMPLETION_OUTCOMES)[number];
export interface BookingCompletion {
  marked_at: string;
  outcome: BookingCompletionOutcome | null;
  resolved_at: string | null;
}
/** A completion as read from a row or a payload (instants as dates or strings). */
export interface BookingCompletionState {
  marked_at: Instant;
  outcome: BookingCompletionOutcome | null;
  resolved_at: Instant | null;
}

/** What the state machine reads of a booking. */
export interface BookingLifecycleState {
  status: BookingStatus;
  /** Event start (null while a draft has none). */
  date: Instant | null;
  suggestion: { date: Instant } | null;
  decline_reason: BookingDeclineReason | null;
  cancel_reason: BookingCancelReason | null;
  completion: BookingCompletionState | null;
  response_due_at: Instant | null;
  deposit_due_at: Instant | null;
  tickets_sold: number;
}

/** Conditions a row may require besides the status; each one has the refusal code given when it does not hold. */
export const BOOKING_CONDITIONS = {
  'has-suggestion': 'noSuggestion',
  'time-change-offered': 'timeChangeNotOffered',
  'event-not-started': 'eventStarted',
  'event-passed': 'eventNotPassed',
  'suggestion-not-started': 'suggestionPassed',
  'response-open': 'responseDeadlinePassed',
  'response-deadline-passed': 'responseDeadlineNotPassed',
  'deposit-deadline-passed': 'depositDeadlineNotPassed',
  'not-marked-complete': 'alreadyMarkedComplete',
  'awaiting-completion-answer': 'notAwaitingCompletionAnswer',
  'auto-complete-due': 'autoCompleteNotDue',
  'tickets-sold': 'noTicketsSold',
  'no-ticket-sold': 'ticketsSold',
} as const;
export type BookingCondition = keyof typeof BOOKING_CONDITIONS;

/** The change a row makes besides the status (applied by `applyTransition`). */
export type BookingEffect =
  | 'update-details'
  | 'remove'
  | 'open-response-window'
  | 'confirm-hosted'
  | 'open-deposit-window'
  | 'set-decline-reason'
  | 'set-suggestion'
  | 'take-suggestion'
  | 'clear-suggestion'
  | 'set-new-time'
  | 'set-client-cancel'
  | 'set-restaurant-cancel'
  | 'record-deposit'
  | 'expire-response'
  | 'expire-deposit'
  | 'set-completion-mark'
  | 'confirm-completion'
  | 'hold-for-review'
  | 'auto-confirm-completion'
  | 'record-no-tickets';

/** Input a row needs: a decline reason, a new date, or (edit) the booking's fields, which the API validates. */
export type BookingTransitionInput = 'reason' | 'date' | 'details' | null;

export interface BookingTransition {
  action: BookingAction;
  actors: readonly BookingActor[];
  from: BookingStatus;
  /** Every condition must hold. */
  when: readonly BookingCondition[];
  /** Null: the booking is removed. */
  to: BookingStatus | null;
  effect: BookingEffect;
  input: BookingTransitionInput;
}

const CLIENT: readonly BookingActor[] = ['client'];
const ORGANISER: readonly BookingActor[] = ['client', 'manager-host'];
const RESTAURANT: readonly BookingActor[] = ['restaurant'];
const HOST_OR_RESTAURANT: readonly BookingActor[] = ['restaurant', 'manager-host'];

/** docs/product.md, Booking lifecycle, row by row, plus docs/decisions/0032-lifecycle-rules-the-table-left-open.md. */
export const BOOKING_TRANSITIONS: readonly BookingTransition[] = [
  { action: 'edit', actors: ORGANISER, from: 'DRAFT', when: [], to: 'DRAFT', effect: 'update-details', input: 'details' },
  { action: 'edit', actors: CLIENT, from: 'PENDING', when: ['event-not-started', 'response-open'], to: 'PENDING', effect: 'update-details', input: 'details' },
  { action: 'delete', actors: ORGANISER, from: 'DRAFT', when: [], to: null, effect: 'remove', input: null },
  { action: 'submit', actors: CLIENT, from: 'DRAFT', when: ['event-not-started'], to: 'PENDING', effect: 'open-response-window', input: null },
  { action: 'submit', actors: ['manager-host'], from: 'DRAFT', when: ['event-not-started'], to: 'CONFIRMED', effect: 'confirm-hosted', input: null },
  { action: 'accept', actors: RESTAURANT, from: 'PENDING', when: ['event-not-started', 'response-open'], to: 'ACCEPTED', effect: 'open-deposit-window', input: null },
  { action: 'decline', actors: RESTAURANT, from: 'PENDING', when: ['response-open'], to: 'CANCELED', effect: 'set-decline-reason', input: 'reason' },
  { action: 'suggest-time', actors: RESTAURANT, from: 'PENDING', when: ['response-open'], to: 'CANCELED', effect: 'set-suggestion', input: 'date' },
  { action: 'accept-suggestion', actors: CLIENT, from: 'CANCELED', when: ['has-suggestion', 'suggestion-not-started'], to: 'ACCEPTED', effect: 'take-suggestion', input: null },
  { action: 'decline-suggestion', actors: CLIENT, from: 'CANCELED', when: ['has-suggestion'], to: 'CANCELED', effect: 'clear-suggestion', input: null },
  { action: 'change-time', actors: CLIENT, from: 'CANCELED', when: ['time-change-offered'], to: 'PENDING', effect: 'set-new-time', input: 'date' },
  { action: 'cancel', actors: CLIENT, from: 'PENDING', when: [], to: 'CANCELED', effect: 'set-client-cancel', input: null },
  { action: 'cancel', actors: CLIENT, from: 'ACCEPTED', when: [], to: 'CANCELED', effect: 'set-client-cancel', input: null },
  { action: 'cancel', actors: CLIENT, from: 'CONFIRMED', when: ['event-not-started'], to: 'CANCELED', effect: 'set-client-cancel', input: null },
  { action: 'cancel', actors: RESTAURANT, from: 'ACCEPTED', when: [], to: 'CANCELED', effect: 'set-restaurant-cancel', input: null },
  { action: 'cancel', actors: HOST_OR_RESTAURANT, from: 'CONFIRMED', when: ['event-not-started'], to: 'CANCELED', effect: 'set-restaurant-cancel', input: null },
  { action: 'deposit-paid', actors: ['payment'], from: 'ACCEPTED', when: [], to: 'CONFIRMED', effect: 'record-deposit', input: null },
  { action: 'response-timeout', actors: ['system'], from: 'PENDING', when: ['response-deadline-passed'], to: 'CANCELED', effect: 'expire-response', input: null },
  { action: 'deposit-timeout', actors: ['system'], from: 'ACCEPTED', when: ['deposit-deadline-passed'], to: 'CANCELED', effect: 'expire-deposit', input: null },
  { action: 'mark-complete', actors: HOST_OR_RESTAURANT, from: 'CONFIRMED', when: ['event-passed', 'not-marked-complete', 'tickets-sold'], to: 'CONFIRMED', effect: 'set-completion-mark', input: null },
  { action: 'confirm-complete', actors: ORGANISER, from: 'CONFIRMED', when: ['awaiting-completion-answer'], to: 'COMPLETED', effect: 'confirm-completion', input: null },
  { action: 'mark-unsatisfactory', actors: CLIENT, from: 'CONFIRMED', when: ['awaiting-completion-answer'], to: 'CONFIRMED', effect: 'hold-for-review', input: null },
  { action: 'auto-complete', actors: ['system'], from: 'CONFIRMED', when: ['awaiting-completion-answer', 'auto-complete-due'], to: 'COMPLETED', effect: 'auto-confirm-completion', input: null },
  { action: 'no-tickets-sweep', actors: ['system'], from: 'CONFIRMED', when: ['event-passed', 'not-marked-complete', 'no-ticket-sold'], to: 'INCOMPLETE', effect: 'record-no-tickets', input: null },
];

/** Why a change is refused: the actor may never take it (`wrongActor`), not in this status, or a condition's code. */
export type BookingRefusalCode = 'unknownAction' | 'wrongActor' | 'wrongStatus' | 'invalidInput' | (typeof BOOKING_CONDITIONS)[BookingCondition];

/**
 * The kind of failure a refusal is (one of domain-errors.ts `DomainErrorKind`, which the API maps to its HTTP status):
 * an unknown action is not found, the wrong actor is forbidden, bad input is invalid, anything else is not possible now.
 */
export function refusalKind(code: BookingRefusalCode): 'invalid' | 'forbidden' | 'notFound' | 'conflict' {
  if (code === 'unknownAction') return 'notFound';
  if (code === 'wrongActor') return 'forbidden';
  if (code === 'invalidInput') return 'invalid';
  return 'conflict';
}

export type BookingRefusal = {
  ok: false;
  code: BookingRefusalCode;
  /** `errors.bookings.<code>`, or for `invalidInput` the field's `validation.*` key. */
  messageKey: string;
  /** For `invalidInput`: the field at fault. */
  field?: 'reason' | 'date';
};

const refuse = (code: BookingRefusalCode): BookingRefusal => ({ ok: false, code, messageKey: `errors.bookings.${code}` });

function isBookingAction(action: string): action is BookingAction {
  return (BOOKING_ACTIONS as readonly string[]).includes(action);
}

/** Tells, for one booking at one time, whether each condition holds. */
function conditionChecker({ booking, now, rules }: { booking: BookingLifecycleState; now: Date; rules: BookingRules }): (condition: BookingCondition) => boolean {
  const nowMs = now.getTime();
  const awaitingAnswer = booking.completion !== null && booking.completion.outcome === null;
  return (condition) => {
    switch (condition) {
      case 'has-suggestion':
        return booking.suggestion !== null;
      case 'time-change-offered':
        // docs/product.md, Booking lifecycle: "CANCELED (available later) or with suggestion".
        return booking.suggestion !== null || (booking.decline_reason === 'NOT_AVAILABLE' && booking.cancel_reason === 'DECLINED');
      case 'event-not-started':
        // A draft without a date has not started; submitting it is refused by the completeness check instead.
        return booking.date === null || instantMs(booking.date) > nowMs;
      case 'event-passed':
        return booking.date !== null && instantMs(eventEndsAt(booking.date, rules)) <= nowMs;
      case 'suggestion-not-started':
        return booking.suggestion !== null && instantMs(booking.suggestion.date) > nowMs;
      case 'response-open':
        return booking.response_due_at === null || instantMs(booking.response_due_at) > nowMs;
      case 'response-deadline-passed':
        return booking.response_due_at !== null && instantMs(booking.response_due_at) <= nowMs;
      case 'deposit-deadline-passed':
        return booking.deposit_due_at !== null && instantMs(booking.deposit_due_at) <= nowMs;
      case 'not-marked-complete':
        return booking.completion === null;
      case 'awaiting-completion-answer':
        return awaitingAnswer;
      case 'auto-complete-due':
        return awaitingAnswer && instantMs(autoCompleteAt(booking.completion!.marked_at, rules)) <= nowMs;
      case 'tickets-sold':
        return booking.tickets_sold > 0;
      case 'no-ticket-sold':
        return booking.tickets_sold === 0;
    }
  };
}

export interface BookingTransitionQuery {
  booking: BookingLifecycleState;
  action: string;
  actor: BookingActor;
  now: Date;
  rules?: BookingRules;
}

/** The row that allows `action` now, or why none does (ignores the action's input). */
export function findTransition({ booking, action, actor, now, rules = DEFAULT_BOOKING_RULES }: BookingTransitionQuery): { ok: true; transition: BookingTransition } | BookingRefusal {
  if (!isBookingAction(action)) return refuse('unknownAction');
  const byActor = BOOKING_TRANSITIONS.filter((transition) => transition.action === action && transition.actors.includes(actor));
  if (byActor.length === 0) return refuse('wrongActor');
  const byStatus = byActor.filter((transition) => transition.from === booking.status);
  if (byStatus.length === 0) return refuse('wrongStatus');
  const holds = conditionChecker({ booking, now, rules });
  const allowed = byStatus.find((transition) => transition.when.every(holds));
  if (allowed) return { ok: true, transition: allowed };
  const unmet = byStatus[0]!.when.find((condition) => !holds(condition))!;
  return refuse(BOOKING_CONDITIONS[unmet]);
}

/** The table's rows by actor and status (`${actor} ${status}`), in table order: a list of bookings asks per row. */
const TRANSITIONS_BY_ACTOR_AND_STATUS = new Map<string, BookingTransition[]>();
for (const transition of BOOKING_TRANSITIONS) {
  for (const actor of transition.actors) {
    const key = `${actor} ${transition.from}`;
    TRANSITIONS_BY_ACTOR_AND_STATUS.set(key, [...(TRANSITIONS_BY_ACTOR_AND_STATUS.get(key) ?? []), transition]);
  }
}

/**
 * Actions `actor` may take on `booking` now, in action order (what the web shows as buttons): those `findTransition`
 * allows, found from the rows for this actor and status alone.
 */
export function allowedActions({ booking, actor, now, rules = DEFAULT_BOOKING_RULES }: Omit<BookingTransitionQuery, 'action'>): BookingAction[] {
  const candidates = TRANSITIONS_BY_ACTOR_AND_STATUS.get(`${actor} ${booking.status}`);
  if (!candidates) return [];
  const holds = conditionChecker({ booking, now, rules });
  const allowed = new Set(candidates.filter((transition) => transition.when.every(holds)).map((transition) => transition.action));
  return BOOKING_ACTIONS.filter((action) => allowed.has(action));
}

export interface BookingTransitionInputValues {
  reason?: unknown;
  date?: unknown;
}

/** Fields a transition changes (only those present change). `date` and deadlines are ISO strings. */
export interface BookingChanges {
  status: BookingStatus;
  date?: string;
  suggestion?: { date: string } | null;
  decline_reason?: BookingDeclineReason | null;
  cancel_reason?: BookingCancelReason | null;
  completion?: BookingCompletion | null;
  response_due_at?: string | null;
  deposit_due_at?: string | null;
}

/** What the API writes to `booking_events`. `to` null: the booking was removed. */
export interface BookingEventRecord {
  action: BookingAction;
  actor: BookingActor;
  from: BookingStatus;
  to: BookingStatus | null;
  reason: string | null;
}

export type BookingTransitionResult =
  | { ok: true; removed: boolean; next: BookingChanges; event: BookingEventRecord }
  | BookingRefusal;

const invalidInput = (field: 'reason' | 'date', messageKey: string): BookingRefusal => ({ ok: false, code: 'invalidInput', messageKey, field });

/** A new event date must be a valid instant after `now`. */
function readFutureDate(value: unknown, now: Date): string | BookingRefusal {
  if (value === undefined || value === null || value === '') return invalidInput('date', 'validation.required');
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) return invalidInput('date', 'validation.invalidDate');
  if (ms <= now.getTime()) return invalidInput('date', 'validation.dateInPast');
  return new Date(ms).toISOString();
}

function isoOrNull(instant: Instant | null): string | null {
  return instant === null ? null : new Date(instantMs(instant)).toISOString();
}

/**
 * Authorises `action` by `actor` on `booking` at `now` and returns the changed fields and the event to record,
 * or a refusal saying why. Pure: the caller writes both in one transaction and checks staleness itself.
 */
export function applyTransition({ input = {}, ...query }: BookingTransitionQuery & { input?: BookingTransitionInputValues }): BookingTransitionResult {
  const found = findTransition(query);
  if (!found.ok) return found;
  const { transition } = found;
  const { booking, now, actor, rules = DEFAULT_BOOKING_RULES } = query;
  const nowIso = now.toISOString();
  const to = transition.to ?? booking.status;
  const next: BookingChanges = { status: to };
  let reason: string | null = null;

  switch (transition.effect) {
    case 'update-details':
    case 'remove':
    case 'confirm-hosted':
      break;
    case 'open-response-window':
      next.response_due_at = responseDueAt(now, rules);
      break;
    case 'open-deposit-window':
      next.response_due_at = null;
      next.deposit_due_at = depositDueAt(now, rules);
      break;
    case 'set-decline-reason': {
      if (input.reason === undefined || input.reason === null || input.reason === '') return invalidInput('reason', 'validation.required');
      if (!(BOOKING_DECLINE_REASONS as readonly unknown[]).includes(input.reason)) return invalidInput('reason', 'validation.invalidDeclineReason');
      next.decline_reason = input.reason as BookingDeclineReason;
      next.cancel_reason = 'DECLINED';
      next.response_due_at = null;
      reason = next.decline_reason;
      break;
    }
    case 'set-suggestion': {
      const date = readFutureDate(input.date, now);
      if (typeof date !== 'string') return date;
      next.suggestion = { date };
      next.cancel_reason = 'TIME_SUGGESTED';
      next.response_due_at = null;
      reason = next.cancel_reason;
      break;
    }
    case 'take-suggestion':
      next.date = isoOrNull(booking.suggestion!.date)!;
      next.suggestion = null;
      next.cancel_reason = null;
      next.deposit_due_at = depositDueAt(now, rules);
      break;
    case 'clear-suggestion':
      next.suggestion = null;
      next.cancel_reason = 'CLIENT_DECLINED_SUGGESTION';
      reason = next.cancel_reason;
      break;
    case 'set-new-time': {
      const date = readFutureDate(input.date, now);
      if (typeof date !== 'string') return date;
      next.date = date;
      next.suggestion = null;
      next.decline_reason = null;
      next.cancel_reason = null;
      next.response_due_at = responseDueAt(now, rules);
      break;
    }
    case 'set-client-cancel':
    case 'set-restaurant-cancel':
      next.cancel_reason = transition.effect === 'set-client-cancel' ? 'CLIENT_CANCELED' : 'RESTAURANT_CANCELED';
      next.response_due_at = null;
      next.deposit_due_at = null;
      reason = next.cancel_reason;
      break;
    case 'record-deposit':
      next.deposit_due_at = null;
      break;
    case 'expire-response':
    case 'expire-deposit':
      next.cancel_reason = transition.effect === 'expire-response' ? 'RESPONSE_TIMEOUT' : 'DEPOSIT_TIMEOUT';
      next.response_due_at = null;
      next.deposit_due_at = null;
      reason = next.cancel_reason;
      break;
    case 'set-completion-mark':
      next.completion = { marked_at: nowIso, outcome: null, resolved_at: null };
      break;
    case 'confirm-completion':
    case 'hold-for-review':
    case 'auto-confirm-completion': {
      const outcome: BookingCompletionOutcome =
        transition.effect === 'confirm-completion' ? 'CONFIRMED' : transition.effect === 'hold-for-review' ? 'UNSATISFACTORY' : 'AUTO_CONFIRMED';
      next.completion = { marked_at: isoOrNull(booking.completion!.marked_at)!, outcome, resolved_at: nowIso };
      reason = outcome === 'UNSATISFACTORY' ? outcome : null;
      break;
    }
    case 'record-no-tickets':
      next.cancel_reason = 'NO_TICKETS_SOLD';
      reason = next.cancel_reason;
      break;
  }

  return {
    ok: true,
    removed: transition.to === null,
    next,
    event: { action: transition.action, actor, from: booking.status, to: transition.to, reason },
  };
}

import { describe, expect, it } from 'vitest';
import { NOW, at, booking } from './booking-test-fixtures.ts';
import { BOOKING_STATUSES, type BookingStatus } from './booking-status.ts';
import { DEFAULT_BOOKING_RULES, depositRefundedOnClientCancel } from './booking-rules.ts';
import {
  allowedActions,
  applyTransition,
  BOOKING_ACTIONS,
  BOOKING_ACTORS,
  BOOKING_CONDITIONS,
  BOOKING_TRANSITIONS,
  findTransition,
  refusalKind,
  type BookingAction,
  type BookingActor,
  type BookingLifecycleState,
  type BookingTransition,
} from './booking-state-machine.ts';


/** One booking per status and condition the table distinguishes. */
const FIXTURES: Record<string, BookingLifecycleState> = {
  draft: booking({}),
  draftWithoutDate: booking({ date: null }),
  draftDatePassed: booking({ date: at(-2) }),
  pending: booking({ status: 'PENDING', response_due_at: at(48) }),
  pendingOverdue: booking({ status: 'PENDING', response_due_at: at(-1) }),
  pendingEventStarted: booking({ status: 'PENDING', date: at(-1), response_due_at: at(10) }),
  accepted: booking({ status: 'ACCEPTED', deposit_due_at: at(48) }),
  acceptedOverdue: booking({ status: 'ACCEPTED', deposit_due_at: at(-1) }),
  suggested: booking({ status: 'CANCELED', cancel_reason: 'TIME_SUGGESTED', suggestion: { date: at(40 * 24) } }),
  suggestionPassed: booking({ status: 'CANCELED', cancel_reason: 'TIME_SUGGESTED', suggestion: { date: at(-5) } }),
  declinedNotAvailable: booking({ status: 'CANCELED', cancel_reason: 'DECLINED', decline_reason: 'NOT_AVAILABLE' }),
  declinedNotSuitable: booking({ status: 'CANCELED', cancel_reason: 'DECLINED', decline_reason: 'NOT_SUITABLE' }),
  clientCanceled: booking({ status: 'CANCELED', cancel_reason: 'CLIENT_CANCELED' }),
  suggestionDeclined: booking({ status: 'CANCELED', cancel_reason: 'CLIENT_DECLINED_SUGGESTION' }),
  confirmedUpcoming: booking({ status: 'CONFIRMED', tickets_sold: 5 }),
  confirmedLive: booking({ status: 'CONFIRMED', date: at(-1), tickets_sold: 5 }),
  confirmedPassed: booking({ status: 'CONFIRMED', date: at(-4), tickets_sold: 5 }),
  confirmedPassedNoTickets: booking({ status: 'CONFIRMED', date: at(-4), tickets_sold: 0 }),
  markedComplete: booking({ status: 'CONFIRMED', date: at(-48), tickets_sold: 5, completion: { marked_at: at(-24), outcome: null, resolved_at: null } }),
  markedCompleteSevenDaysAgo: booking({ status: 'CONFIRMED', date: at(-8 * 24), tickets_sold: 5, completion: { marked_at: at(-7 * 24), outcome: null, resolved_at: null } }),
  heldForReview: booking({ status: 'CONFIRMED', date: at(-48), tickets_sold: 5, completion: { marked_at: at(-24), outcome: 'UNSATISFACTORY', resolved_at: at(-1) } }),
  completed: booking({ status: 'COMPLETED', date: at(-48), tickets_sold: 5, completion: { marked_at: at(-24), outcome: 'CONFIRMED', resolved_at: at(-1) } }),
  incomplete: booking({ status: 'INCOMPLETE', date: at(-48), cancel_reason: 'NO_TICKETS_SOLD' }),
};

/** What each fixture allows, written out by hand from docs/product.md, Booking lifecycle (the oracle the table is checked against). */
const ALLOWED: Record<keyof typeof FIXTURES, string[]> = {
  draft: ['client:edit', 'client:delete', 'client:submit', 'manager-host:edit', 'manager-host:delete', 'manager-host:submit'],
  draftWithoutDate: ['client:edit', 'client:delete', 'client:submit', 'manager-host:edit', 'manager-host:delete', 'manager-host:submit'],
  draftDatePassed: ['client:edit', 'client:delete', 'manager-host:edit', 'manager-host:delete'],
  pending: ['client:edit', 'client:cancel', 'restaurant:accept', 'restaurant:decline', 'restaurant:suggest-time'],
  pendingOverdue: ['client:cancel', 'system:response-timeout'],
  pendingEventStarted: ['client:cancel', 'restaurant:decline', 'restaurant:suggest-time'],
  accepted: ['client:cancel', 'restaurant:cancel', 'payment:deposit-paid'],
  acceptedOverdue: ['client:cancel', 'restaurant:cancel', 'payment:deposit-paid', 'system:deposit-timeout'],
  suggested: ['client:accept-suggestion', 'client:decline-suggestion', 'client:change-time'],
  suggestionPassed: ['client:decline-suggestion', 'client:change-time'],
  declinedNotAvailable: ['client:change-time'],
  declinedNotSuitable: [],
  clientCanceled: [],
  suggestionDeclined: [],
  confirmedUpcoming: ['client:cancel', 'restaurant:cancel', 'manager-host:cancel'],
  confirmedLive: [],
  confirmedPassed: ['restaurant:mark-complete', 'manager-host:mark-complete'],
  confirmedPassedNoTickets: ['system:no-tickets-sweep'],
  markedComplete: ['client:confirm-complete', 'client:mark-unsatisfactory', 'manager-host:confirm-complete'],
  markedCompleteSevenDaysAgo: ['client:confirm-complete', 'client:mark-unsatisfactory', 'manager-host:confirm-complete', 'system:auto-complete'],
  heldForReview: [],
  completed: [],
  incomplete: [],
};

/** Which actors may ever take each action, and from which statuses (again by hand). */
const ACTOR_STATUSES: Record<BookingAction, Partial<Record<BookingActor, BookingStatus[]>>> = {
  edit: { client: ['DRAFT', 'PENDING'], 'manager-host': ['DRAFT'] },
  delete: { client: ['DRAFT'], 'manager-host': ['DRAFT'] },
  submit: { client: ['DRAFT'], 'manager-host': ['DRAFT'] },
  accept: { restaurant: ['PENDING'] },
  decline: { restaurant: ['PENDING'] },
  'suggest-time': { restaurant: ['PENDING'] },
  'accept-suggestion': { client: ['CANCELED'] },
  'decline-suggestion': { client: ['CANCELED'] },
  'change-time': { client: ['CANCELED'] },
  cancel: { client: ['PENDING', 'ACCEPTED', 'CONFIRMED'], restaurant: ['ACCEPTED', 'CONFIRMED'], 'manager-host': ['CONFIRMED'] },
  'mark-complete': { restaurant: ['CONFIRMED'], 'manager-host': ['CONFIRMED'] },
  'confirm-complete': { client: ['CONFIRMED'], 'manager-host': ['CONFIRMED'] },
  'mark-unsatisfactory': { client: ['CONFIRMED'] },
  'deposit-paid': { payment: ['ACCEPTED'] },
  'response-timeout': { system: ['PENDING'] },
  'deposit-timeout': { system: ['ACCEPTED'] },
  'auto-complete': { system: ['CONFIRMED'] },
  'no-tickets-sweep': { system: ['CONFIRMED'] },
};

const conditionCodes = new Set<string>(Object.values(BOOKING_CONDITIONS));

describe('booking state machine: every action × actor × state', () => {
  it('knows every action and actor the oracle lists', () => {
    expect(Object.keys(ACTOR_STATUSES).sort()).toEqual([...BOOKING_ACTIONS].sort());
  });

  const combinations = Object.entries(FIXTURES).flatMap(([name, state]) =>
    BOOKING_ACTIONS.flatMap((action) => BOOKING_ACTORS.map((actor) => ({ name, state, action, actor }))),
  );

  it.each(Object.keys(FIXTURES))('%s: exactly the expected actions are allowed, each by the expected actor', (name) => {
    const allowed = BOOKING_ACTORS.flatMap((actor) => allowedActions({ booking: FIXTURES[name]!, actor, now: NOW }).map((action) => `${actor}:${action}`));
    expect(allowed.sort()).toEqual([...ALLOWED[name]!].sort());
  });

  it('lists, in action order, exactly the actions findTransition allows, for every fixture and actor, before and after its dates', () => {
    for (const [name, state] of Object.entries(FIXTURES)) {
      for (const actor of BOOKING_ACTORS) {
        for (const now of [NOW, new Date(at(-400 * 24)), new Date(at(400 * 24))]) {
          const oneByOne = BOOKING_ACTIONS.filter((action) => findTransition({ booking: state, action, actor, now }).ok);
          expect(allowedActions({ booking: state, actor, now }), `${name} ${actor} ${now.toISOString()}`).toEqual(oneByOne);
        }
      }
    }
  });

  it(`checks all ${combinations.length} combinations: the expected ones pass, every other is refused with the reason why`, () => {
    let refused = 0;
    for (const { name, state, action, actor } of combinations) {
      const result = findTransition({ booking: state, action, actor, now: NOW });
      const label = `${name} ${actor}:${action}`;
      if (ALLOWED[name]!.includes(`${actor}:${action}`)) {
        expect(result.ok, label).toBe(true);
        continue;
      }
      refused += 1;
      expect(result.ok, label).toBe(false);
      if (result.ok) continue;
      const statuses = ACTOR_STATUSES[action][actor];
      if (!statuses) expect(result.code, label).toBe('wrongActor');
      else if (!statuses.includes(state.status)) expect(result.code, label).toBe('wrongStatus');
      else expect(conditionCodes.has(result.code), `${label}: ${result.code}`).toBe(true);
      expect(result.messageKey, label).toBe(`errors.bookings.${result.code}`);
    }
    expect(refused).toBeGreaterThan(combinations.length / 2);
  });

  it.each([
    ['draftDatePassed', 'client', 'submit', 'eventStarted'],
    ['pendingOverdue', 'restaurant', 'accept', 'responseDeadlinePassed'],
    ['pendingOverdue', 'client', 'edit', 'responseDeadlinePassed'],
    ['pending', 'system', 'response-timeout', 'responseDeadlineNotPassed'],
    ['pendingEventStarted', 'restaurant', 'accept', 'eventStarted'],
    ['accepted', 'system', 'deposit-timeout', 'depositDeadlineNotPassed'],
    ['suggestionPassed', 'client', 'accept-suggestion', 'suggestionPassed'],
    ['declinedNotSuitable', 'client', 'accept-suggestion', 'noSuggestion'],
    ['declinedNotSuitable', 'client', 'change-time', 'timeChangeNotOffered'],
    ['clientCanceled', 'client', 'change-time', 'timeChangeNotOffered'],
    ['confirmedLive', 'client', 'cancel', 'eventStarted'],
    ['confirmedLive', 'restaurant', 'mark-complete', 'eventNotPassed'],
    ['confirmedUpcoming', 'system', 'no-tickets-sweep', 'eventNotPassed'],
    ['confirmedPassedNoTickets', 'restaurant', 'mark-complete', 'noTicketsSold'],
    ['confirmedPassed', 'system', 'no-tickets-sweep', 'ticketsSold'],
    ['confirmedPassed', 'client', 'confirm-complete', 'notAwaitingCompletionAnswer'],
    ['markedComplete', 'restaurant', 'mark-complete', 'alreadyMarkedComplete'],
    ['markedComplete', 'system', 'auto-complete', 'autoCompleteNotDue'],
    ['heldForReview', 'client', 'confirm-complete', 'notAwaitingCompletionAnswer'],
    ['completed', 'client', 'cancel', 'wrongStatus'],
    ['pending', 'client', 'accept', 'wrongActor'],
    ['pending', 'restaurant', 'edit', 'wrongActor'],
    ['accepted', 'client', 'deposit-paid', 'wrongActor'],
    ['pending', 'manager-host', 'cancel', 'wrongStatus'],
  ] as const)('%s: %s may not %s (%s)', (name, actor, action, code) => {
    expect(findTransition({ booking: FIXTURES[name]!, action, actor, now: NOW })).toMatchObject({ ok: false, code });
  });

  it('walks every row of the table with at least one fixture', () => {
    const used = new Set<BookingTransition>();
    for (const [name, state] of Object.entries(FIXTURES)) {
      for (const entry of ALLOWED[name]!) {
        const [actor, action] = entry.split(/:(.*)/s) as [BookingActor, BookingAction];
        const result = findTransition({ booking: state, action, actor, now: NOW });
        if (result.ok) used.add(result.transition);
      }
    }
    expect(BOOKING_TRANSITIONS.filter((transition) => !used.has(transition))).toEqual([]);
  });

  it('refuses unknown actions and gives each refusal its kind of failure', () => {
    expect(findTransition({ booking: FIXTURES.pending!, action: 'approve', actor: 'restaurant', now: NOW })).toMatchObject({ ok: false, code: 'unknownAction' });
    expect(refusalKind('unknownAction')).toBe('notFound');
    expect(refusalKind('wrongActor')).toBe('forbidden');
    expect(refusalKind('invalidInput')).toBe('invalid');
    expect(refusalKind('wrongStatus')).toBe('conflict');
    expect(refusalKind('responseDeadlinePassed')).toBe('conflict');
  });

  it('every status appears in the table', () => {
    expect(BOOKING_STATUSES.filter((status) => !BOOKING_TRANSITIONS.some((transition) => transition.from === status || transition.to === status))).toEqual([]);
  });
});

describe('booking state machine: applying each row', () => {
  const apply = ({ name, actor, action, input }: { name: keyof typeof FIXTURES; actor: BookingActor; action: BookingAction; input?: { reason?: unknown; date?: unknown } }) =>
    applyTransition({ booking: FIXTURES[name]!, action, actor, now: NOW, input });

  it('submit opens the 72-hour response window; a manager host confirms at once', () => {
    expect(apply({ name: 'draft', actor: 'client', action: 'submit' })).toEqual({
      ok: true,
      removed: false,
      next: { status: 'PENDING', response_due_at: at(72) },
      event: { action: 'submit', actor: 'client', from: 'DRAFT', to: 'PENDING', reason: null },
    });
    expect(apply({ name: 'draft', actor: 'manager-host', action: 'submit' })).toMatchObject({ ok: true, next: { status: 'CONFIRMED' } });
  });

  it('edit keeps the status; delete removes a draft', () => {
    expect(apply({ name: 'pending', actor: 'client', action: 'edit' })).toMatchObject({ ok: true, removed: false, next: { status: 'PENDING' } });
    expect(apply({ name: 'draft', actor: 'client', action: 'delete' })).toMatchObject({ ok: true, removed: true, event: { from: 'DRAFT', to: null } });
  });

  it('accept closes the response window and opens the 72-hour deposit window', () => {
    expect(apply({ name: 'pending', actor: 'restaurant', action: 'accept' })).toMatchObject({
      ok: true,
      next: { status: 'ACCEPTED', response_due_at: null, deposit_due_at: at(72) },
    });
  });

  it('decline records the reason; only NOT_AVAILABLE leaves the client a change of time', () => {
    const unavailable = apply({ name: 'pending', actor: 'restaurant', action: 'decline', input: { reason: 'NOT_AVAILABLE' } });
    expect(unavailable).toMatchObject({ ok: true, next: { status: 'CANCELED', decline_reason: 'NOT_AVAILABLE', cancel_reason: 'DECLINED' }, event: { reason: 'NOT_AVAILABLE' } });
    const unsuitable = apply({ name: 'pending', actor: 'restaurant', action: 'decline', input: { reason: 'NOT_SUITABLE' } });
    expect(unsuitable).toMatchObject({ ok: true, next: { decline_reason: 'NOT_SUITABLE' } });
    const afterUnavailable = { ...FIXTURES.pending!, ...(unavailable.ok ? unavailable.next : {}) };
    const afterUnsuitable = { ...FIXTURES.pending!, ...(unsuitable.ok ? unsuitable.next : {}) };
    expect(allowedActions({ booking: afterUnavailable, actor: 'client', now: NOW })).toEqual(['change-time']);
    expect(allowedActions({ booking: afterUnsuitable, actor: 'client', now: NOW })).toEqual([]);
  });

  it('decline without a valid reason is a 400 naming the field, and changes nothing', () => {
    expect(apply({ name: 'pending', actor: 'restaurant', action: 'decline' })).toEqual({ ok: false, code: 'invalidInput', field: 'reason', messageKey: 'validation.required' });
    expect(apply({ name: 'pending', actor: 'restaurant', action: 'decline', input: { reason: 'BUSY' } })).toEqual({ ok: false, code: 'invalidInput', field: 'reason', messageKey: 'validation.invalidDeclineReason' });
  });

  it('suggest-time cancels with a suggestion (still in progress); its date must be a future instant', () => {
    expect(apply({ name: 'pending', actor: 'restaurant', action: 'suggest-time', input: { date: '2026-07-10T19:00:00+10:00' } })).toMatchObject({
      ok: true,
      next: { status: 'CANCELED', suggestion: { date: '2026-07-10T09:00:00.000Z' }, cancel_reason: 'TIME_SUGGESTED', response_due_at: null },
    });
    expect(apply({ name: 'pending', actor: 'restaurant', action: 'suggest-time', input: { date: at(-1) } })).toMatchObject({ ok: false, code: 'invalidInput', field: 'date', messageKey: 'validation.dateInPast' });
    expect(apply({ name: 'pending', actor: 'restaurant', action: 'suggest-time', input: { date: 'soon' } })).toMatchObject({ ok: false, field: 'date', messageKey: 'validation.invalidDate' });
    expect(apply({ name: 'pending', actor: 'restaurant', action: 'suggest-time', input: {} })).toMatchObject({ ok: false, field: 'date', messageKey: 'validation.required' });
  });

  it('accept-suggestion moves the booking to the suggested time and opens the deposit window', () => {
    expect(apply({ name: 'suggested', actor: 'client', action: 'accept-suggestion' })).toEqual({
      ok: true,
      removed: false,
      next: { status: 'ACCEPTED', date: at(40 * 24), suggestion: null, cancel_reason: null, deposit_due_at: at(72) },
      event: { action: 'accept-suggestion', actor: 'client', from: 'CANCELED', to: 'ACCEPTED', reason: null },
    });
  });

  it('decline-suggestion ends it as "Client does not wish to proceed"', () => {
    expect(apply({ name: 'suggested', actor: 'client', action: 'decline-suggestion' })).toMatchObject({
      ok: true,
      next: { status: 'CANCELED', suggestion: null, cancel_reason: 'CLIENT_DECLINED_SUGGESTION' },
      event: { reason: 'CLIENT_DECLINED_SUGGESTION' },
    });
  });

  it('change-time asks again at the new time, from a suggestion or an "available later" decline', () => {
    for (const name of ['suggested', 'declinedNotAvailable'] as const) {
      expect(apply({ name, actor: 'client', action: 'change-time', input: { date: at(50 * 24) } })).toMatchObject({
        ok: true,
        next: { status: 'PENDING', date: at(50 * 24), suggestion: null, decline_reason: null, cancel_reason: null, response_due_at: at(72) },
      });
    }
    expect(apply({ name: 'declinedNotAvailable', actor: 'client', action: 'change-time', input: { date: at(-3) } })).toMatchObject({ ok: false, field: 'date' });
  });

  it('cancel records who cancelled and clears the deadlines', () => {
    expect(apply({ name: 'accepted', actor: 'client', action: 'cancel' })).toMatchObject({
      ok: true,
      next: { status: 'CANCELED', cancel_reason: 'CLIENT_CANCELED', deposit_due_at: null, response_due_at: null },
    });
    expect(apply({ name: 'confirmedUpcoming', actor: 'restaurant', action: 'cancel' })).toMatchObject({ ok: true, next: { cancel_reason: 'RESTAURANT_CANCELED' }, event: { reason: 'RESTAURANT_CANCELED' } });
  });

  it('the deposit confirms; the timeouts cancel with their reasons', () => {
    expect(apply({ name: 'acceptedOverdue', actor: 'payment', action: 'deposit-paid' })).toMatchObject({ ok: true, next: { status: 'CONFIRMED', deposit_due_at: null } });
    expect(apply({ name: 'pendingOverdue', actor: 'system', action: 'response-timeout' })).toMatchObject({ ok: true, next: { status: 'CANCELED', cancel_reason: 'RESPONSE_TIMEOUT' } });
    expect(apply({ name: 'acceptedOverdue', actor: 'system', action: 'deposit-timeout' })).toMatchObject({ ok: true, next: { status: 'CANCELED', cancel_reason: 'DEPOSIT_TIMEOUT' } });
  });

  it('mark complete, then the client confirms, holds it for review, or the system confirms after 7 days', () => {
    expect(apply({ name: 'confirmedPassed', actor: 'restaurant', action: 'mark-complete' })).toMatchObject({
      ok: true,
      next: { status: 'CONFIRMED', completion: { marked_at: NOW.toISOString(), outcome: null, resolved_at: null } },
    });
    expect(apply({ name: 'markedComplete', actor: 'client', action: 'confirm-complete' })).toMatchObject({ ok: true, next: { status: 'COMPLETED', completion: { outcome: 'CONFIRMED', resolved_at: NOW.toISOString() } } });
    expect(apply({ name: 'markedComplete', actor: 'client', action: 'mark-unsatisfactory' })).toMatchObject({
      ok: true,
      next: { status: 'CONFIRMED', completion: { marked_at: at(-24), outcome: 'UNSATISFACTORY' } },
      event: { reason: 'UNSATISFACTORY' },
    });
    expect(apply({ name: 'markedCompleteSevenDaysAgo', actor: 'system', action: 'auto-complete' })).toMatchObject({ ok: true, next: { status: 'COMPLETED', completion: { outcome: 'AUTO_CONFIRMED' } } });
  });

  it('the sweep turns a passed event without tickets into INCOMPLETE', () => {
    expect(apply({ name: 'confirmedPassedNoTickets', actor: 'system', action: 'no-tickets-sweep' })).toMatchObject({
      ok: true,
      next: { status: 'INCOMPLETE', cancel_reason: 'NO_TICKETS_SOLD' },
      event: { from: 'CONFIRMED', to: 'INCOMPLETE', reason: 'NO_TICKETS_SOLD' },
    });
  });

  it('reads configured deadlines instead of the defaults', () => {
    const rules = { ...DEFAULT_BOOKING_RULES, responseHours: 24 };
    expect(applyTransition({ booking: FIXTURES.draft!, action: 'submit', actor: 'client', now: NOW, rules })).toMatchObject({ next: { response_due_at: at(24) } });
    const markedTwoDaysAgo = { ...FIXTURES.markedComplete!, completion: { marked_at: at(-48), outcome: null, resolved_at: null } };
    expect(allowedActions({ booking: markedTwoDaysAgo, actor: 'system', now: NOW, rules: { ...rules, autoCompleteDays: 2 } })).toEqual(['auto-complete']);
  });

  it('accepts dates as well as ISO strings', () => {
    const withDates = { ...FIXTURES.pending!, date: new Date(at(30 * 24)), response_due_at: new Date(at(48)) };
    expect(allowedActions({ booking: withDates, actor: 'restaurant', now: NOW })).toEqual(['accept', 'decline', 'suggest-time']);
  });
});

describe('client cancellation refund (docs/product.md, Money)', () => {
  it('refunds the deposit only more than 14 days ahead of the event', () => {
    expect(depositRefundedOnClientCancel({ eventDate: at(14 * 24 + 1), now: NOW })).toBe(true);
    expect(depositRefundedOnClientCancel({ eventDate: at(14 * 24), now: NOW })).toBe(false);
    expect(depositRefundedOnClientCancel({ eventDate: new Date(at(3)), now: NOW })).toBe(false);
    expect(depositRefundedOnClientCancel({ eventDate: at(3 * 24), now: NOW, rules: { ...DEFAULT_BOOKING_RULES, clientRefundDays: 2 } })).toBe(true);
  });
});

import {
  applyTransition,
  bookingBoundsProblems,
  bookingDateWithinReach,
  DEFAULT_BOOKING_RULES,
  depositDueAt,
  bookingSubmitSchema,
  dietaryCountFitsGuests,
  findTransition,
  refusalKind,
  ticketsLeftOf,
  validateAgainstHostingPreferences,
  type Booking,
  type BookingAction,
  type BookingActor,
  type BookingChanges,
  type BookingEventRecord,
  type BookingEvent,
  type BookingOptions,
  type BookingPartyAction,
  type BookingRefusal,
  type BookingRefusalCode,
  type BookingRules,
  type BookingStatus,
  type BookingSummary,
  type BookingTransitionInputValues,
  type PagedList,
} from '@goodtable/shared';
import type { z } from 'zod';
import type {
  bookingCreateSchema,
  bookingGuestPreferencesInputSchema,
  bookingListQuerySchema,
  bookingSummaryQuerySchema,
  bookingUpdateSchema,
} from '@goodtable/shared';
import type { Env } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import type { BookingRow, NewBookingRow } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { conflict, DomainError, invalidInput, notAllowed, notFound } from '../../lib/domain-errors.ts';
import { retryTransientConflicts } from '../../lib/database-errors.ts';
import type { ServiceContext, SignedInContext, Viewer } from '../../lib/service-context.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import type { Mailer } from '../../email/mailer.ts';
import { findUserById } from '../accounts/accounts.service.ts';
import { listRestaurantManagerIds } from '../managers/managers.service.ts';
import { notifyBookingChange, notifyDeadlineApproaching, wantsNotificationEmail } from '../notifications/notifications.service.ts';
import { restaurantBookingTerms, type RestaurantBookingTerms } from '../restaurants/restaurants.service.ts';
import { bookingChangeEmail, bookingDeadlineEmail, bookingEmailSides, type BookingEmailBooking } from './booking-emails.ts';
import { bookingPartyOf, mayEditGuestPreferences, mayRebook, viewerScope, type BookingParty } from './booking-access.ts';
import { lifecycleState, presentBooking, presentBookingEvent } from './booking.presenter.ts';
import * as repository from './bookings.repository.ts';

/** Where the emails' links point (`publicUrl(config)`) and who sends them (`MAIL_FROM`, the invitations' organiser). */
export type BookingEmailSettings = { publicUrl: string; mailFrom: string };

/**
 * A transition, as the modules listening to bookings see it (the row after the change; most act only when `from` is
 * not its status, mark-complete keeps CONFIRMED). `expectedCharge`: the
 * balance the person confirming completion was shown (confirm-complete's `expected_charge`), for the settlement to
 * refuse a different one.
 */
export type BookingTransitionChange = { booking: BookingRow; from: BookingStatus; action: BookingAction; actor: BookingActor; now: Date; expectedCharge?: number };
/** Runs in the transition's transaction: what it writes commits with the change, and its failure undoes the change. */
export type BookingTransitionListener = (tx: Executor, change: BookingTransitionChange) => Promise<void>;

/**
 * The modules that act on booking transitions (payments: settlement at COMPLETED, refunds at cancellation) register
 * here, so bookings never imports them (module boundaries). One registry per app (`app.bookingTransitions`).
 */
export type BookingTransitionListeners = {
  add: (listener: BookingTransitionListener) => void;
  notify: BookingTransitionListener;
  /** A system transition waits while any gate says not yet (payments: a charge the client has not been told of). */
  addGate: (gate: SystemTransitionGate) => void;
  allows: SystemTransitionGate;
};

/**
 * Asked, in the scheduler's transaction, before a due system transition is applied to its locked row: false leaves
 * the booking as it is until a later pass. What it writes (a notice to send first, say) commits with the pass.
 */
export type SystemTransitionGate = (tx: Executor, due: { booking: BookingRow; action: repository.SystemDeadline; now: Date }) => Promise<boolean>;

export function createBookingTransitionListeners(): BookingTransitionListeners {
  const listeners: BookingTransitionListener[] = [];
  const gates: SystemTransitionGate[] = [];
  return {
    add: (listener) => {
      listeners.push(listener);
    },
    // One after another: a transaction has one connection.
    notify: async (tx, change) => {
      for (const listener of listeners) await listener(tx, change);
    },
    addGate: (gate) => {
      gates.push(gate);
    },
    allows: async (tx, due) => {
      for (const gate of gates) if (!(await gate(tx, due))) return false;
      return true;
    },
  };
}

/** What every bookings service function works with (the service convention: one options object, then the input). */
export type BookingModuleDeps = {
  jobs: JobQueue;
  mailer: Mailer;
  live: LiveHub;
  rules: BookingRules;
  email: BookingEmailSettings;
  transitions: BookingTransitionListeners;
};
/** Background work (deadlines, the payment webhook): no viewer. */
export type BookingSystemDeps = Omit<ServiceContext, 'viewer'> & BookingModuleDeps;
export type BookingDeps = SignedInContext & BookingModuleDeps;

type DraftValues = z.output<typeof bookingCreateSchema>;
type UpdateValues = z.output<typeof bookingUpdateSchema>;
type GuestPreferencesValues = z.output<typeof bookingGuestPreferencesInputSchema>;
type ListQuery = z.output<typeof bookingListQuerySchema>;
type SummaryQuery = z.output<typeof bookingSummaryQuerySchema>;
type FieldError = { field: string; message: string };

/** The version the caller saw: the body's `updated_at` and/or `expected_updated_at`, and/or the `If-Unmodified-Since` header. */
export type BookingVersion = { updatedAt?: string; expectedUpdatedAt?: string; ifUnmodifiedSince?: string };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Record timestamps are real time; a change always moves `updated_at` forward, so a stale copy never matches. */
const nextUpdatedAt = (row: BookingRow) => new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1));

// ---------------------------------------------------------------- errors

const bookingNotFound = () => notFound('No such booking among yours', 'bookings.notFound');
const readOnly = () => notAllowed('The cause can view this booking but not change it', 'bookings.readOnly');
const stale = () => conflict('This booking changed since you loaded it; reload it and try again', 'bookings.stale');
const invalid = (errors: FieldError[]) => invalidInput(`Invalid ${errors[0]!.field}: ${errors[0]!.message}`, 'validation.failed', errors);

const REFUSAL_MESSAGES: Record<Exclude<BookingRefusalCode, 'invalidInput'>, string> = {
  unknownAction: 'No such booking action',
  wrongActor: 'You cannot take this action on this booking',
  wrongStatus: 'This action is not possible in the booking’s current status',
  noSuggestion: 'The restaurant has not suggested another time',
  timeChangeNotOffered: 'Another time can be asked for only after a suggestion or a decline as not available',
  eventStarted: 'The event has already started',
  eventNotPassed: 'The event is not over yet',
  suggestionPassed: 'The suggested time has passed',
  responseDeadlinePassed: 'The time to respond to this request has run out',
  responseDeadlineNotPassed: 'The restaurant can still respond',
  depositDeadlineNotPassed: 'The client can still pay the deposit',
  alreadyMarkedComplete: 'The event is already marked complete',
  notAwaitingCompletionAnswer: 'The event is not waiting for a completion answer',
  autoCompleteNotDue: 'The event is not due to be confirmed automatically yet',
  noTicketsSold: 'No tickets were sold for this event',
  ticketsSold: 'Tickets were sold for this event',
};

/** A state-machine refusal as the domain error it stands for (forbidden wrong actor, conflict not now, invalid input). */
function refusalError(refusal: BookingRefusal): DomainError {
  if (refusal.code === 'invalidInput') return invalid([{ field: refusal.field ?? 'body', message: refusal.messageKey }]);
  return new DomainError(refusalKind(refusal.code), { message: REFUSAL_MESSAGES[refusal.code], code: `bookings.${refusal.code}` });
}

/**
 * 409 when the caller's copy is stale: a body `updated_at` (or `expected_updated_at`) must equal the stored one;
 * `If-Unmodified-Since` is an ISO 8601 instant (compared exactly) or an HTTP date (whole seconds: stale when changed after that second).
 */
function assertFresh(row: BookingRow, version: BookingVersion) {
  const stored = row.updatedAt.getTime();
  for (const seen of [version.updatedAt, version.expectedUpdatedAt]) {
    if (seen !== undefined && Date.parse(seen) !== stored) throw stale();
  }
  const header = version.ifUnmodifiedSince?.trim();
  if (!header) return;
  const seen = Date.parse(header);
  if (Number.isNaN(seen)) throw invalid([{ field: 'If-Unmodified-Since', message: 'validation.invalidDate' }]);
  const httpDate = /GMT$/i.test(header);
  if (httpDate ? Math.floor(stored / 1000) * 1000 > seen : stored !== seen) throw stale();
}

// ---------------------------------------------------------------- reading

async function presentRecord(db: Executor, { id, party, now, rules }: { id: string; party: BookingParty; now: Date; rules: BookingRules }): Promise<Booking> {
  const record = await repository.findBookingRecord(db, id);
  if (!record) throw bookingNotFound();
  return presentBooking(record, party, now, rules);
}

/** The booking and the viewer's side of it; 404 unless the viewer is a party. */
async function loadForViewer({ db, viewer }: Pick<BookingDeps, 'db' | 'viewer'>, id: string) {
  const record = await repository.findBookingRecord(db, id);
  if (!record) throw bookingNotFound();
  const party = bookingPartyOf(await viewerScope(db, viewer), partiesOf(record.booking, record.cause?.ownerId ?? null));
  if (!party) throw bookingNotFound();
  return { record, party };
}

const partiesOf = (row: BookingRow, causeOwnerId: string | null) => ({
  clientId: row.clientId,
  restaurantId: row.restaurantId,
  causeOwnerId,
  status: row.status,
  hostEvent: row.hostEvent,
});

export async function getBooking(deps: BookingDeps, id: string): Promise<Booking> {
  const { record, party } = await loadForViewer(deps, id);
  return presentBooking(record, party, deps.clock.now(), deps.rules);
}

export async function listBookingEvents(deps: BookingDeps, id: string): Promise<{ data: BookingEvent[] }> {
  await loadForViewer(deps, id);
  return { data: (await repository.listBookingEvents(deps.db, id)).map(presentBookingEvent) };
}

/**
 * A change to one booking: locks its row, finds the viewer's side (404 for strangers, 403 for the cause), checks the
 * caller's version, then runs `change` in the same transaction. A change writes only to the database (the provider is
 * asked after the commit), so one that PostgreSQL aborted for a deadlock is run again: a cancellation takes the
 * event's row before its checkouts and payments, the buyers' confirms the other way round.
 */
async function changeBooking<Result>(
  deps: BookingDeps,
  id: string,
  version: BookingVersion,
  change: (tx: Executor, row: BookingRow, party: BookingParty & { actor: BookingActor }) => Promise<Result>,
): Promise<Result> {
  return retryTransientConflicts(() => deps.db.transaction(async (tx) => {
    const row = await repository.lockBooking(tx, id);
    if (!row) throw bookingNotFound();
    const cause = row.causeId ? await repository.findCauseForBooking(tx, row.causeId) : undefined;
    const party = bookingPartyOf(await viewerScope(tx, deps.viewer), partiesOf(row, cause?.ownerId ?? null));
    if (!party) throw bookingNotFound();
    if (!party.actor) throw readOnly();
    assertFresh(row, version);
    return change(tx, row, { ...party, actor: party.actor });
  }));
}

// ---------------------------------------------------------------- checks of a booking's fields

/**
 * The restaurant, menu, ticket price and cause a draft names, checked as far as they are given: the restaurant must
 * be published or run by the viewer (then it is a host event for a manager), the menu the restaurant's, the ticket
 * at least the menu's price per head, the cause a published one.
 */
async function checkNamedThings(
  db: Executor,
  viewer: Viewer,
  values: Pick<DraftValues, 'restaurant_id' | 'menu_id' | 'cause_id' | 'ticket_price'>,
): Promise<{ errors: FieldError[]; terms?: RestaurantBookingTerms; hostEvent: boolean }> {
  const errors: FieldError[] = [];
  let terms: RestaurantBookingTerms | undefined;
  let hostEvent = false;
  if (values.restaurant_id) {
    const runs = (await viewerScope(db, viewer)).restaurantIds.includes(values.restaurant_id);
    terms = await restaurantBookingTerms(db, values.restaurant_id);
    if (!terms || !(terms.profile?.published || runs)) {
      errors.push({ field: 'restaurant_id', message: 'validation.restaurantNotBookable' });
      terms = undefined;
    }
    hostEvent = Boolean(terms) && runs && viewer.role === 'manager';
  }
  if (values.menu_id) {
    const menu = terms?.menus.find((candidate) => candidate.id === values.menu_id);
    if (!menu) {
      if (!errors.some((error) => error.field === 'restaurant_id')) errors.push({ field: 'menu_id', message: 'validation.menuNotAtRestaurant' });
    } else if (values.ticket_price !== null && values.ticket_price < menu.price_per_head) {
      errors.push({ field: 'ticket_price', message: 'validation.ticketBelowMenuPrice' });
    }
  }
  if (values.cause_id) {
    const cause = await repository.findCauseForBooking(db, values.cause_id);
    if (!cause?.published) errors.push({ field: 'cause_id', message: 'validation.causeNotFound' });
  }
  return { errors, terms, hostEvent };
}

/**
 * A draft's date and ticket sales against their bounds, as far as given (its menu's food cost is checked when it is
 * sent, with the menu); a field already refused is not named twice.
 */
function draftBoundsProblems(values: Pick<DraftValues, 'date' | 'guests' | 'ticket_price'>, known: FieldError[], now: Date): FieldError[] {
  return bookingBoundsProblems({ booking: values, menuPrice: null, now }).filter((bound) => !known.some((error) => error.field === bound.field));
}

const draftValuesOf = (row: BookingRow): DraftValues => ({
  restaurant_id: row.restaurantId,
  menu_id: row.menuId,
  date: row.date?.toISOString() ?? null,
  guests: row.guests,
  cause_id: row.causeId,
  title: row.title,
  story: row.story,
  ticket_price: row.ticketPrice,
  goal: row.goal,
});

/**
 * What sending (or editing a sent) request needs: every field but the goal (400 naming each missing one), the named
 * things as above, and the restaurant's hosting preferences and menu limits (`validateAgainstHostingPreferences`).
 */
async function checkComplete(db: Executor, viewer: Viewer, values: DraftValues, now: Date): Promise<{ hostEvent: boolean; currency: string | null }> {
  const parsed = bookingSubmitSchema.safeParse(values);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((issue) => {
        const field = String(issue.path[0] ?? 'body');
        return { field, message: values[field as keyof DraftValues] === null ? 'validation.required' : issue.message };
      }),
    );
  }
  const { errors, terms, hostEvent } = await checkNamedThings(db, viewer, values);
  if (terms) {
    const menu = terms.menus.find((candidate) => candidate.id === values.menu_id) ?? null;
    const hosting = validateAgainstHostingPreferences({
      booking: { date: values.date, guests: values.guests, ticket_price: values.ticket_price },
      preferences: terms.hosting,
      menu,
      now,
      timeZone: terms.profile?.timezone ?? 'UTC',
    });
    errors.push(...hosting.filter((error) => !errors.some((known) => known.field === error.field)));
  }
  if (errors.length > 0) throw invalid(errors);
  return { hostEvent, currency: terms?.profile?.currency ?? null };
}

const detailColumns = (values: Partial<DraftValues>): Partial<NewBookingRow> => {
  const columns: Partial<NewBookingRow> = {};
  if (values.restaurant_id !== undefined) columns.restaurantId = values.restaurant_id;
  if (values.menu_id !== undefined) columns.menuId = values.menu_id;
  if (values.date !== undefined) columns.date = values.date === null ? null : new Date(values.date);
  if (values.guests !== undefined) columns.guests = values.guests;
  if (values.cause_id !== undefined) columns.causeId = values.cause_id;
  if (values.title !== undefined) columns.title = values.title;
  if (values.story !== undefined) columns.story = values.story;
  if (values.ticket_price !== undefined) columns.ticketPrice = values.ticket_price;
  if (values.goal !== undefined) columns.goal = values.goal;
  return columns;
};

/** The row columns a transition's changes set. */
function transitionColumns(next: BookingChanges): Partial<NewBookingRow> {
  const columns: Partial<NewBookingRow> = { status: next.status };
  if (next.date !== undefined) columns.date = new Date(next.date);
  if (next.suggestion !== undefined) columns.suggestionDate = next.suggestion ? new Date(next.suggestion.date) : null;
  if (next.decline_reason !== undefined) columns.declineReason = next.decline_reason;
  if (next.cancel_reason !== undefined) columns.cancelReason = next.cancel_reason;
  if (next.response_due_at !== undefined) columns.responseDueAt = next.response_due_at === null ? null : new Date(next.response_due_at);
  if (next.deposit_due_at !== undefined) columns.depositDueAt = next.deposit_due_at === null ? null : new Date(next.deposit_due_at);
  if (next.completion !== undefined) {
    columns.completionMarkedAt = next.completion ? new Date(next.completion.marked_at) : null;
    columns.completionOutcome = next.completion?.outcome ?? null;
    columns.completionResolvedAt = next.completion?.resolved_at ? new Date(next.completion.resolved_at) : null;
  }
  return columns;
}

// ---------------------------------------------------------------- telling the parties

/**
 * Every party's live topic (`user:<id>`): the client, the restaurant (seller) and everyone running it, and the cause's
 * owner once the booking is sent. Written in the change's transaction, so a rolled-back change tells nobody.
 */
async function publishChange(deps: Pick<BookingSystemDeps, 'live'>, { tx, row, action, removed = false }: { tx: Executor; row: BookingRow; action: string; removed?: boolean }): Promise<void> {
  const userIds = new Set<string>([row.clientId]);
  if (row.restaurantId) {
    userIds.add(row.restaurantId);
    for (const managerId of await listRestaurantManagerIds(tx, row.restaurantId)) userIds.add(managerId);
  }
  if (row.causeId && row.status !== 'DRAFT') {
    const cause = await repository.findCauseForBooking(tx, row.causeId);
    if (cause) userIds.add(cause.ownerId);
  }
  const data = { booking_id: row.id, action, status: removed ? null : row.status };
  for (const userId of userIds) await deps.live.publish({ topic: `user:${userId}`, type: removed ? 'booking.removed' : 'booking.changed', data }, tx);
}

/** What the emails read of a booking row and its parties. */
function emailBooking(row: BookingRow, context: Awaited<ReturnType<typeof repository.findEmailContext>>): BookingEmailBooking {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    date: row.date?.toISOString() ?? null,
    suggestion: row.suggestionDate ? { date: row.suggestionDate.toISOString() } : null,
    guests: row.guests,
    response_due_at: row.responseDueAt?.toISOString() ?? null,
    deposit_due_at: row.depositDueAt?.toISOString() ?? null,
    restaurant: row.restaurantId ? context.restaurant : null,
    client: { first_name: context.client.firstName, last_name: context.client.lastName },
  };
}

/**
 * Emails the other party of a change (both sides for the payment provider's and the system's), each in its
 * language, with a calendar invitation when the booking is accepted or confirmed and a cancellation when it ends
 * (`booking-emails.ts` decides who hears what). The person who acted is never emailed about it.
 */
async function emailChange(
  deps: Pick<BookingSystemDeps, 'mailer' | 'rules' | 'email'>,
  { tx, row, event, actorUserId, now }: { tx: Executor; row: BookingRow; event: BookingEventRecord; actorUserId: string | null; now: Date },
) {
  const sides = bookingEmailSides(event);
  if (sides.length === 0) return;
  const context = await repository.findEmailContext(tx, row);
  const booking = emailBooking(row, context);
  // The restaurant side is the seller and everyone running the restaurant for it (managers and their sub-managers).
  const team = sides.includes('restaurant') && row.restaurantId ? await restaurantTeam(tx, row.restaurantId) : [];
  for (const side of sides) {
    const people = side === 'client' ? [context.client] : [context.seller, ...team];
    for (const user of people) {
      if (!user?.id || user.deletedAt || user.id === actorUserId || (side === 'restaurant' && user.id === row.clientId)) continue;
      // Their choice on /account: booking changes in-app only (the calendar invitation comes with the email).
      if (!(await wantsNotificationEmail(tx, user.id, 'bookings'))) continue;
      const email = bookingChangeEmail({
        booking,
        event,
        revision: context.revision,
        recipient: { email: user.email!, first_name: user.firstName!, language: user.language!, side },
        publicUrl: deps.email.publicUrl,
        mailFrom: deps.email.mailFrom,
        now,
        rules: deps.rules,
      });
      if (email) await deps.mailer.enqueue(email, tx);
    }
  }
}

/** The managers and sub-managers running a restaurant (one query at a time: a transaction has one connection). */
async function restaurantTeam(tx: Executor, restaurantId: string) {
  const members = [];
  for (const id of await listRestaurantManagerIds(tx, restaurantId)) {
    const member = await findUserById(tx, id);
    if (member) members.push(member);
  }
  return members;
}

/**
 * Applies an allowed transition's changes to the locked row, records the event (business-clock time) and tells the
 * parties (live events and emails), all in `tx`.
 */
async function recordTransition(
  deps: Pick<BookingSystemDeps, 'live' | 'clock' | 'mailer' | 'rules' | 'email' | 'transitions'>,
  tx: Executor,
  row: BookingRow,
  change: { columns: Partial<NewBookingRow>; event: { action: BookingAction; actor: BookingActor; reason: string | null }; actorUserId: string | null; now: Date; expectedCharge?: number },
): Promise<BookingRow> {
  const updated = await repository.updateBookingRow(tx, row.id, { ...change.columns, updatedAt: nextUpdatedAt(row) });
  await repository.insertBookingEvent(tx, {
    bookingId: row.id,
    actor: change.event.actor,
    actorUserId: change.actorUserId,
    action: change.event.action,
    fromStatus: row.status,
    toStatus: updated.status,
    reason: change.event.reason,
    createdAt: change.now,
  });
  const event = { ...change.event, from: row.status, to: updated.status };
  await deps.transitions.notify(tx, { booking: updated, from: row.status, action: change.event.action, actor: change.event.actor, now: change.now, expectedCharge: change.expectedCharge });
  await publishChange(deps, { tx, row: updated, action: change.event.action });
  const restaurantTeamIds = updated.restaurantId ? await listRestaurantManagerIds(tx, updated.restaurantId) : [];
  await notifyBookingChange(deps, { row: updated, event, actorUserId: change.actorUserId, restaurantTeam: restaurantTeamIds }, tx);
  await emailChange(deps, { tx, row: updated, event, actorUserId: change.actorUserId, now: change.now });
  return updated;
}

// ---------------------------------------------------------------- drafts

/** POST /v1/bookings: a draft of the viewer's (a guest or a manager; restaurants and causes do not book). */
export async function createBooking(deps: BookingDeps, input: DraftValues): Promise<Booking> {
  const { db, viewer, clock, rules } = deps;
  if (viewer.role !== 'user' && viewer.role !== 'manager') throw notAllowed('Only guests and managers can book events', 'bookings.cannotBook');
  const { errors, terms, hostEvent } = await checkNamedThings(db, viewer, input);
  errors.push(...draftBoundsProblems(input, errors, clock.now()));
  if (errors.length > 0) throw invalid(errors);
  const now = new Date();
  const row = await repository.insertBooking(db, {
    clientId: viewer.id,
    ...detailColumns(input),
    currency: terms?.profile?.currency ?? null,
    hostEvent,
    createdAt: now,
    updatedAt: now,
  });
  return presentRecord(db, { id: row.id, party: { side: 'client', actor: hostEvent ? 'manager-host' : 'client' }, now: clock.now(), rules });
}

/**
 * PUT /v1/bookings/{id}: the organiser edits a DRAFT (any field, checked as far as given) or its PENDING request
 * (the restaurant stays; the whole request is checked again, and the restaurant is told).
 */
export async function updateBooking(deps: BookingDeps, id: string, input: UpdateValues, version: BookingVersion): Promise<Booking> {
  const { viewer, clock, rules } = deps;
  const { updated_at: _seen, expected_updated_at: _expected, ...changes } = input;
  return changeBooking(deps, id, version, async (tx, row, party) => {
    const now = clock.now();
    const found = findTransition({ booking: lifecycleState(row), action: 'edit', actor: party.actor, now, rules });
    if (!found.ok) throw refusalError(found);
    const merged: DraftValues = { ...draftValuesOf(row), ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
    const columns = detailColumns(changes);
    if (row.status === 'DRAFT') {
      // The menu and ticket price are checked together whenever one of them or the restaurant changes.
      const touchesMenu = changes.menu_id !== undefined || changes.ticket_price !== undefined || changes.restaurant_id !== undefined;
      const named = {
        restaurant_id: touchesMenu ? merged.restaurant_id : null,
        menu_id: touchesMenu ? merged.menu_id : null,
        ticket_price: merged.ticket_price,
        cause_id: changes.cause_id ?? null,
      };
      const { errors, terms, hostEvent } = await checkNamedThings(tx, viewer, named);
      errors.push(...draftBoundsProblems(merged, errors, now));
      if (errors.length > 0) throw invalid(errors);
      if (changes.restaurant_id !== undefined) {
        columns.currency = terms?.profile?.currency ?? null;
        columns.hostEvent = hostEvent;
      }
      // Drafts save as the organiser types: no event and no live update until the request is sent.
      await repository.updateBookingRow(tx, row.id, { ...columns, updatedAt: nextUpdatedAt(row) });
    } else {
      if (changes.restaurant_id !== undefined && changes.restaurant_id !== row.restaurantId) {
        throw invalid([{ field: 'restaurant_id', message: 'validation.restaurantFixed' }]);
      }
      await checkComplete(tx, viewer, merged, now);
      await recordTransition(deps, tx, row, { columns, event: { action: 'edit', actor: party.actor, reason: null }, actorUserId: viewer.id, now });
    }
    return presentRecord(tx, { id: row.id, party, now, rules });
  });
}

/** DELETE /v1/bookings/{id}: the organiser removes a draft (its events go with it). */
export async function deleteBooking(deps: BookingDeps, id: string, version: BookingVersion): Promise<void> {
  await changeBooking(deps, id, version, async (tx, row, party) => {
    const result = applyTransition({ booking: lifecycleState(row), action: 'delete', actor: party.actor, now: deps.clock.now(), rules: deps.rules });
    if (!result.ok) throw refusalError(result);
    await repository.deleteBookingRow(tx, row.id);
    await publishChange(deps, { tx, row, action: 'delete', removed: true });
  });
}

// ---------------------------------------------------------------- actions

/**
 * POST /v1/bookings/{id}/{action}: the state machine authorises the viewer's actor (403 never theirs, 409 not now,
 * 400 bad input); submit also checks completeness and the hosting preferences, change-time the new date against
 * them. One transaction: row lock, version check, change, event, live events.
 */
export async function applyBookingAction(
  deps: BookingDeps,
  request: { id: string; action: BookingPartyAction; input: BookingTransitionInputValues & { expected_charge?: number }; version: BookingVersion },
): Promise<Booking> {
  const { id, action, version } = request;
  const { expected_charge: expectedCharge, ...input } = request.input;
  const { viewer, clock, rules } = deps;
  return changeBooking(deps, id, version, async (tx, row, party) => {
    const now = clock.now();
    let actor = party.actor;
    const columns: Partial<NewBookingRow> = {};
    if (action === 'submit') {
      // Refusals first (not the organiser: 403; not a draft or too late: 409), then what the request lacks (400).
      const allowed = findTransition({ booking: lifecycleState(row), action, actor, now, rules });
      // A draft's date is still the organiser's to choose: one already passed is a bad value, not a state conflict.
      if (!allowed.ok && allowed.code === 'eventStarted') throw invalid([{ field: 'date', message: 'validation.dateInPast' }]);
      if (!allowed.ok) throw refusalError(allowed);
      // Whether the organiser runs the restaurant (a host event) is decided when the request is sent.
      const { hostEvent, currency } = await checkComplete(tx, viewer, draftValuesOf(row), now);
      actor = hostEvent ? 'manager-host' : 'client';
      Object.assign(columns, { hostEvent, currency });
    }
    const result = applyTransition({ booking: lifecycleState(row), action, actor, now, rules, input });
    if (!result.ok) throw refusalError(result);
    // A time suggested or changed to is bounded as the booking's own date is.
    if ((action === 'suggest-time' || action === 'change-time') && typeof input.date === 'string' && !bookingDateWithinReach(input.date, now)) {
      throw invalid([{ field: 'date', message: 'validation.dateTooFarAhead' }]);
    }
    if (action === 'change-time' && row.restaurantId) {
      const terms = await restaurantBookingTerms(tx, row.restaurantId);
      const errors = terms
        ? validateAgainstHostingPreferences({ booking: { date: result.next.date!, guests: null, ticket_price: null }, preferences: terms.hosting, menu: null, now, timeZone: terms.profile?.timezone ?? 'UTC' })
        : [];
      if (errors.length > 0) throw invalid(errors);
    }
    await recordTransition(deps, tx, row, { columns: { ...columns, ...transitionColumns(result.next) }, event: result.event, actorUserId: viewer.id, now, expectedCharge });
    return presentRecord(tx, { id: row.id, party: { ...party, actor }, now, rules });
  });
}

/**
 * What the viewer's `action` would change now, without changing anything (for the previews of the money an action
 * moves): refused exactly as the action would be (404 strangers, 403 the cause or never the viewer's, 409 not now).
 */
export async function previewBookingAction(deps: Pick<BookingDeps, 'db' | 'viewer' | 'clock' | 'rules'>, id: string, action: BookingPartyAction): Promise<BookingChanges> {
  const { record, party } = await loadForViewer(deps, id);
  if (!party.actor) throw readOnly();
  const result = applyTransition({ booking: lifecycleState(record.booking), action, actor: party.actor, now: deps.clock.now(), rules: deps.rules });
  if (!result.ok) throw refusalError(result);
  return result.next;
}

/** PUT /v1/bookings/{id}/guest-preferences: the organiser, until the event starts (DRAFT to CONFIRMED). */
export async function setGuestPreferences(deps: BookingDeps, id: string, input: GuestPreferencesValues, version: BookingVersion): Promise<Booking> {
  const { updated_at: _seen, expected_updated_at: _expected, ...preferences } = input;
  return changeBooking(deps, id, version, async (tx, row, party) => {
    const now = deps.clock.now();
    if (party.side !== 'client') throw notAllowed('Only the organiser sets the guest preferences', 'bookings.wrongActor');
    if (!mayEditGuestPreferences(party, row, now)) throw conflict('Guest preferences can no longer be changed for this booking', 'bookings.guestPreferencesClosed');
    if (!dietaryCountFitsGuests(preferences.dietary, row.guests)) throw invalid([{ field: 'dietary', message: 'validation.dietaryExceedsGuests' }]);
    const updated = await repository.updateBookingRow(tx, row.id, { guestPreferences: preferences, updatedAt: nextUpdatedAt(row) });
    await publishChange(deps, { tx, row: updated, action: 'guest-preferences' });
    return presentRecord(tx, { id: row.id, party, now, rules: deps.rules });
  });
}

/** POST /v1/bookings/{id}/rebook: a new draft for the same organiser, copied from an ended booking (date left empty). */
export async function rebookBooking(deps: BookingDeps, id: string): Promise<Booking> {
  const { db, viewer, clock, rules } = deps;
  const { record, party } = await loadForViewer(deps, id);
  if (party.side !== 'client') throw notAllowed('Only the organiser can book this again', 'bookings.wrongActor');
  if (!mayRebook(party, record.booking)) throw conflict('Only a cancelled, incomplete or completed booking can be booked again', 'bookings.notRebookable');
  const source = record.booking;
  const runs = source.restaurantId ? (await viewerScope(db, viewer)).restaurantIds.includes(source.restaurantId) : false;
  const hostEvent = runs && viewer.role === 'manager';
  const terms = source.restaurantId ? await restaurantBookingTerms(db, source.restaurantId) : undefined;
  const now = new Date();
  const row = await repository.insertBooking(db, {
    clientId: viewer.id,
    ...detailColumns({ ...draftValuesOf(source), date: null }),
    currency: terms?.profile?.currency ?? source.currency,
    hostEvent,
    createdAt: now,
    updatedAt: now,
  });
  return presentRecord(db, { id: row.id, party: { side: 'client', actor: hostEvent ? 'manager-host' : 'client' }, now: clock.now(), rules });
}

// ---------------------------------------------------------------- lists

async function listScope(deps: BookingDeps, userId: string, restaurantId: string | undefined) {
  if (userId !== deps.viewer.id) throw notAllowed('You can only see your own bookings', 'auth.forbidden');
  const scope = await viewerScope(deps.db, deps.viewer);
  if (restaurantId !== undefined) {
    if (!scope.restaurantIds.includes(restaurantId)) throw notFound('No such restaurant among the ones you run', 'restaurants.notFound');
    scope.restaurantId = restaurantId;
  }
  return scope;
}

const needsActionClock = (now: Date, rules: BookingRules) => ({ now, eventsStartedBefore: new Date(now.getTime() - rules.eventDurationHours * HOUR_MS) });

/** GET /v1/users/{id}/bookings (`{id}` is the viewer): filtered, searched, sorted and paged; each with the viewer's label. */
export async function listUserBookings(deps: BookingDeps, userId: string, query: ListQuery): Promise<PagedList<Booking>> {
  const scope = await listScope(deps, userId, query.restaurant_id);
  const now = deps.clock.now();
  const { rows, total } = await repository.listBookingRecords(deps.db, {
    scope,
    filter: query.status,
    search: query.search,
    needsAction: query.needs_action ? needsActionClock(now, deps.rules) : undefined,
    sort: query.sortBy,
    page: query.page,
    limit: query.limit,
  });
  const data = rows.map((record) => {
    // Every row is in the viewer's scope; a row the scope somehow does not explain would be a query bug.
    const party = bookingPartyOf(scope, partiesOf(record.booking, record.cause?.ownerId ?? null)) ?? { side: 'restaurant' as const, actor: null };
    return presentBooking(record, party, now, deps.rules);
  });
  return { data, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit), totalResults: total };
}

/** GET /v1/users/{id}/bookings/summary: the dashboard's group counts and how many bookings wait for the viewer. */
export async function bookingSummary(deps: BookingDeps, userId: string, query: SummaryQuery): Promise<BookingSummary> {
  const scope = await listScope(deps, userId, query.restaurant_id);
  const { groups, needsAction } = await repository.countBookingGroups(deps.db, scope, needsActionClock(deps.clock.now(), deps.rules));
  return { groups, needs_action: needsAction };
}

/** GET /v1/restaurants/{id}/booking-options: a published restaurant (or one the viewer runs), its active menus and hosting rules. */
export async function getBookingOptions(deps: Pick<BookingDeps, 'db' | 'viewer'>, restaurantId: string): Promise<BookingOptions> {
  const terms = await restaurantBookingTerms(deps.db, restaurantId);
  const runs = (await viewerScope(deps.db, deps.viewer)).restaurantIds.includes(restaurantId);
  if (!terms || !(terms.profile?.published || runs)) throw notFound('No such restaurant', 'restaurants.notFound');
  const { hosting, profile } = terms;
  return {
    restaurant: {
      id: terms.id,
      name: terms.name,
      slug: profile?.slug ?? null,
      timezone: profile?.timezone ?? null,
      currency: profile?.currency ?? null,
      country: profile?.country ?? null,
    },
    menus: terms.menus
      .filter((menu) => menu.active)
      .map((menu) => ({ id: menu.id, name: menu.name, description: menu.description, price: menu.price_per_head, min_guests: menu.min_guests, max_guests: menu.max_guests })),
    hosting: {
      weekdays: hosting.weekdays,
      service_start: hosting.service_start,
      service_end: hosting.service_end,
      min_guests: hosting.min_guests,
      max_guests: hosting.max_guests,
      notice_days: hosting.notice_days,
    },
  };
}

// ---------------------------------------------------------------- system and payment changes

const DEADLINE_BATCH = 200;

/**
 * The scheduler's pass (the `system` rows of docs/product.md, Booking lifecycle): response and deposit timeouts, auto-confirmation of completed
 * events and the no-tickets sweep, for every due row, each locked with SKIP LOCKED (another instance's pass, or a
 * person's change in progress, keeps its rows; they are due again on the next pass). Runs in the job's transaction.
 * Resolves with how many bookings changed.
 */
export async function runBookingDeadlines(deps: Omit<BookingSystemDeps, 'db'> & { db: Executor }): Promise<number> {
  const { db, clock, rules } = deps;
  const now = clock.now();
  const at = {
    now,
    autoCompleteMarkedBefore: new Date(now.getTime() - rules.autoCompleteDays * DAY_MS),
    eventsStartedBefore: new Date(now.getTime() - rules.eventDurationHours * HOUR_MS),
  };
  let changed = 0;
  for (const deadline of repository.SYSTEM_DEADLINES) {
    for (;;) {
      const rows = await repository.lockDueBookings(db, repository.dueCondition(deadline, at), DEADLINE_BATCH);
      let applied = 0;
      for (const row of rows) {
        const result = applyTransition({ booking: lifecycleState(row), action: deadline, actor: 'system', now, rules });
        if (!result.ok || !(await deps.transitions.allows(db, { booking: row, action: deadline, now }))) continue;
        await recordTransition(deps, db, row, { columns: transitionColumns(result.next), event: result.event, actorUserId: null, now });
        applied += 1;
      }
      changed += applied;
      // A full batch where every row changed may have more behind it; otherwise this deadline is done for now.
      if (rows.length < DEADLINE_BATCH || applied < rows.length) break;
    }
  }
  return changed;
}

/** How long before a response or deposit deadline the party that must act is reminded. */
export const DEADLINE_REMINDER_MS = DAY_MS;

/** One reminder job per booking, deadline and due time: a moved deadline is reminded again, the same one never twice. */
const deadlineReminderKey = (bookingId: string, deadline: repository.RemindedDeadline, dueAt: Date) =>
  `bookings.deadline-approaching:${bookingId}:${deadline}:${dueAt.toISOString()}`;

/**
 * Part of the scheduler's pass: queues a reminder for every response or deposit deadline due within
 * `DEADLINE_REMINDER_MS` of the business clock. The dedupe key makes each reminder once only, whichever instance or
 * pass sees it first; the job (`sendDeadlineReminder`) checks the booking still waits on that deadline.
 */
export async function queueDeadlineReminders(deps: Pick<BookingSystemDeps, 'db' | 'clock' | 'jobs'>): Promise<number> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + DEADLINE_REMINDER_MS);
  let queued = 0;
  for (const deadline of Object.keys(repository.REMINDED_DEADLINES) as repository.RemindedDeadline[]) {
    for (const { id, dueAt } of await repository.listApproachingDeadlines(deps.db, deadline, now, until)) {
      const job = { kind: 'bookings.deadline-approaching' as const, payload: { booking_id: id, deadline, due_at: dueAt.toISOString() }, dedupeKey: deadlineReminderKey(id, deadline, dueAt) };
      if (await deps.jobs.enqueue(job, deps.db)) queued += 1;
    }
  }
  return queued;
}

/**
 * The reminder job: in its transaction, tells the party that must act (the restaurant side of a request, the
 * organiser of a deposit) when the booking still waits on that deadline at that time and it has not passed: in-app,
 * and by email to those who keep emails for bookings (their setting on /account), each in their language.
 */
export async function sendDeadlineReminder(
  deps: Pick<BookingSystemDeps, 'db' | 'clock' | 'live' | 'mailer' | 'rules' | 'email'>,
  payload: { booking_id: string; deadline: repository.RemindedDeadline; due_at: string },
): Promise<number> {
  const { db } = deps;
  const row = await repository.lockBooking(db, payload.booking_id);
  if (!row) return 0;
  const dueAt = repository.waitingDeadline(row, payload.deadline);
  if (!dueAt || dueAt.toISOString() !== payload.due_at || dueAt.getTime() <= deps.clock.now().getTime()) return 0;
  const restaurantSide = payload.deadline === 'response' && row.restaurantId;
  const team = restaurantSide ? await restaurantTeam(db, row.restaurantId!) : [];
  const told = await notifyDeadlineApproaching(deps, { row, deadline: payload.deadline, dueAt, restaurantTeam: team.map((member) => member.id) }, db);
  const context = await repository.findEmailContext(db, row);
  const booking = emailBooking(row, context);
  const people = restaurantSide ? [context.seller, ...team] : [context.client];
  for (const user of people) {
    if (!user?.id || user.deletedAt || !(await wantsNotificationEmail(db, user.id, 'bookings'))) continue;
    const recipient = { email: user.email!, first_name: user.firstName!, language: user.language!, side: restaurantSide ? ('restaurant' as const) : ('client' as const) };
    await deps.mailer.enqueue(bookingDeadlineEmail({ booking, deadline: payload.deadline, recipient, publicUrl: deps.email.publicUrl, rules: deps.rules }), db);
  }
  return told;
}

/**
 * What paying for a booking needs (the payments module): the viewer's side (404 unless a party), its status and the
 * amounts the server prices from (menu price per head, the menu's minimum guests, guests booked) in its currency.
 * `lock`: read it FOR UPDATE in the caller's transaction, so the status cannot change before the payment is recorded.
 */
export async function bookingPaymentTerms(deps: Pick<BookingDeps, 'db' | 'viewer'>, id: string, options: { lock?: boolean } = {}) {
  if (options.lock && !(await repository.lockBooking(deps.db, id))) throw bookingNotFound();
  const { record, party } = await loadForViewer(deps, id);
  const { booking, menu } = record;
  return {
    id: booking.id,
    side: party.side,
    payerId: booking.clientId,
    status: booking.status,
    date: booking.date,
    currency: booking.currency,
    menuPrice: menu?.price ?? null,
    menuMinGuests: menu?.minGuests ?? null,
    guests: booking.guests,
  };
}
export type BookingPaymentTerms = Awaited<ReturnType<typeof bookingPaymentTerms>>;

/** The booking rules a deployment runs with (BOOKING_* settings), for modules that change bookings (payments). */
export function bookingRulesOf(config: Pick<Env, 'BOOKING_RESPONSE_HOURS' | 'BOOKING_DEPOSIT_HOURS' | 'BOOKING_AUTO_COMPLETE_DAYS'>): BookingRules {
  return {
    ...DEFAULT_BOOKING_RULES,
    responseHours: config.BOOKING_RESPONSE_HOURS,
    depositHours: config.BOOKING_DEPOSIT_HOURS,
    autoCompleteDays: config.BOOKING_AUTO_COMPLETE_DAYS,
  };
}

/**
 * The payment provider's deposit: ACCEPTED → CONFIRMED. `deps.db` may be the caller's transaction (the payment and
 * its ledger transaction are written in the same one); the booking row is locked until it ends. 409 when the
 * booking cannot take it now.
 */
export async function recordDepositPaid(deps: BookingSystemDeps, bookingId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await repository.lockBooking(tx, bookingId);
    if (!row) throw bookingNotFound();
    const now = deps.clock.now();
    const result = applyTransition({ booking: lifecycleState(row), action: 'deposit-paid', actor: 'payment', now, rules: deps.rules });
    if (!result.ok) throw refusalError(result);
    await recordTransition(deps, tx, row, { columns: transitionColumns(result.next), event: result.event, actorUserId: null, now });
  });
}

/**
 * A deposit on its way (a BECS debit processing) pauses the deposit deadline of an ACCEPTED booking (`paused`: no
 * deadline, so the deadline pass cannot cancel a booking whose payment is made but not yet cleared, whatever order
 * the jobs run in); when the debit fails the deadline starts again, a full BOOKING_DEPOSIT_HOURS from now, to pay
 * another way. `deps.db` is the caller's transaction.
 */
export async function setDepositDeadlinePaused(deps: Pick<BookingSystemDeps, 'db' | 'clock' | 'rules'>, bookingId: string, paused: boolean): Promise<void> {
  const row = await repository.lockBooking(deps.db, bookingId);
  if (!row || row.status !== 'ACCEPTED') return;
  const dueAt = paused ? null : new Date(depositDueAt(deps.clock.now().toISOString(), deps.rules));
  await repository.updateBookingRow(deps.db, bookingId, { depositDueAt: dueAt });
}

/**
 * What moving a booking's money needs (the payments module: settlement, cancellation refunds), read in the caller's
 * transaction without a viewer: the parties (the restaurant's seller user, the cause's owner), the prices and
 * counts the settlement formula reads, and the event's time.
 */
export async function bookingMoneyTerms(db: Executor, id: string) {
  const record = await repository.findBookingRecord(db, id);
  if (!record) throw bookingNotFound();
  const { booking, menu, cause, restaurant } = record;
  return {
    id: booking.id,
    title: booking.title,
    status: booking.status,
    cancelReason: booking.cancelReason,
    clientId: booking.clientId,
    restaurantOwnerId: booking.restaurantId,
    restaurantName: restaurant?.name ?? null,
    causeOwnerId: cause?.ownerId ?? null,
    currency: booking.currency,
    date: booking.date,
    guests: booking.guests ?? 0,
    /** Tickets neither sold nor held when read (unlocked: `holdTickets` is what reserves them). */
    ticketsLeft: ticketsLeftOf(booking),
    ticketPrice: booking.ticketPrice ?? 0,
    menuPrice: menu?.price ?? 0,
    /** A manager's own event: its shortfall is charged to no one. */
    hostEvent: booking.hostEvent,
    /** When the restaurant marked the event complete, and the organiser's answer (null: none yet). */
    completionMarkedAt: booking.completionMarkedAt,
    completionOutcome: booking.completionOutcome,
    restaurantTimeZone: restaurant?.timezone ?? 'UTC',
  };
}
export type BookingMoneyTerms = Awaited<ReturnType<typeof bookingMoneyTerms>>;

/**
 * Sets a booking's sold-ticket counter: only for `/dev/bookings/{id}/tickets-sold` (never in production), so browser
 * tests can mark an event complete without buying tickets. No ticket money goes with it: settlement
 * reads ticket income from the payments ledger, not this counter. False when there is no such booking.
 */
export async function setTicketsSoldForTests(db: Executor, bookingId: string, count: number): Promise<boolean> {
  const row = await repository.lockBooking(db, bookingId);
  if (!row) return false;
  await repository.updateBookingRow(db, bookingId, { ticketsSold: count });
  return true;
}
// The share page's public "Add to calendar" file (events module) writes the same calendar format as the emails.
export { bookingInvitation, CALENDAR_CONTENT_TYPE, parseMailbox } from './booking-calendar.ts';

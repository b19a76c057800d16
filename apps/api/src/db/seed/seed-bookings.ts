import { count, eq, inArray } from 'drizzle-orm';
import {
  applyTransition,
  instantMs,
  readZonedClock,
  WEEKDAYS,
  type BookingAction,
  type BookingActor,
  type BookingLabelKey,
  type BookingEventRecord,
  type BookingLifecycleState,
  type BookingStatus,
  type Weekday,
} from '@goodtable/shared';
import type { Executor } from '../client.ts';
import { bookingEvents, bookings, causes, menus, restaurantProfiles } from '../schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { DEMO_RESTAURANTS, demoRestaurantTimeZone } from './seed-restaurants.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * One change of a demo booking's history: who did what, when (ms from the seeding time, or with `afterEvent` ms
 * after the event's start), with what input (a decline reason, a new date as ms from the seeding time).
 */
type DemoStep = { action: BookingAction; actor: BookingActor; at?: number; afterEvent?: number; reason?: string; date?: number };

type DemoBooking = {
  /** Who organises it: the demo client, or the demo manager hosting at a restaurant it runs. */
  organiser: 'client' | 'manager';
  restaurant: string;
  cause: string;
  title: string;
  story: string | null;
  guests: number;
  /** The event's start (ms from the seeding time), moved to the evening of an open day at the restaurant; null: none yet. */
  date: number | null;
  /** Exactly this instant instead (an event happening now). */
  exactDate?: boolean;
  ticketsSold: number;
  goal?: boolean;
  createdAt: number;
  /** For a draft: when it was last saved. */
  savedAt?: number;
  steps: DemoStep[];
};

const CLIENT_STORY =
  'Friends, neighbours and colleagues around one long table, the ticket price going to people who need it more than we need dessert. Bring someone new.';

/** The labels the demo client sees on its bookings: every client label of docs/product.md, Booking lifecycle but `eventPast` (a request left to go stale). */
export const DEMO_CLIENT_LABELS: readonly BookingLabelKey[] = [
  'actionRequired',
  'awaitingCompletion',
  'awaitingPayment',
  'awaitingRestaurantResponse',
  'bookingCancelled',
  'bookingReserved',
  'clientDoesNotWishToProceed',
  'eventCancelledByRestaurant',
  'eventCancelledDueToInaction',
  'eventCompleted',
  'eventLive',
  'eventMarkedComplete',
  'eventMarkedUnsatisfactory',
  'noTicketsWerePurchased',
  'readyForArrival',
  'rebook',
  'requestDeclined',
  'resumeDraft',
  'restaurantDidNotRespond',
];

/**
 * Builds the demo client's bookings (docs/product.md, Demo data): every status, every grouping and every label
 * the client can see, a few awaiting Trattoria Rossi's (restaurant@example.com) answer, bookings at the manager's
 * restaurants and one event the manager hosts itself. `readyForArrival` needs an event later today where it
 * happens, so that one goes to whichever of two restaurants (Melbourne, Da Nang) has more evening left.
 */
function demoBookings(now: Date): DemoBooking[] {
  const melbourneLeft = msUntilLocalMidnight(now, 'Australia/Melbourne');
  const daNangLeft = msUntilLocalMidnight(now, 'Asia/Ho_Chi_Minh');
  const tonight = melbourneLeft >= daNangLeft ? { restaurant: 'trattoria-rossi', left: melbourneLeft } : { restaurant: 'bep-song-han', left: daNangLeft };
  const laterToday = Math.min(2 * HOUR, Math.floor(tonight.left / 2));
  return [
    {
      organiser: 'client',
      restaurant: 'trattoria-rossi',
      cause: 'reading-tree',
      title: 'Spring pasta night for the Reading Tree',
      story: null,
      guests: 30,
      date: 34 * DAY,
      ticketsSold: 0,
      createdAt: -2 * DAY,
      savedAt: -3 * HOUR,
      steps: [],
    },
    {
      organiser: 'client',
      restaurant: 'trattoria-rossi',
      cause: 'hope-kitchen-foundation',
      title: 'Lygon Street long table for Hope Kitchen',
      story: CLIENT_STORY,
      guests: 40,
      date: 24 * DAY,
      ticketsSold: 0,
      goal: true,
      createdAt: -2 * DAY,
      steps: [{ action: 'submit', actor: 'client', at: -20 * HOUR }],
    },
    {
      organiser: 'client',
      restaurant: 'trattoria-rossi',
      cause: 'bep-yeu-thuong',
      title: 'Gala dinner for the Kitchen of Love',
      story: CLIENT_STORY,
      guests: 50,
      date: 16 * DAY,
      ticketsSold: 0,
      createdAt: -8 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -7 * DAY },
        { action: 'decline', actor: 'restaurant', at: -6 * DAY, reason: 'NOT_AVAILABLE' },
        { action: 'change-time', actor: 'client', at: -2 * HOUR, date: 30 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'saigon-lane',
      cause: 'laneway-arts-project',
      title: 'Banquet in the lane for young artists',
      story: CLIENT_STORY,
      guests: 24,
      date: 21 * DAY,
      ticketsSold: 0,
      createdAt: -3 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -2 * DAY },
        { action: 'accept', actor: 'restaurant', at: -1 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'trattoria-rossi',
      cause: 'hope-kitchen-foundation',
      title: 'Sunday lunch for Hope Kitchen',
      story: CLIENT_STORY,
      guests: 20,
      date: 18 * DAY,
      ticketsSold: 0,
      createdAt: -4 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -3 * DAY },
        { action: 'suggest-time', actor: 'restaurant', at: -1 * DAY, date: 20 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'fortitude-valley-taverna',
      cause: 'flood-relief-queensland',
      title: 'Greek feast for flood relief',
      story: CLIENT_STORY,
      guests: 36,
      date: 26 * DAY,
      ticketsSold: 0,
      createdAt: -1 * DAY,
      steps: [{ action: 'submit', actor: 'client', at: -10 * HOUR }],
    },
    {
      organiser: 'client',
      restaurant: 'bondi-greenhouse',
      cause: 'reef-rescue-collective',
      title: 'Garden tasting for the reef',
      story: CLIENT_STORY,
      guests: 30,
      date: 22 * DAY,
      ticketsSold: 0,
      createdAt: -9 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -8 * DAY },
        { action: 'decline', actor: 'restaurant', at: -6 * DAY, reason: 'NOT_AVAILABLE' },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'surry-hills-tandoor',
      cause: 'second-chance-paws',
      title: 'Curry night for rescued dogs',
      story: CLIENT_STORY,
      guests: 25,
      date: 19 * DAY,
      ticketsSold: 0,
      createdAt: -12 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -11 * DAY },
        { action: 'decline', actor: 'restaurant', at: -10 * DAY, reason: 'NOT_SUITABLE' },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'newtown-izakaya',
      cause: 'laneway-arts-project',
      title: 'Izakaya evening for street art',
      story: CLIENT_STORY,
      guests: 28,
      date: 17 * DAY,
      ticketsSold: 0,
      createdAt: -14 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -13 * DAY },
        { action: 'suggest-time', actor: 'restaurant', at: -12 * DAY, date: 27 * DAY },
        { action: 'decline-suggestion', actor: 'client', at: -11 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'fitzroy-fire-kitchen',
      cause: 'coastal-care-clinic',
      title: 'Fire feast for the coastal clinic',
      story: CLIENT_STORY,
      guests: 45,
      date: 28 * DAY,
      ticketsSold: 0,
      createdAt: -16 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -15 * DAY },
        { action: 'accept', actor: 'restaurant', at: -14 * DAY },
        { action: 'cancel', actor: 'client', at: -13 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'paddington-thai-house',
      cause: 'flood-relief-queensland',
      title: 'Thai banquet for flood-hit families',
      story: CLIENT_STORY,
      guests: 30,
      date: 15 * DAY,
      ticketsSold: 6,
      createdAt: -20 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -19 * DAY },
        { action: 'accept', actor: 'restaurant', at: -18 * DAY },
        { action: 'deposit-paid', actor: 'payment', at: -17 * DAY },
        { action: 'cancel', actor: 'restaurant', at: -3 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'mi-quang-ba-mua',
      cause: 'bep-yeu-thuong',
      title: 'Mì Quảng night for the Kitchen of Love',
      story: CLIENT_STORY,
      guests: 20,
      date: 23 * DAY,
      ticketsSold: 0,
      createdAt: -6 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -5 * DAY },
        { action: 'response-timeout', actor: 'system', at: -2 * DAY + 5 * MINUTE },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'my-khe-seafood-house',
      cause: 'green-da-nang',
      title: 'Seafood banquet for a greener Mỹ Khê',
      story: CLIENT_STORY,
      guests: 40,
      date: 25 * DAY,
      ticketsSold: 0,
      createdAt: -9 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -8 * DAY },
        { action: 'accept', actor: 'restaurant', at: -7 * DAY },
        { action: 'deposit-timeout', actor: 'system', at: -4 * DAY + 5 * MINUTE },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'harbourside-oyster-bar',
      cause: 'reef-rescue-collective',
      title: 'Harbour long lunch for the reef',
      story: CLIENT_STORY,
      guests: 32,
      date: 12 * DAY,
      ticketsSold: 14,
      goal: true,
      createdAt: -30 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -29 * DAY },
        { action: 'accept', actor: 'restaurant', at: -28 * DAY },
        { action: 'deposit-paid', actor: 'payment', at: -27 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: tonight.restaurant,
      cause: 'hope-kitchen-foundation',
      title: 'Tonight: dinner for Hope Kitchen',
      story: CLIENT_STORY,
      guests: 30,
      date: laterToday,
      exactDate: true,
      ticketsSold: 27,
      goal: true,
      createdAt: -35 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -34 * DAY },
        { action: 'accept', actor: 'restaurant', at: -33 * DAY },
        { action: 'deposit-paid', actor: 'payment', at: -32 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'lantern-kitchen',
      cause: 'green-da-nang',
      title: 'Lantern tasting for clean beaches',
      story: CLIENT_STORY,
      guests: 24,
      date: -1 * HOUR,
      exactDate: true,
      ticketsSold: 22,
      createdAt: -40 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -39 * DAY },
        { action: 'accept', actor: 'restaurant', at: -38 * DAY },
        { action: 'deposit-paid', actor: 'payment', at: -37 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'riverbend-grill',
      cause: 'flood-relief-queensland',
      title: 'Riverside barbecue for flood relief',
      story: CLIENT_STORY,
      guests: 60,
      date: -2 * DAY,
      ticketsSold: 48,
      createdAt: -45 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -44 * DAY },
        { action: 'accept', actor: 'restaurant', at: -43 * DAY },
        { action: 'deposit-paid', actor: 'payment', at: -42 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'bep-song-han',
      cause: 'bep-yeu-thuong',
      title: 'River banquet for the Kitchen of Love',
      story: CLIENT_STORY,
      guests: 40,
      date: -4 * DAY,
      ticketsSold: 38,
      goal: true,
      createdAt: -50 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -49 * DAY },
        { action: 'accept', actor: 'restaurant', at: -48 * DAY },
        { action: 'deposit-paid', actor: 'payment', at: -47 * DAY },
        { action: 'mark-complete', actor: 'restaurant', afterEvent: 1 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'fortitude-valley-taverna',
      cause: 'coastal-care-clinic',
      title: 'Meze night for the coastal clinic',
      story: CLIENT_STORY,
      guests: 30,
      date: -12 * DAY,
      ticketsSold: 21,
      createdAt: -60 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -59 * DAY },
        { action: 'accept', actor: 'restaurant', at: -58 * DAY },
        { action: 'deposit-paid', actor: 'payment', at: -57 * DAY },
        { action: 'mark-complete', actor: 'restaurant', afterEvent: 1 * DAY },
        { action: 'mark-unsatisfactory', actor: 'client', afterEvent: 2 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'trattoria-rossi',
      cause: 'hope-kitchen-foundation',
      title: 'Autumn harvest dinner for Hope Kitchen',
      story: CLIENT_STORY,
      guests: 44,
      date: -30 * DAY,
      ticketsSold: 44,
      goal: true,
      createdAt: -75 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -74 * DAY },
        { action: 'accept', actor: 'restaurant', at: -73 * DAY },
        { action: 'deposit-paid', actor: 'payment', at: -72 * DAY },
        { action: 'mark-complete', actor: 'restaurant', afterEvent: 1 * DAY },
        { action: 'confirm-complete', actor: 'client', afterEvent: 2 * DAY },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'saigon-lane',
      cause: 'reading-tree',
      title: 'Lane banquet for school libraries',
      story: CLIENT_STORY,
      guests: 30,
      date: -40 * DAY,
      ticketsSold: 26,
      createdAt: -80 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -79 * DAY },
        { action: 'accept', actor: 'restaurant', at: -78 * DAY },
        { action: 'deposit-paid', actor: 'payment', at: -77 * DAY },
        { action: 'mark-complete', actor: 'restaurant', afterEvent: 1 * DAY },
        { action: 'auto-complete', actor: 'system', afterEvent: 8 * DAY + 5 * MINUTE },
      ],
    },
    {
      organiser: 'client',
      restaurant: 'bondi-greenhouse',
      cause: 'second-chance-paws',
      title: 'Rooftop tasting for rescued animals',
      story: CLIENT_STORY,
      guests: 20,
      date: -15 * DAY,
      ticketsSold: 0,
      createdAt: -50 * DAY,
      steps: [
        { action: 'submit', actor: 'client', at: -49 * DAY },
        { action: 'accept', actor: 'restaurant', at: -48 * DAY },
        { action: 'deposit-paid', actor: 'payment', at: -47 * DAY },
        { action: 'no-tickets-sweep', actor: 'system', afterEvent: 3 * HOUR + 10 * MINUTE },
      ],
    },
    {
      organiser: 'manager',
      restaurant: 'riverbend-grill',
      cause: 'flood-relief-queensland',
      title: 'Harbour Hospitality community barbecue',
      story: 'Our own team hosts this one: every ticket rebuilds a flooded home’s kitchen.',
      guests: 80,
      date: 25 * DAY,
      ticketsSold: 12,
      goal: true,
      createdAt: -6 * DAY,
      steps: [{ action: 'submit', actor: 'manager-host', at: -5 * DAY }],
    },
  ];
}

/** Milliseconds from `now` until midnight on the wall clock of `timeZone`. */
function msUntilLocalMidnight(now: Date, timeZone: string): number {
  return (24 * 60 - readZonedClock(now, timeZone).minutes) * MINUTE;
}

/** The instant the wall clock of `timeZone` reads `minutes` after midnight on its day at `instant` (the zone's offset then). */
function atLocalTime({ instant, timeZone, minutes }: { instant: Date; timeZone: string; minutes: number }): Date {
  const reading = readZonedClock(instant, timeZone);
  const wallMs = Date.parse(`${reading.date}T00:00:00Z`) + reading.minutes * MINUTE;
  const offsetMs = wallMs - Math.floor(instant.getTime() / MINUTE) * MINUTE;
  return new Date(Date.parse(`${reading.date}T00:00:00Z`) + minutes * MINUTE - offsetMs);
}

/** 7 pm on the first day from `instant` on that the restaurant hosts (its hosting weekdays). */
function eveningOnOpenDay({ instant, timeZone, weekdays }: { instant: Date; timeZone: string; weekdays: readonly Weekday[] }): Date {
  let day = instant;
  while (!weekdays.includes(readZonedClock(day, timeZone).weekday)) day = new Date(day.getTime() + DAY);
  return atLocalTime({ instant: day, timeZone, minutes: 19 * 60 });
}

/** A ticket price above the menu's per-head price (the difference goes to the cause), rounded like a price list. */
function ticketPrice(menuPrice: number, currency: string): number {
  const step = currency === 'VND' ? 50_000 : 500;
  return Math.ceil((menuPrice * 1.6) / step) * step;
}

/** A demo booking after its history was replayed: what to store, and its `booking_events`. */
export type ReplayedDemoBooking = {
  plan: DemoBooking;
  state: BookingLifecycleState;
  events: (BookingEventRecord & { to: BookingStatus; at: Date })[];
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The demo bookings as of `now`. Each history is replayed through the shared state machine at its own time, so the
 * status, suggestion, reasons, completion and deadlines are exactly what the API would have stored, and every event
 * matches; a plan the state machine refuses throws.
 */
export function replayDemoBookings(now: Date): ReplayedDemoBooking[] {
  const at = (offset: number) => new Date(now.getTime() + offset);
  return demoBookings(now).map((plan) => {
    const timeZone = demoRestaurantTimeZone(plan.restaurant);
    const weekdays = DEMO_RESTAURANTS.find((entry) => entry.slug === plan.restaurant)?.weekdays ?? WEEKDAYS;
    const eventDate = (offset: number) => (plan.exactDate ? at(offset) : eveningOnOpenDay({ instant: at(offset), timeZone, weekdays }));
    let state: BookingLifecycleState = {
      status: 'DRAFT',
      date: plan.date === null ? null : eventDate(plan.date),
      suggestion: null,
      decline_reason: null,
      cancel_reason: null,
      completion: null,
      response_due_at: null,
      deposit_due_at: null,
      tickets_sold: plan.ticketsSold,
    };
    const events: ReplayedDemoBooking['events'] = [];
    for (const step of plan.steps) {
      const stepAt = step.afterEvent === undefined ? at(step.at ?? 0) : new Date(instantMs(state.date!) + step.afterEvent);
      const result = applyTransition({
        booking: state,
        action: step.action,
        actor: step.actor,
        now: stepAt,
        input: { reason: step.reason, date: step.date === undefined ? undefined : eventDate(step.date).toISOString() },
      });
      if (!result.ok) throw new Error(`demo booking "${plan.title}": ${step.action} refused (${result.code})`);
      state = { ...state, ...result.next };
      events.push({ ...result.event, to: result.next.status, at: stepAt });
    }
    return { plan, state, events, createdAt: at(plan.createdAt), updatedAt: events.at(-1)?.at ?? at(plan.savedAt ?? plan.createdAt) };
  });
}

/**
 * Seeds the demo bookings (`replayDemoBookings` as of the business clock's now) with their `booking_events`.
 * Does nothing if the demo client has bookings already.
 */
export async function seedDemoBookings(db: Executor, options: { clientId: string; managerId: string; clock: Clock }): Promise<number> {
  const [existing] = await db.select({ total: count() }).from(bookings).where(eq(bookings.clientId, options.clientId));
  if ((existing?.total ?? 0) > 0) return 0;
  const replayed = replayDemoBookings(options.clock.now());

  const slugs = [...new Set(replayed.map(({ plan }) => plan.restaurant))];
  const restaurants = await db
    .select({ id: restaurantProfiles.restaurantId, slug: restaurantProfiles.slug, currency: restaurantProfiles.currency })
    .from(restaurantProfiles)
    .where(inArray(restaurantProfiles.slug, slugs));
  const restaurantBySlug = new Map(restaurants.map((row) => [row.slug!, row]));
  const menuRows = await db
    .select({ id: menus.id, restaurantId: menus.restaurantId, price: menus.pricePerHead, position: menus.position })
    .from(menus)
    .where(inArray(menus.restaurantId, restaurants.map((row) => row.id)));
  const firstMenu = new Map<string, (typeof menuRows)[number]>();
  for (const menu of menuRows.sort((a, b) => a.position - b.position)) if (!firstMenu.has(menu.restaurantId)) firstMenu.set(menu.restaurantId, menu);
  const causeRows = await db.select({ id: causes.id, slug: causes.slug }).from(causes).where(inArray(causes.slug, [...new Set(replayed.map(({ plan }) => plan.cause))]));
  const causeBySlug = new Map(causeRows.map((row) => [row.slug, row.id]));

  const instant = (value: string | Date | null) => (value === null ? null : new Date(value));
  for (const { plan, state, events, createdAt, updatedAt } of replayed) {
    const restaurant = restaurantBySlug.get(plan.restaurant);
    const menu = restaurant ? firstMenu.get(restaurant.id) : undefined;
    const causeId = causeBySlug.get(plan.cause);
    if (!restaurant || !menu || !causeId || !restaurant.currency) throw new Error(`demo booking at ${plan.restaurant} for ${plan.cause}: missing seed data`);
    const actorUserId = (actor: BookingActor) =>
      actor === 'client' ? options.clientId : actor === 'manager-host' ? options.managerId : actor === 'restaurant' ? restaurant.id : null;
    const price = ticketPrice(menu.price, restaurant.currency);
    const [row] = await db
      .insert(bookings)
      .values({
        clientId: plan.organiser === 'client' ? options.clientId : options.managerId,
        hostEvent: plan.organiser === 'manager',
        restaurantId: restaurant.id,
        menuId: menu.id,
        causeId,
        status: state.status,
        date: instant(state.date),
        suggestionDate: instant(state.suggestion?.date ?? null),
        guests: plan.guests,
        title: plan.title,
        story: plan.story,
        ticketPrice: price,
        goal: plan.goal ? price * plan.guests : null,
        currency: restaurant.currency,
        ticketsSold: plan.ticketsSold,
        declineReason: state.decline_reason,
        cancelReason: state.cancel_reason,
        completionMarkedAt: instant(state.completion?.marked_at ?? null),
        completionOutcome: state.completion?.outcome ?? null,
        completionResolvedAt: instant(state.completion?.resolved_at ?? null),
        responseDueAt: instant(state.response_due_at),
        depositDueAt: instant(state.deposit_due_at),
        createdAt,
        updatedAt,
      })
      .returning({ id: bookings.id });
    if (events.length > 0) {
      await db.insert(bookingEvents).values(
        events.map((event) => ({
          bookingId: row!.id,
          actor: event.actor,
          actorUserId: actorUserId(event.actor),
          action: event.action,
          fromStatus: event.from,
          toStatus: event.to,
          reason: event.reason,
          createdAt: event.at,
        })),
      );
    }
  }
  return replayed.length;
}

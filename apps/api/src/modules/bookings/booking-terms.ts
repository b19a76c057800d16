// What forms and other modules read of a booking's terms: a restaurant's booking options, the payment and money terms.
import { DEFAULT_BOOKING_RULES, ticketsLeftOf, type BookingOptions, type BookingRules } from '@goodtable/shared';
import type { Env } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/domain-errors.ts';
import { restaurantBookingTerms } from '../restaurants/restaurants.service.ts';
import { viewerScope } from './booking-access.ts';
import type { BookingDeps } from './booking-deps.ts';
import { bookingNotFound } from './booking-errors.ts';
import { loadForViewer } from './booking-reads.ts';
import * as repository from './bookings.repository.ts';

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

/**
 * What paying for a booking needs (the payments module): the viewer's side (404 unless a party), its status and the
 * amounts the server prices from (menu price per head, the menu's minimum guests, guests booked) in its currency.
 */
export async function bookingPaymentTerms(deps: Pick<BookingDeps, 'db' | 'viewer'>, id: string) {
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

/** `bookingPaymentTerms` read FOR UPDATE in the caller's transaction (`deps.db`), so the status cannot change before the payment is recorded. */
export async function lockedBookingPaymentTerms(deps: Pick<BookingDeps, 'db' | 'viewer'>, id: string): Promise<BookingPaymentTerms> {
  if (!(await repository.lockBooking(deps.db, id))) throw bookingNotFound();
  return bookingPaymentTerms(deps, id);
}

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

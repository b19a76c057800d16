// Checks of a booking's fields (drafts, sent requests) and the row columns they set.
import { bookingBoundsProblems, bookingSubmitSchema, validateAgainstHostingPreferences, type bookingCreateSchema } from '@goodtable/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { BookingRow, NewBookingRow } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/service-context.ts';
import { restaurantBookingTerms, type RestaurantBookingTerms } from '../restaurants/restaurants.service.ts';
import { viewerScope } from './booking-access.ts';
import { invalid, type FieldError } from './booking-errors.ts';
import * as repository from './bookings.repository.ts';

export type DraftValues = z.output<typeof bookingCreateSchema>;

/**
 * The restaurant, menu, ticket price and cause a draft names, checked as far as they are given: the restaurant must
 * be published or run by the viewer (then it is a host event for a manager), the menu the restaurant's, the ticket
 * at least the menu's price per head, the cause a published one.
 */
export async function checkNamedThings(
  { db, viewer }: { db: Executor; viewer: Viewer },
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
export function draftBoundsProblems({ values, known, now }: { values: Pick<DraftValues, 'date' | 'guests' | 'ticket_price'>; known: FieldError[]; now: Date }): FieldError[] {
  return bookingBoundsProblems({ booking: values, menuPrice: null, now }).filter((bound) => !known.some((error) => error.field === bound.field));
}

export const draftValuesOf = (row: BookingRow): DraftValues => ({
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
export async function checkComplete(
  { db, viewer }: { db: Executor; viewer: Viewer },
  { values, now }: { values: DraftValues; now: Date },
): Promise<{ hostEvent: boolean; currency: string | null }> {
  const parsed = bookingSubmitSchema.safeParse(values);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((issue) => {
        const field = String(issue.path[0] ?? 'body');
        return { field, message: values[field as keyof DraftValues] === null ? 'validation.required' : issue.message };
      }),
    );
  }
  const { errors, terms, hostEvent } = await checkNamedThings({ db, viewer }, values);
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

export const detailColumns = (values: Partial<DraftValues>): Partial<NewBookingRow> => {
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

// Telling the parties of a change: live events and emails, in the change's transaction.
import type { BookingEventRecord } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { BookingRow } from '../../db/schema/index.ts';
import { findUserById } from '../accounts/accounts.service.ts';
import { listRestaurantManagerIds } from '../managers/managers.service.ts';
import { wantsNotificationEmail } from '../notifications/notifications.service.ts';
import type { BookingSystemDeps } from './booking-deps.ts';
import { bookingChangeEmail, bookingEmailSides, type BookingEmailBooking } from './booking-emails.ts';
import * as repository from './bookings.repository.ts';

/**
 * Every party's live topic (`user:<id>`): the client, the restaurant (seller) and everyone running it, and the cause's
 * owner once the booking is sent. Written in the change's transaction, so a rolled-back change tells nobody.
 */
export async function publishChange(deps: Pick<BookingSystemDeps, 'live'>, { tx, row, action, removed = false }: { tx: Executor; row: BookingRow; action: string; removed?: boolean }): Promise<void> {
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
export function emailBooking(row: BookingRow, context: Awaited<ReturnType<typeof repository.findEmailContext>>): BookingEmailBooking {
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
export async function emailChange(
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
      if (!(await wantsNotificationEmail(tx, { userId: user.id, category: 'bookings' }))) continue;
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
export async function restaurantTeam(tx: Executor, restaurantId: string) {
  const members = [];
  for (const id of await listRestaurantManagerIds(tx, restaurantId)) {
    const member = await findUserById(tx, id);
    if (member) members.push(member);
  }
  return members;
}

import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { bookingEvents, bookings } from '../schema/index.ts';
import { listRestaurantManagerIds } from '../../modules/managers/managers.service.ts';
import { bookingNotificationRows, insertNotifications } from '../../modules/notifications/notifications.service.ts';

/** How many of each person's newest demo notifications stay unread (the rest are read). */
const UNREAD_PER_RECIPIENT = 3;

/**
 * The notifications the demo bookings' histories would have sent (DESIGN.md §9), made by the same rules as live
 * changes, at the times of their events: each person's newest few unread, the older ones read.
 */
export async function seedDemoNotifications(db: Executor): Promise<number> {
  const rows = await db
    .select({ booking: bookings, event: bookingEvents })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
  const made = [];
  const teams = new Map<string, string[]>();
  const teamOf = async (restaurantId: string | null) => {
    if (!restaurantId) return [];
    if (!teams.has(restaurantId)) teams.set(restaurantId, await listRestaurantManagerIds(db, restaurantId));
    return teams.get(restaurantId)!;
  };
  for (const { booking, event } of rows) {
    const change = {
      row: booking,
      event: { action: event.action, actor: event.actor, from: event.fromStatus, to: event.toStatus, reason: event.reason },
      actorUserId: event.actorUserId,
      restaurantTeam: await teamOf(booking.restaurantId),
    };
    made.push(...(await bookingNotificationRows(db, change, event.createdAt)));
  }
  // Newest first per recipient: the first few stay unread.
  const seen = new Map<string, number>();
  const marked = made.reverse().map((row) => {
    const rank = seen.get(row.recipientId) ?? 0;
    seen.set(row.recipientId, rank + 1);
    return { ...row, isRead: rank >= UNREAD_PER_RECIPIENT };
  });
  return (await insertNotifications(db, marked)).length;
}

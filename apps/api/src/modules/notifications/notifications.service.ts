import {
  NOTIFICATION_EVENT_TYPES,
  type BookingEventRecord,
  type Notification,
  type NotificationEvent,
  type PagedList,
} from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { BookingRow, NewNotificationRow, NotificationRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { SignedInContext } from '../../lib/service-context.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import { listRestaurantManagerIds } from '../managers/managers.service.ts';
import { bookingNotificationKind, renderNotification, type BookingNotificationParams } from './notification-texts.ts';
import * as repository from './notifications.repository.ts';

/** What the notifications service works with besides the service context: the live hub that tells open streams. */
export type NotificationDeps = SignedInContext & { live: LiveHub };

/** A user's live notification topic: only the notification stream follows it. */
export const notificationTopic = (userId: string) => `notification:${userId}`;

const notificationNotFound = () => notFound('No such notification among yours', 'notifications.notFound');

const ORGANISER_ACTORS: readonly string[] = ['client', 'manager-host'];

/**
 * Who hears of a booking change in-app: the other side of the person who acted (the organiser's actions go to the
 * restaurant side, the restaurant's to the organiser), both sides for the payment provider's and the system's.
 * The restaurant side is its seller and every manager and sub-manager running it. The actor never hears of their
 * own action (a manager hosting at a restaurant it runs is on both sides, and is the actor).
 */
async function bookingRecipients(tx: Executor, row: BookingRow, event: BookingEventRecord, actorUserId: string | null): Promise<string[]> {
  const recipients = new Set<string>();
  if (!ORGANISER_ACTORS.includes(event.actor)) recipients.add(row.clientId);
  if (event.actor !== 'restaurant' && row.restaurantId) {
    recipients.add(row.restaurantId);
    for (const managerId of await listRestaurantManagerIds(tx, row.restaurantId)) recipients.add(managerId);
  }
  if (actorUserId) recipients.delete(actorUserId);
  return [...recipients];
}

/** Tells `userId`'s open notification streams (in `tx`: nothing is told of a rolled-back change). */
async function publishToUser(live: LiveHub, userId: string, type: string, data: NotificationEvent, tx?: Executor) {
  await live.publish({ topic: notificationTopic(userId), type, data }, tx);
}

type BookingChange = { row: BookingRow; event: BookingEventRecord; actorUserId: string | null };

/**
 * The notifications one booking change makes (one per recipient, see `bookingRecipients`), not yet stored: the
 * facts are kept, the words are rendered when read, in the reader's language. The demo data builds its own with it.
 */
export async function bookingNotificationRows(tx: Executor, change: BookingChange, createdAt: Date): Promise<NewNotificationRow[]> {
  const { row, event, actorUserId } = change;
  const recipients = await bookingRecipients(tx, row, event, actorUserId);
  if (recipients.length === 0) return [];
  const restaurant = row.restaurantId ? await repository.findRestaurantFacts(tx, row.restaurantId) : undefined;
  const params: BookingNotificationParams = {
    title: row.title,
    restaurant_name: restaurant?.name ?? null,
    date: row.date?.toISOString() ?? null,
    timezone: restaurant?.timezone ?? null,
    reason: event.reason,
  };
  return recipients.map((recipientId) => ({
    recipientId,
    senderId: actorUserId,
    objectType: 'booking' as const,
    objectId: row.id,
    kind: bookingNotificationKind(event.action),
    params,
    createdAt,
  }));
}

/** Stores notifications (the demo data's, or a change's in its transaction). */
export const insertNotifications = (tx: Executor, rows: NewNotificationRow[]) => repository.insertNotifications(tx, rows);

/**
 * Called by the bookings service for every recorded transition, in its transaction: one notification per other
 * party, each published live on the recipient's topic (a rolled-back change stores and tells nothing).
 */
export async function notifyBookingChange(ctx: { live: LiveHub; clock: Clock }, change: BookingChange, tx: Executor): Promise<void> {
  const rows = await repository.insertNotifications(tx, await bookingNotificationRows(tx, change, ctx.clock.now()));
  for (const notification of rows) {
    const data: NotificationEvent = { id: notification.id, object_type: notification.objectType, object_id: notification.objectId };
    await publishToUser(ctx.live, notification.recipientId, NOTIFICATION_EVENT_TYPES.created, data, tx);
  }
}

function present(row: NotificationRow, sender: { firstName: string; lastName: string } | null, language: 'en' | 'vn'): Notification {
  const user = sender ? { first_name: sender.firstName, last_name: sender.lastName } : null;
  const { title, content } = renderNotification({ kind: row.kind, params: row.params, sender: user, language });
  return {
    id: row.id,
    object_type: row.objectType,
    object_id: row.objectId,
    title,
    content,
    user,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /v1/notification: the viewer's, newest first, rendered in the viewer's language. */
export async function listNotifications(deps: SignedInContext, query: { page: number; limit: number }): Promise<PagedList<Notification>> {
  const { db, viewer } = deps;
  const { rows, total } = await repository.listNotifications(db, viewer.id, query);
  const language = await repository.findUserLanguage(db, viewer.id);
  return {
    data: rows.map(({ notification, sender }) => present(notification, sender, language)),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
    totalResults: total,
  };
}

export async function countUnreadNotifications(deps: SignedInContext): Promise<{ total: number }> {
  return { total: await repository.countUnread(deps.db, deps.viewer.id) };
}

/** Tells the viewer's other tabs that what they show changed (read or deleted here). */
const publishUpdated = (deps: NotificationDeps, tx: Executor, id: string | null) =>
  publishToUser(deps.live, deps.viewer.id, NOTIFICATION_EVENT_TYPES.updated, { id, object_type: null, object_id: null }, tx);

/** PUT /v1/notification: every one of the viewer's read. */
export async function markAllNotificationsRead(deps: NotificationDeps): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if ((await repository.markRead(tx, deps.viewer.id)) > 0) await publishUpdated(deps, tx, null);
  });
}

/** PUT /v1/notification/read-some: these read; 404 (nothing changed) when one of them is not the viewer's. */
export async function markNotificationsRead(deps: NotificationDeps, ids: readonly string[]): Promise<void> {
  const wanted = [...new Set(ids)];
  await deps.db.transaction(async (tx) => {
    if ((await repository.findOwnIds(tx, deps.viewer.id, wanted)).length !== wanted.length) throw notificationNotFound();
    if ((await repository.markRead(tx, deps.viewer.id, wanted)) > 0) await publishUpdated(deps, tx, wanted.length === 1 ? wanted[0]! : null);
  });
}

/** DELETE /v1/notification/{id}: the viewer's own only (404 otherwise). */
export async function deleteNotification(deps: NotificationDeps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await repository.deleteNotification(tx, deps.viewer.id, id))) throw notificationNotFound();
    await publishUpdated(deps, tx, id);
  });
}

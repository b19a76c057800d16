import { and, count, desc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import type { NotificationCategory } from '@goodtable/shared';
import {
  bookings,
  notificationEmailSettings,
  notifications,
  restaurantProfiles,
  users,
  type BookingRow,
  type NewNotificationRow,
  type NotificationEmailSettingRow,
  type NotificationRow,
} from '../../db/schema/index.ts';

export async function insertNotifications(db: Executor, rows: NewNotificationRow[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

/** The restaurant's shown name and time zone (what a booking notification's content names). */
export async function findRestaurantFacts(db: Executor, restaurantId: string): Promise<{ name: string | null; timezone: string | null } | undefined> {
  const [row] = await db
    .select({ name: sql<string | null>`coalesce(${restaurantProfiles.name}, ${users.name})`, timezone: restaurantProfiles.timezone })
    .from(users)
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.restaurantId, users.id))
    .where(eq(users.id, restaurantId));
  return row;
}

const ownedBy = (recipientId: string) => eq(notifications.recipientId, recipientId);

/** A recipient's notifications, newest first, with the sender's name (index notifications_recipient_created_idx). */
export function listNotifications(db: Executor, { recipientId, page }: { recipientId: string; page: { page: number; limit: number } }) {
  return paged(
    db
      .select({ notification: notifications, sender: { firstName: users.firstName, lastName: users.lastName } })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.senderId))
      .where(ownedBy(recipientId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(notifications).where(ownedBy(recipientId)),
  );
}

export async function countUnread(db: Executor, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(ownedBy(recipientId), not(notifications.isRead)));
  return row?.total ?? 0;
}

/** Marks the recipient's unread ones read (all, or those of `ids` that are theirs); answers how many changed. */
export async function markRead(db: Executor, { recipientId, ids }: { recipientId: string; ids?: readonly string[] }): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(ownedBy(recipientId), not(notifications.isRead), ids ? inArray(notifications.id, [...ids]) : undefined))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The ids among `ids` that are the recipient's. */
export async function findOwnIds(db: Executor, { recipientId, ids }: { recipientId: string; ids: readonly string[] }): Promise<string[]> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(ownedBy(recipientId), inArray(notifications.id, [...ids])));
  return rows.map((row) => row.id);
}

export async function deleteNotification(db: Executor, { recipientId, id }: { recipientId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(ownedBy(recipientId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function findUserLanguage(db: Executor, userId: string) {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? 'en';
}

export function listEmailSettings(db: Executor, userId: string): Promise<NotificationEmailSettingRow[]> {
  return db.select().from(notificationEmailSettings).where(eq(notificationEmailSettings.userId, userId));
}

/** A user's stored choice for one category; undefined when never chosen. */
export async function findEmailSetting(db: Executor, { userId, category }: { userId: string; category: NotificationCategory }): Promise<boolean | undefined> {
  const [row] = await db
    .select({ email: notificationEmailSettings.email })
    .from(notificationEmailSettings)
    .where(and(eq(notificationEmailSettings.userId, userId), eq(notificationEmailSettings.category, category)));
  return row?.email;
}

export async function upsertEmailSettings(db: Executor, rows: NotificationEmailSettingRow[]): Promise<void> {
  await db
    .insert(notificationEmailSettings)
    .values(rows)
    .onConflictDoUpdate({ target: [notificationEmailSettings.userId, notificationEmailSettings.category], set: { email: sql`excluded.email` } });
}

/** A booking as it is now (money notifications name it and its restaurant). */
export async function findBooking(db: Executor, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** What an email to a user needs: address, first name and stored language; undefined for a closed account. */
export async function findEmailRecipient(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, language: users.language, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row && !row.deletedAt && row.email ? row : undefined;
}

export async function findSenderName(db: Executor, userId: string) {
  const [row] = await db.select({ first_name: users.firstName, last_name: users.lastName }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

import { queryOptions } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationSettings, type PagedList } from '@goodtable/shared';
import { authenticatedApi } from '../../lib/api.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  /** The server writes them in the viewer's saved language: a new choice is another list. */
  page: (page: number, language: string | null) => ['notifications', 'list', language, page] as const,
  settings: ['notifications', 'settings'] as const,
};

/** The viewer's notification stream (docs/product.md, API calls; the stream is the live part). */
export const NOTIFICATION_STREAM_PATH = 'notification/stream';

/** `GET notification/unread` → `{total}`. */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await authenticatedApi.get<{ total: number }>('notification/unread', { signal })).total;
}

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
  });

/** `GET notification?limit&page`: newest first, the page size of docs/product.md, Business constants. */
export async function fetchNotifications(page: number, signal?: AbortSignal): Promise<PagedList<Notification>> {
  return authenticatedApi.get<PagedList<Notification>>('notification', { params: { limit: NOTIFICATIONS_PAGE_SIZE, page }, signal });
}

/** `language`: the viewer's saved language, which the server writes the notifications in (part of the key only). */
export const notificationsPageQuery = (page: number, language: string | null) =>
  queryOptions({
    queryKey: notificationKeys.page(page, language),
    queryFn: ({ signal }) => fetchNotifications(page, signal),
  });

/** `PUT notification`: all read. */
export async function markAllNotificationsRead(): Promise<void> {
  await authenticatedApi.put('notification');
}

/** `PUT notification/read-some` with `{ids}`. */
export async function markNotificationsRead(ids: string[]): Promise<void> {
  await authenticatedApi.put('notification/read-some', { body: { ids } });
}

/** `DELETE notification/{id}`. */
export async function deleteNotification(id: string): Promise<void> {
  await authenticatedApi.delete(`notification/${encodeURIComponent(id)}`);
}

/**
 * Where a notification leads: its booking's page (one path for every role, docs/decisions/0080-notifications-storage-and-words.md),
 * /account for a manager access request or answer (where restaurants answer them and managers see their restaurants),
 * or /payments for a payout (the earner's payouts list).
 */
export function notificationLink(notification: Pick<Notification, 'object_type' | 'object_id'>): string {
  if (notification.object_type === 'manager_access') return '/account';
  if (notification.object_type === 'payout') return '/payments';
  return `/bookings/${encodeURIComponent(notification.object_id)}`;
}

/** `GET me/notification-settings`: per category, in-app only or in-app and email. */
export async function fetchNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return authenticatedApi.get<NotificationSettings>('me/notification-settings', { signal });
}

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => fetchNotificationSettings(signal),
  });

/** `PUT me/notification-settings`: every category's choice; answers the stored ones. */
export async function saveNotificationSettings(settings: NotificationSettings): Promise<NotificationSettings> {
  return authenticatedApi.put<NotificationSettings>('me/notification-settings', { body: settings });
}

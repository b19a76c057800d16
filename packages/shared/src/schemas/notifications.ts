import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE } from '../constants.ts';
import type { Role } from '../roles.ts';
import { pageQuerySchema, pagedListSchema } from './common.ts';

/**
 * One notification as its recipient reads it (docs/product.md, Entities). `title` is HTML built by the server with every
 * user-provided part escaped (the web sanitises it again); both texts are in the recipient's language.
 */
/** What a notification is about: a booking, a manager's access to a restaurant (object_id: the other account), or a payout (object_id: the payout). */
export const NOTIFICATION_OBJECT_TYPES = ['booking', 'manager_access', 'payout'] as const;
export type NotificationObjectType = (typeof NOTIFICATION_OBJECT_TYPES)[number];

export const notificationSchema = z.object({
  id: z.uuid(),
  object_type: z.enum(NOTIFICATION_OBJECT_TYPES),
  /** The booking it is about (the web links to /bookings/{object_id}); for `manager_access`, the other account; for `payout`, the payout (the web opens /payments). */
  object_id: z.uuid(),
  title: z.string(),
  content: z.string(),
  /** Who caused it; null for the system's own changes (deadlines, payments). */
  user: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /v1/notification?limit&page: newest first, 10 a page unless asked. */
export const notificationListQuerySchema = pageQuerySchema.extend({ limit: pageQuerySchema.shape.limit.default(NOTIFICATIONS_PAGE_SIZE) });
export const notificationListSchema = pagedListSchema(notificationSchema);
export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET /v1/notification/unread. */
export const notificationUnreadSchema = z.object({ total: z.number().int() });

/** PUT /v1/notification/read-some. */
export const notificationReadSomeSchema = z.object({
  ids: z.array(z.uuid('validation.invalidId'), 'validation.required').min(1, 'validation.required').max(100, 'validation.tooLarge'),
});
export type NotificationReadSome = z.infer<typeof notificationReadSomeSchema>;

/** What the notification stream (GET /v1/notification/stream) sends. */
export const NOTIFICATION_EVENT_TYPES = { created: 'notification.created', updated: 'notification.updated' } as const;
/** `notification.created`: a new one (its booking in `object_id`); `notification.updated`: read or deleted elsewhere. */
export const notificationEventSchema = z.object({ id: z.uuid().nullable(), object_type: z.enum(NOTIFICATION_OBJECT_TYPES).nullable(), object_id: z.uuid().nullable() });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/**
 * The categories a user chooses emails for: booking changes and deadlines, payments and payouts,
 * ticket milestones, and manager access requests and answers.
 */
export const NOTIFICATION_CATEGORIES = ['bookings', 'payments', 'tickets', 'team'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
/**
 * The categories each role receives, so its settings offer only those: organisers and the restaurant side hear of
 * bookings and ticket sales, only restaurants and managers of manager access, and a cause only of its payouts.
 */
export const NOTIFICATION_CATEGORIES_BY_ROLE = {
  user: ['bookings', 'payments', 'tickets'],
  seller: ['bookings', 'payments', 'tickets', 'team'],
  manager: ['bookings', 'payments', 'tickets', 'team'],
  cause: ['payments'],
} as const satisfies Record<Role, readonly NotificationCategory[]>;
/** Per category: in-app only, or in-app and email (the default). */
export const NOTIFICATION_CHANNELS = ['in_app', 'in_app_and_email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS, 'validation.required');

/** GET and PUT /v1/me/notification-settings: every category's choice (PUT replaces them all). */
export const notificationSettingsSchema = z.strictObject({
  bookings: notificationChannelSchema,
  payments: notificationChannelSchema,
  tickets: notificationChannelSchema,
  team: notificationChannelSchema,
} satisfies Record<NotificationCategory, typeof notificationChannelSchema>);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

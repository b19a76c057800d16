import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_EVENT_TYPES,
  type BookingEventRecord,
  type Notification,
  type NotificationCategory,
  type NotificationEvent,
  type NotificationSettings,
  type PagedList,
} from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { BookingRow, NewNotificationRow, NotificationRow, PaymentRow, PayoutRow, RefundReason } from '../../db/schema/index.ts';
import type { Mailer } from '../../email/mailer.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/domain-errors.ts';
import type { SignedInContext } from '../../lib/service-context.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import {
  bookingNotificationKind,
  deadlineNotificationKind,
  managerAccessNotificationKind,
  paymentNotificationKind,
  payoutNotificationKind,
  REFUND_NOTIFICATION_KIND,
  renderNotification,
  type MoneyNotificationParams,
  type PayoutEvent,
  ticketNotificationKind,
  type TicketMilestone,
  type BookingNotificationParams,
  type DeadlineKind,
  type DeadlineNotificationParams,
  type ManagerAccessEvent,
} from './notification-texts.ts';
import { notificationEmail } from './notification-emails.ts';
import * as repository from './notifications.repository.ts';

/** What the notifications service works with besides the service context: the live hub that tells open streams. */
export type NotificationDeps = SignedInContext & { live: LiveHub };

/** A user's live notification topic: only the notification stream follows it. */
export const notificationTopic = (userId: string) => `notification:${userId}`;

const notificationNotFound = () => notFound('No such notification among yours', 'notifications.notFound');

const ORGANISER_ACTORS: readonly string[] = ['client', 'manager-host'];

/** The restaurant side of a booking: its seller and every manager and sub-manager running it (`restaurantTeam`). */
const restaurantSide = (row: BookingRow, restaurantTeam: readonly string[]) => (row.restaurantId ? [row.restaurantId, ...restaurantTeam] : []);

/**
 * Who hears of a booking change in-app: the other side of the person who acted (the organiser's actions go to the
 * restaurant side, the restaurant's to the organiser), both sides for the payment provider's and the system's.
 * The actor never hears of their own action (a manager hosting at a restaurant it runs is on both sides, and is
 * the actor).
 */
function bookingRecipients(change: BookingChange): string[] {
  const { row, event, actorUserId, restaurantTeam } = change;
  // A deposit paid is told by the payment's own notifications (with the amount, in the same transaction).
  if (event.action === 'deposit-paid') return [];
  const recipients = new Set<string>();
  if (!ORGANISER_ACTORS.includes(event.actor)) recipients.add(row.clientId);
  if (event.actor !== 'restaurant') for (const id of restaurantSide(row, restaurantTeam)) recipients.add(id);
  if (actorUserId) recipients.delete(actorUserId);
  return [...recipients];
}

/** Tells `userId`'s open notification streams (in `tx`: nothing is told of a rolled-back change). */
async function publishToUser(live: LiveHub, { userId, type, data, tx }: { userId: string; type: string; data: NotificationEvent; tx?: Executor }) {
  await live.publish({ topic: notificationTopic(userId), type, data }, tx);
}

/**
 * A booking change. `restaurantTeam`: the managers and sub-managers running the booking's restaurant, which the
 * caller looks up (the managers module tells this one of access requests, so this one cannot ask it).
 */
export type BookingChange = { row: BookingRow; event: BookingEventRecord; actorUserId: string | null; restaurantTeam: readonly string[] };

/** A booking's facts as a notification keeps them (the words are rendered when read, in the reader's language). */
async function bookingParams(tx: Executor, { row, reason }: { row: BookingRow; reason: string | null }): Promise<BookingNotificationParams> {
  const restaurant = row.restaurantId ? await repository.findRestaurantFacts(tx, row.restaurantId) : undefined;
  return { title: row.title, restaurant_name: restaurant?.name ?? null, date: row.date?.toISOString() ?? null, timezone: restaurant?.timezone ?? null, reason };
}

/**
 * The notifications one booking change makes (one per recipient, see `bookingRecipients`), not yet stored: the
 * facts are kept, the words are rendered when read, in the reader's language. The demo data builds its own with it.
 */
export async function bookingNotificationRows(tx: Executor, { change, createdAt }: { change: BookingChange; createdAt: Date }): Promise<NewNotificationRow[]> {
  const recipients = bookingRecipients(change);
  if (recipients.length === 0) return [];
  const params = await bookingParams(tx, { row: change.row, reason: change.event.reason });
  return recipients.map((recipientId) => ({
    recipientId,
    senderId: change.actorUserId,
    objectType: 'booking' as const,
    objectId: change.row.id,
    kind: bookingNotificationKind(change.event.action),
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
export async function notifyBookingChange(ctx: NotifyContext, { change, tx }: { change: BookingChange; tx: Executor }): Promise<void> {
  await storeAndPublish(ctx, { rows: await bookingNotificationRows(tx, { change, createdAt: ctx.clock.now() }), tx });
}

export type { TicketMilestone } from './notification-texts.ts';

/**
 * An event's ticket sales reached a milestone (first ticket, half sold, sold out, goal reached): its
 * organiser and its restaurant side hear of it from the system, in-app (titles rendered when read, user text escaped)
 * and by email unless they chose in-app only for tickets.
 */
export async function notifyTicketMilestones(ctx: MoneyNotifyContext, { tx, ...input }: { row: BookingRow; milestones: readonly TicketMilestone[]; restaurantTeam: readonly string[]; tx: Executor }): Promise<void> {
  if (input.milestones.length === 0) return;
  const params = await bookingParams(tx, { row: input.row, reason: null });
  const recipients = [...new Set([input.row.clientId, ...restaurantSide(input.row, input.restaurantTeam)])];
  const createdAt = ctx.clock.now();
  const rows = input.milestones.flatMap((milestone) =>
    recipients.map((recipientId) => ({ recipientId, senderId: null, objectType: 'booking' as const, objectId: input.row.id, kind: ticketNotificationKind(milestone), params, createdAt, email: true })),
  );
  await storeAndTell(ctx, { rows, tx, category: 'tickets' });
}

/** What telling someone needs: the live hub and the business clock (the notification's time). */
export type NotifyContext = { live: LiveHub; clock: Clock };

/** Stores notifications in `tx` and publishes each on its recipient's topic (nothing is told of a rolled-back change). */
async function storeAndPublish(ctx: NotifyContext, { rows, tx }: { rows: NewNotificationRow[]; tx: Executor }): Promise<void> {
  for (const notification of await repository.insertNotifications(tx, rows)) {
    const data: NotificationEvent = { id: notification.id, object_type: notification.objectType, object_id: notification.objectId };
    await publishToUser(ctx.live, { userId: notification.recipientId, type: NOTIFICATION_EVENT_TYPES.created, data, tx });
  }
}

/**
 * A response or deposit deadline is near (the bookings deadline pass, once per booking and deadline): the party that
 * must act hears of it, from the system. The restaurant answers a request (its seller and `restaurantTeam`); the
 * organiser pays the deposit.
 */
export async function notifyDeadlineApproaching(ctx: NotifyContext, { tx, ...input }: { row: BookingRow; deadline: DeadlineKind; dueAt: Date; restaurantTeam: readonly string[]; tx: Executor }): Promise<number> {
  const { row, deadline } = input;
  const recipients = deadline === 'response' ? restaurantSide(row, input.restaurantTeam) : [row.clientId];
  const params: DeadlineNotificationParams = { ...(await bookingParams(tx, { row, reason: null })), due_at: input.dueAt.toISOString() };
  const createdAt = ctx.clock.now();
  const rows = [...new Set(recipients)].map((recipientId) => ({
    recipientId,
    senderId: null,
    objectType: 'booking' as const,
    objectId: row.id,
    kind: deadlineNotificationKind(deadline),
    params,
    createdAt,
  }));
  await storeAndPublish(ctx, { rows, tx });
  return rows.length;
}

/**
 * A manager access request (to the restaurant: `objectId` is the manager's team) or its answer (to the team's
 * managers: `objectId` is the restaurant), sent by the person who asked or answered, naming the restaurant as its
 * profile shows it. The web opens /account.
 */
export async function notifyManagerAccess(ctx: NotifyContext, { tx, ...input }: { event: ManagerAccessEvent; recipients: readonly string[]; senderId: string; objectId: string; restaurantId: string; tx: Executor }): Promise<void> {
  const createdAt = ctx.clock.now();
  const restaurant = await repository.findRestaurantFacts(tx, input.restaurantId);
  const rows = input.recipients
    .filter((recipientId) => recipientId !== input.senderId)
    .map((recipientId) => ({
      recipientId,
      senderId: input.senderId,
      objectType: 'manager_access' as const,
      objectId: input.objectId,
      kind: managerAccessNotificationKind(input.event),
      params: { restaurant_name: restaurant?.name ?? null },
      createdAt,
    }));
  await storeAndPublish(ctx, { rows, tx });
}

// ---------------------------------------------------------------- money: payments, refunds, payouts

/** What telling of money needs besides the hub and clock: the email outbox and the web app's address (the links). */
export type MoneyNotifyContext = NotifyContext & { mailer: Pick<Mailer, 'enqueue'>; publicUrl: string };

/** Where the web opens a notification (like the web's `notificationLink`): its booking, or the payments page for a payout. */
const notificationPath = (row: Pick<NewNotificationRow, 'objectType' | 'objectId'>) => (row.objectType === 'payout' ? '/payments' : `/bookings/${row.objectId}`);

/**
 * Stores and publishes notifications and, for those marked `email` whose recipient keeps emails for their `category`
 * (payments or tickets; their choice on /account, everyone by default), queues the notification as an email in their
 * language, all in `tx`.
 */
async function storeAndTell(ctx: MoneyNotifyContext, { rows, tx, category = 'payments' }: { rows: (NewNotificationRow & { email: boolean })[]; tx: Executor; category?: NotificationCategory }): Promise<void> {
  await storeAndPublish(ctx, { rows: rows.map(({ email: _email, ...row }) => row), tx });
  for (const row of rows) {
    if (!row.email || !(await wantsNotificationEmail(tx, { userId: row.recipientId, category }))) continue;
    const recipient = await repository.findEmailRecipient(tx, row.recipientId);
    if (!recipient) continue;
    const sender = row.senderId ? await repository.findSenderName(tx, row.senderId) : null;
    const { title, content } = renderNotification({ kind: row.kind, params: row.params, sender, language: recipient.language });
    const link = `${ctx.publicUrl}${notificationPath(row)}`;
    await ctx.mailer.enqueue(notificationEmail({ to: recipient.email, firstName: recipient.firstName, language: recipient.language, titleHtml: title, content, link }), tx);
  }
}

/** The booking's facts and the money's, as a money notification keeps them. */
async function moneyParams(tx: Executor, { bookingId, money }: { bookingId: string; money: Omit<MoneyNotificationParams, keyof BookingNotificationParams> }): Promise<{ booking: BookingRow; params: MoneyNotificationParams }> {
  const booking = await repository.findBooking(tx, bookingId);
  if (!booking) throw new Error(`Booking ${bookingId} of a money notification does not exist`);
  return { booking, params: { ...(await bookingParams(tx, { row: booking, reason: null })), ...money } };
}

/**
 * A payment's outcome. Succeeded: the restaurant side (seller, managers and sub-managers running it; `restaurantTeam`)
 * hears that the payer paid (`payment.received`, from the payer, by email too), except whoever acted (the team member
 * who marked a transfer received); the payer gets a confirmation (`payment.succeeded`; its email is the receipt,
 * which the payments module sends). Failed: the payer hears why (`payment.failed`, by email too).
 */
export type PaymentNotice = {
  /** A booking's own payment by its client: tickets and donations are told otherwise (milestones, receipts). */
  payment: Pick<PaymentRow, 'type' | 'amount' | 'currency' | 'failureCode' | 'failureMessage'> & { bookingId: string; payerId: string };
  outcome: 'succeeded' | 'failed';
  /** Whether this payment confirmed the booking (a deposit or total fee paid while it was ACCEPTED). */
  confirmed: boolean;
  restaurantTeam: readonly string[];
  actorUserId: string | null;
};

/** The notifications of a payment's outcome, not yet stored (the demo data builds its own with it). */
export async function paymentNotificationRows(tx: Executor, { notice, createdAt }: { notice: PaymentNotice; createdAt: Date }): Promise<(NewNotificationRow & { email: boolean })[]> {
  const { payment } = notice;
  const { booking, params } = await moneyParams(tx, { bookingId: payment.bookingId, money: {
    amount: String(payment.amount),
    currency: payment.currency,
    payment_type: payment.type,
    confirmed: notice.confirmed ? 'yes' : null,
    failure_code: notice.outcome === 'failed' ? payment.failureCode : null,
    failure_message: notice.outcome === 'failed' ? payment.failureMessage : null,
  } });
  const common = { objectType: 'booking' as const, objectId: booking.id, params, createdAt };
  if (notice.outcome === 'failed') return [{ ...common, recipientId: payment.payerId, senderId: null, kind: paymentNotificationKind('failed'), email: true }];
  const restaurant = new Set(restaurantSide(booking, notice.restaurantTeam));
  restaurant.delete(payment.payerId);
  if (notice.actorUserId) restaurant.delete(notice.actorUserId);
  return [
    { ...common, recipientId: payment.payerId, senderId: null, kind: paymentNotificationKind('succeeded'), email: false },
    ...[...restaurant].map((recipientId) => ({ ...common, recipientId, senderId: payment.payerId, kind: paymentNotificationKind('received'), email: true })),
  ];
}

/** Tells of a payment's outcome in the transaction that records it (see `PaymentNotice`). */
export async function notifyPayment(ctx: MoneyNotifyContext, { notice, tx }: { notice: PaymentNotice; tx: Executor }): Promise<void> {
  await storeAndTell(ctx, { rows: await paymentNotificationRows(tx, { notice, createdAt: ctx.clock.now() }), tx });
}

/** A refund of a booking's prepayments (its total, once per refund event): to the client, from GoodTable. */
export type RefundNotice = { bookingId: string; clientId: string; amount: number; currency: string; reason: RefundReason };

export async function refundNotificationRows(tx: Executor, { notice, createdAt }: { notice: RefundNotice; createdAt: Date }): Promise<NewNotificationRow[]> {
  const { booking, params } = await moneyParams(tx, { bookingId: notice.bookingId, money: { amount: String(notice.amount), currency: notice.currency, refund_reason: notice.reason } });
  return [{ recipientId: notice.clientId, senderId: null, objectType: 'booking', objectId: booking.id, kind: REFUND_NOTIFICATION_KIND, params, createdAt }];
}

/** Tells the client of a refund, in its transaction (the refund email, sent by the payments module, is its email). */
export async function notifyRefund(ctx: NotifyContext, { notice, tx }: { notice: RefundNotice; tx: Executor }): Promise<void> {
  await storeAndPublish(ctx, { rows: await refundNotificationRows(tx, { notice, createdAt: ctx.clock.now() }), tx });
}

/**
 * A payout paid, or failed for good after its retries: to the earner (restaurant seller or cause owner), from
 * GoodTable, by email too. It covers a balance, not one booking: `object_type` `payout` (the web opens /payments).
 */
export function payoutNotificationRows({ payout, event, createdAt }: { payout: Pick<PayoutRow, 'id' | 'ownerId' | 'amount' | 'currency'>; event: PayoutEvent; createdAt: Date }): (NewNotificationRow & { email: boolean })[] {
  const params: MoneyNotificationParams = { amount: String(payout.amount), currency: payout.currency };
  return [{ recipientId: payout.ownerId, senderId: null, objectType: 'payout', objectId: payout.id, kind: payoutNotificationKind(event), params, createdAt, email: true }];
}

export async function notifyPayout(ctx: MoneyNotifyContext, { payout, event, tx }: { payout: Pick<PayoutRow, 'id' | 'ownerId' | 'amount' | 'currency'>; event: PayoutEvent; tx: Executor }): Promise<void> {
  await storeAndTell(ctx, { rows: payoutNotificationRows({ payout, event, createdAt: ctx.clock.now() }), tx });
}

// ---------------------------------------------------------------- email settings

const DEFAULT_CHANNEL = 'in_app_and_email';

/** GET /v1/me/notification-settings: every category, the default (in-app and email) where none was chosen. */
export async function getNotificationSettings(deps: SignedInContext): Promise<NotificationSettings> {
  const stored = new Map((await repository.listEmailSettings(deps.db, deps.viewer.id)).map((row) => [row.category, row.email]));
  const entries = NOTIFICATION_CATEGORIES.map((category) => {
    const email = stored.get(category);
    return [category, email === undefined ? DEFAULT_CHANNEL : email ? 'in_app_and_email' : 'in_app'] as const;
  });
  return Object.fromEntries(entries) as NotificationSettings;
}

/** PUT /v1/me/notification-settings: every category's choice, stored at once. */
export async function updateNotificationSettings(deps: SignedInContext, input: NotificationSettings): Promise<NotificationSettings> {
  const rows = NOTIFICATION_CATEGORIES.map((category) => ({ userId: deps.viewer.id, category, email: input[category] === 'in_app_and_email' }));
  await repository.upsertEmailSettings(deps.db, rows);
  return getNotificationSettings(deps);
}

/** Whether `userId` wants emails of `category` (the modules that send notification emails ask before queueing one). */
export async function wantsNotificationEmail(db: Executor, { userId, category }: { userId: string; category: NotificationCategory }): Promise<boolean> {
  return (await repository.findEmailSetting(db, { userId, category })) ?? true;
}

function present({ row, sender, language }: { row: NotificationRow; sender: { firstName: string; lastName: string } | null; language: 'en' | 'vn' }): Notification {
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
  const { rows, total } = await repository.listNotifications(db, { recipientId: viewer.id, page: query });
  const language = await repository.findUserLanguage(db, viewer.id);
  return {
    data: rows.map(({ notification, sender }) => present({ row: notification, sender, language })),
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
const publishUpdated = (deps: NotificationDeps, { tx, id }: { tx: Executor; id: string | null }) =>
  publishToUser(deps.live, { userId: deps.viewer.id, type: NOTIFICATION_EVENT_TYPES.updated, data: { id, object_type: null, object_id: null }, tx });

/** PUT /v1/notification: every one of the viewer's read. */
export async function markAllNotificationsRead(deps: NotificationDeps): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if ((await repository.markRead(tx, { recipientId: deps.viewer.id })) > 0) await publishUpdated(deps, { tx, id: null });
  });
}

/** PUT /v1/notification/read-some: these read; 404 (nothing changed) when one of them is not the viewer's. */
export async function markNotificationsRead(deps: NotificationDeps, ids: readonly string[]): Promise<void> {
  const wanted = [...new Set(ids)];
  await deps.db.transaction(async (tx) => {
    if ((await repository.findOwnIds(tx, { recipientId: deps.viewer.id, ids: wanted })).length !== wanted.length) throw notificationNotFound();
    if ((await repository.markRead(tx, { recipientId: deps.viewer.id, ids: wanted })) > 0) await publishUpdated(deps, { tx, id: wanted.length === 1 ? wanted[0]! : null });
  });
}

/** DELETE /v1/notification/{id}: the viewer's own only (404 otherwise). */
export async function deleteNotification(deps: NotificationDeps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await repository.deleteNotification(tx, { recipientId: deps.viewer.id, id }))) throw notificationNotFound();
    await publishUpdated(deps, { tx, id });
  });
}

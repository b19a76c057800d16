import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  idParamSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationReadSomeSchema,
  notificationSettingsSchema,
  notificationUnreadSchema,
} from '@goodtable/shared';
import { registerLiveStream } from '../../live/live-stream.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { signedInContext } from '../../plugins/request-context.ts';
import {
  countUnreadNotifications,
  deleteNotification,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
  notificationTopic,
  updateNotificationSettings,
} from './notifications.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const bearer = [{ bearerAuth: [] }];
const tags = ['notifications'];

/** In-app notifications (docs/product.md, API calls): the viewer's own only; others' ids answer 404. */
export async function notificationsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest) => signedInContext(request, { live: app.live });

  routes.get('/notification/unread', {
    preHandler: requireAuth,
    schema: { tags, summary: "How many of the viewer's notifications are unread", security: bearer, response: { 200: notificationUnreadSchema, ...errors } },
    handler: async (request) => countUnreadNotifications(deps(request)),
  });

  routes.get('/notification', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: "The viewer's notifications, newest first (10 a page unless `limit`), title (HTML) and content in the viewer's language",
      security: bearer,
      querystring: notificationListQuerySchema,
      response: { 200: notificationListSchema, ...errors },
    },
    handler: async (request) => listNotifications(deps(request), request.query),
  });

  routes.put('/notification', {
    preHandler: requireAuth,
    schema: { tags, summary: "Mark all of the viewer's notifications read", security: bearer, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await markAllNotificationsRead(deps(request));
      return reply.code(204).send(null);
    },
  });

  routes.put('/notification/read-some', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: 'Mark these notifications read (`ids`, the viewer’s own: one that is not answers 404 and nothing changes)',
      security: bearer,
      body: notificationReadSomeSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await markNotificationsRead(deps(request), request.body.ids);
      return reply.code(204).send(null);
    },
  });

  routes.delete('/notification/:id', {
    preHandler: requireAuth,
    schema: { tags, summary: 'Delete one of the viewer’s notifications', security: bearer, params: idParamSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteNotification(deps(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.get('/me/notification-settings', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: 'The viewer’s email choice per notification category: in-app only, or in-app and email (the default)',
      security: bearer,
      response: { 200: notificationSettingsSchema, ...errors },
    },
    handler: async (request) => getNotificationSettings(deps(request)),
  });

  routes.put('/me/notification-settings', {
    preHandler: requireAuth,
    schema: {
      tags,
      summary: 'Choose, for every category, in-app only or in-app and email; answers the stored choices',
      security: bearer,
      body: notificationSettingsSchema,
      response: { 200: notificationSettingsSchema, ...errors },
    },
    handler: async (request) => updateNotificationSettings(deps(request), request.body),
  });

  registerLiveStream(app, {
    url: '/notification/stream',
    tags,
    summary: "The viewer's notifications as they happen (Server-Sent Events): `notification.created` naming `id` and `object_id`, `notification.updated` when read or deleted elsewhere",
    topics: ({ viewer }) => [notificationTopic(viewer.id)],
  });
}

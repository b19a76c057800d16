import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, eventIdParamSchema, publicEventDetailSchema } from '@goodtable/shared';
import { publicUrl } from '../../config/env.ts';
import { streamEvents } from '../../live/live-stream.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { CALENDAR_CONTENT_TYPE } from '../bookings/bookings.service.ts';
import { EVENT_PROGRESS_TYPE, eventTopic, getEventCalendar, getEventProgress, getPublicEvent, type CauseShareReader } from './events.service.ts';

const tags = ['events'];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/**
 * A confirmed booking's public side: its share page's data (also once it ended), live progress and
 * calendar file. No account needed. `causeShare` is the payments module's (app.ts hands it in).
 */
export async function eventsRoutes(app: FastifyInstance, options: { causeShare: CauseShareReader }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => requestContext(request, { storage: app.storage, publicUrl: publicUrl(app.config), mailFrom: app.config.MAIL_FROM, causeShare: options.causeShare });

  routes.get('/events/:id', {
    schema: {
      tags,
      summary: 'An event (a booking that was confirmed) as its public share page shows it, selling or ended, with what it raised for its cause; 404 for a draft, a request or one cancelled before it was confirmed',
      params: eventIdParamSchema,
      response: { 200: publicEventDetailSchema, ...errors },
    },
    handler: async (request) => getPublicEvent(context(request), request.params.id),
  });

  routes.get('/events/:id/stream', {
    schema: {
      tags,
      summary: "A confirmed event's progress as it changes (Server-Sent Events): `event.progress` frames of `{tickets_left, raised}`, the current one first",
      description: 'A text/event-stream. `raised` is what the cause receives (`raised_for_cause` of the event), never the gross sales. Send `Last-Event-ID` to replay the changes missed since that id (kept a day).',
      params: eventIdParamSchema,
      response: errors,
    },
    handler: async (request, reply) => {
      const id = request.params.id;
      // 404 before the stream starts, while the answer can still be an error.
      await getEventProgress(context(request), id);
      await streamEvents({
        request,
        reply,
        hub: app.live,
        topics: [eventTopic(id)],
        heartbeatMs: app.config.LIVE_HEARTBEAT_MS,
        first: async () => ({ type: EVENT_PROGRESS_TYPE, data: await getEventProgress(context(request), id) }),
      });
    },
  });

  routes.get('/events/:id/calendar.ics', {
    schema: { tags, summary: 'A confirmed event as a calendar file ("Add to calendar", RFC 5545 PUBLISH)', params: eventIdParamSchema, response: { 200: z.string(), ...errors } },
    handler: async (request, reply) => {
      const ics = await getEventCalendar(context(request), request.params.id);
      return reply.type(CALENDAR_CONTENT_TYPE).header('content-disposition', 'attachment; filename="event.ics"').send(ics);
    },
  });
}

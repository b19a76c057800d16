import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, liveTicketSchema } from '@goodtable/shared';
import { requireAuth, signedInViewer } from '../plugins/auth.ts';
import { issueLiveTicket } from './live-tickets.repository.ts';
import { registerLiveStream } from './live-stream.ts';

/** The live-updates API: stream tickets, and the viewer's own stream (topic `user:<id>`). */
export async function liveRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/live/tickets', {
    preHandler: requireAuth,
    schema: {
      tags: ['live'],
      summary: 'A single-use ticket (valid 60 s) that opens one live stream with ?ticket=, for browsers using EventSource',
      security: [{ bearerAuth: [] }],
      response: { 201: liveTicketSchema, 401: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const viewer = signedInViewer(request);
      const { ticket, expiresAt } = await issueLiveTicket(app.db, { userId: viewer.id, sessionId: viewer.sessionId, now: app.clock.now() });
      return reply.code(201).send({ ticket, expires_at: expiresAt.toISOString() });
    },
  });

  registerLiveStream(app, {
    url: '/live/stream',
    tags: ['live'],
    summary: "The signed-in viewer's live events (topic user:<id>) as Server-Sent Events",
    topics: ({ viewer }) => [`user:${viewer.id}`],
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, liveStreamQuerySchema } from '@goodtable/shared';
import type { Viewer } from '../lib/service-context.ts';
import { notSignedIn } from '../lib/domain-errors.ts';
import { findLiveSessionById } from '../modules/accounts/accounts.service.ts';
import type { LiveEvent, LiveHub } from './live-hub.ts';
import { consumeLiveTicket } from './live-tickets.repository.ts';

/** How long browsers wait before reconnecting a dropped stream (the SSE `retry:` field). */
const RETRY_MS = 3000;

function lastEventId(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

const frame = (event: LiveEvent) => `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * Turns the reply into a `text/event-stream` of the events on `topics`: first those stored after the request's
 * `Last-Event-ID` (a resume), then live ones from any instance, with a comment line every `heartbeatMs` so proxies
 * keep the connection. Everything is released when the client goes away (or the server closes).
 */
export async function streamEvents({
  request,
  reply,
  ...options
}: {
  request: FastifyRequest;
  reply: FastifyReply;
  hub: LiveHub;
  topics: readonly string[];
  heartbeatMs: number;
  /**
   * A frame (without an id) sent first: the current state, read after subscribing so no change falls between it
   * and the live events (a public event's progress).
   */
  first?: () => Promise<Omit<LiveEvent, 'id' | 'topic'>>;
}): Promise<void> {
  const { hub, topics } = options;
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write(`retry: ${RETRY_MS}\n\n`);

  let replaying = true;
  const heldBack: LiveEvent[] = [];
  const send = (event: LiveEvent) => {
    if (!ended) response.write(frame(event));
  };
  let ended = false;
  // Subscribe before reading the stored events, holding live ones back, so nothing falls between the two.
  const unsubscribe = hub.subscribe(topics, (event) => (replaying ? heldBack.push(event) : send(event)));
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), options.heartbeatMs);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
    response.end();
  };
  const untrack = hub.trackStream(end);
  response.on('close', end);
  // A client that left before the stream was set up sends no 'close' any more: release at once.
  if (response.destroyed) end();

  const replayed = new Set<number>();
  try {
    if (options.first) {
      const current = await options.first();
      if (!ended) response.write(`event: ${current.type}\ndata: ${JSON.stringify(current.data)}\n\n`);
    }
    const resumeFrom = lastEventId(request);
    for (const event of resumeFrom === undefined ? [] : await hub.replay(topics, resumeFrom)) {
      replayed.add(event.id);
      send(event);
    }
  } catch (error) {
    request.log.error({ err: error }, 'live stream replay failed');
  }
  replaying = false;
  for (const event of heldBack.splice(0)) if (!replayed.has(event.id)) send(event);
}

/** Who may open a stream and on which topics; throw `forbidden()` to refuse. */
export type LiveTopicsOf = (input: { viewer: Viewer; request: FastifyRequest }) => readonly string[] | Promise<readonly string[]>;

/**
 * Registers a signed-in live stream at `url`. It accepts the usual `Authorization: Bearer` header (the web's
 * fetch-based event source sends it) or `?ticket=` from POST /v1/live/tickets (single use, for EventSource), so a
 * session token never appears in a URL that logs keep. The route supplies which topics the viewer may follow.
 */
export function registerLiveStream(app: FastifyInstance, options: { url: string; tags: string[]; summary: string; topics: LiveTopicsOf }): void {
  app.withTypeProvider<ZodTypeProvider>().get(options.url, {
    schema: {
      tags: options.tags,
      summary: options.summary,
      description:
        'A text/event-stream (Server-Sent Events). Send `Last-Event-ID` to replay the events missed since that id (kept a day). ' +
        'Authenticate with the bearer header or a ticket from POST /v1/live/tickets.',
      security: [{ bearerAuth: [] }],
      querystring: liveStreamQuerySchema,
      response: { 401: apiErrorSchema, 403: apiErrorSchema },
    },
    handler: async (request, reply) => {
      const viewer = request.query.ticket ? await viewerOfTicket(app, request.query.ticket) : request.viewer;
      if (!viewer) throw notSignedIn();
      const topics = await options.topics({ viewer, request });
      await streamEvents({ request, reply, hub: app.live, topics, heartbeatMs: app.config.LIVE_HEARTBEAT_MS });
    },
  });
}

async function viewerOfTicket(app: FastifyInstance, ticket: string): Promise<Viewer | null> {
  const now = app.clock.now();
  const used = await consumeLiveTicket(app.db, { ticket, now });
  if (!used) return null;
  // The session that asked for the ticket must still be live (not signed out or expired since).
  const session = await findLiveSessionById(app.db, { sessionId: used.sessionId, now });
  if (!session) return null;
  return { id: session.userId, role: session.role, parentUserId: session.parentUserId, sessionId: session.sessionId, signedInAt: session.signedInAt, teamClosed: session.teamClosed };
}

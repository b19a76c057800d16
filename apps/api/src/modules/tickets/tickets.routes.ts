import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  attendeeListSchema,
  checkoutIdParamSchema,
  eventIdParamSchema,
  idempotencyKeySchema,
  idParamSchema,
  issuedTicketSchema,
  ticketCheckInSchema,
  ticketCheckoutCreateSchema,
  ticketCheckoutSchema,
  ticketOrderSchema,
  waitlistJoinSchema,
} from '@goodtable/shared';
import { publicUrl } from '../../config/env.ts';
import { EMAIL_MAX_ATTEMPTS } from '../../email/mailer.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { fastSerializerCompiler } from '../../plugins/fast-serializer.ts';
import { signedInContext } from '../../plugins/request-context.ts';
import { checkInTicket, attendeesCsvOfBooking } from './ticket-check-in.ts';
import { createTicketCheckout, getTicketOrder, joinWaitlist, listAttendees, RELEASE_HOLD_JOB, releaseExpiredHold, sendTicketsEmail, TICKETS_EMAIL_JOB, type TicketDeps } from './tickets.ts';

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    'tickets.release-hold': { checkout_id: string };
    'tickets.send-email': { checkout_id: string };
  }
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const optionalKeyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

/** The buyer's language for the emails: Vietnamese when the browser asks for it first, else English. */
export function buyerLanguage(request: FastifyRequest): 'en' | 'vn' {
  const header = request.headers['accept-language'];
  return typeof header === 'string' && /^\s*(vi|vn)\b/i.test(header) ? 'vn' : 'en';
}

/** Ticket checkout as a guest, the buyer's tickets page, the waiting list and check-in. */
export async function ticketRoutes(app: FastifyInstance, options: Pick<TicketDeps, 'payments' | 'causeShare'>) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: Omit<TicketDeps, 'db' | 'clock'> = {
    jobs: app.jobs,
    live: app.live,
    mailer: app.mailer,
    email: { publicUrl: publicUrl(app.config), mailFrom: app.config.MAIL_FROM },
    ...options,
  };
  const system = (): TicketDeps => ({ ...deps, db: app.db, clock: app.clock });

  app.jobs.define(RELEASE_HOLD_JOB, {
    schema: z.object({ checkout_id: z.uuid() }),
    handle: async ({ db, clock, payload }) => releaseExpiredHold({ ...deps, db, clock }, payload.checkout_id),
  });
  // Delivery is outside the database (SMTP), like every email: retried up to six times, so at least once.
  app.jobs.define(TICKETS_EMAIL_JOB, {
    schema: z.object({ checkout_id: z.uuid() }),
    transactional: false,
    maxAttempts: EMAIL_MAX_ATTEMPTS,
    handle: async ({ db, clock, payload }) => sendTicketsEmail({ ...deps, db, clock }, payload.checkout_id),
  });

  routes.post('/events/:id/checkouts', {
    // The rush's hottest calls (a popular event's buyers, most of them refused once it sells out): serialised by
    // fast-json-stringify (docs/decisions/0094-fast-serialisation-of-hot-paths.md).
    serializerCompiler: fastSerializerCompiler({ verify: app.config.NODE_ENV === 'test' }),
    schema: {
      tags: ['tickets'],
      summary:
        'Buy tickets for a confirmed event without an account: holds them for 15 minutes and registers the card payment of the server’s amount (409 when not enough are left). Confirm with POST /payments/{payment.id}/confirm.',
      params: eventIdParamSchema,
      headers: optionalKeyHeaders,
      body: ticketCheckoutCreateSchema,
      response: { 201: ticketCheckoutSchema, ...errors },
    },
    handler: async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const checkout = await createTicketCheckout(system(), { eventId: request.params.id, input: request.body, language: buyerLanguage(request), ...(key ? { idempotencyKey: key } : {}) });
      return reply.code(201).send(checkout);
    },
  });

  routes.get('/checkouts/:id', {
    schema: {
      tags: ['tickets'],
      summary: 'A ticket checkout and, once paid, its tickets (the buyer’s tickets page; its id is the unguessable link)',
      params: checkoutIdParamSchema,
      response: { 200: ticketOrderSchema, ...errors },
    },
    handler: async (request) => getTicketOrder({ db: app.db, payments: deps.payments }, request.params.id),
  });

  routes.post('/events/:id/waitlist', {
    schema: {
      tags: ['tickets'],
      summary: 'Join a confirmed event’s waiting list (an address once): seats that come back are offered in order by email',
      params: eventIdParamSchema,
      body: waitlistJoinSchema,
      response: { 202: z.object({ status: z.literal('waiting') }), ...errors },
    },
    handler: async (request, reply) => {
      await joinWaitlist(system(), { eventId: request.params.id, email: request.body.email, language: buyerLanguage(request) });
      return reply.code(202).send({ status: 'waiting' as const });
    },
  });

  routes.get('/bookings/:id/attendees', {
    preHandler: requireAuth,
    schema: {
      tags: ['tickets'],
      summary: 'The attendees of a booking (its restaurant side and client; the cause 403, strangers 404)',
      security: [{ bearerAuth: [] }],
      params: idParamSchema,
      response: { 200: attendeeListSchema, ...errors },
    },
    handler: async (request) => listAttendees(signedInContext(request), request.params.id),
  });

  routes.get('/bookings/:id/attendees.csv', {
    preHandler: requireAuth,
    schema: {
      tags: ['tickets'],
      summary: 'The attendees of a booking as CSV (as GET /bookings/{id}/attendees)',
      security: [{ bearerAuth: [] }],
      params: idParamSchema,
      response: { 200: z.string(), ...errors },
    },
    handler: async (request, reply) => {
      const csv = await attendeesCsvOfBooking(signedInContext(request), request.params.id);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="attendees.csv"').send(csv);
    },
  });

  routes.post('/bookings/:id/check-ins', {
    preHandler: requireAuth,
    schema: {
      tags: ['tickets'],
      summary:
        'Check a ticket in by its code (the restaurant side, on the event day). An unknown code or another event’s is 404; a ticket checked in before is 409 naming who and when.',
      security: [{ bearerAuth: [] }],
      params: idParamSchema,
      body: ticketCheckInSchema,
      response: { 200: issuedTicketSchema, ...errors },
    },
    handler: async (request) => checkInTicket(signedInContext(request), { bookingId: request.params.id, code: request.body.code }),
  });
}

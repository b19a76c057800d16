import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  BOOKING_DECLINE_REASONS,
  bookingActionBodySchema,
  bookingActionParamSchema,
  bookingConfirmCompleteSchema,
  bookingExpectedChargeSchema,
  bookingCreateSchema,
  bookingDateSchema,
  bookingDeclineSchema,
  bookingEventListSchema,
  bookingGuestPreferencesInputSchema,
  bookingListQuerySchema,
  bookingListSchema,
  bookingOptionsSchema,
  bookingSchema,
  bookingSummaryQuerySchema,
  bookingSummarySchema,
  bookingTimeSchema,
  bookingUpdateSchema,
  idParamSchema,
  settlementPreviewSchema,
  type BookingPartyAction,
} from '@goodtable/shared';
import { publicUrl } from '../../config/env.ts';
import { DomainError } from '../../lib/domain-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { fastSerializerCompiler } from '../../plugins/fast-serializer.ts';
import { signedInContext } from '../../plugins/request-context.ts';
import { defineBookingJobs } from './bookings.jobs.ts';
import {
  applyBookingAction,
  bookingRulesOf,
  bookingSummary,
  createBooking,
  deleteBooking,
  getBooking,
  getBookingOptions,
  listBookingEvents,
  listUserBookings,
  rebookBooking,
  setGuestPreferences,
  updateBooking,
  type BookingVersion,
} from './bookings.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const bearer = [{ bearerAuth: [] }];
const VERSION_NOTE =
  ' A body `updated_at` (or `expected_updated_at`, the same) or an `If-Unmodified-Since` header (ISO 8601, or an HTTP date) older than the booking answers 409.';

/**
 * Every action's body in one document shape: `reason` for decline, `date` for suggest-time and change-time,
 * `expected_charge` for confirm-complete (the settlement preview's `client_charge` the organiser was shown).
 */
const actionBodyDocSchema = z
  .object({
    reason: z.enum(BOOKING_DECLINE_REASONS).optional(),
    date: bookingDateSchema.optional(),
    expected_charge: bookingExpectedChargeSchema.optional(),
    updated_at: bookingTimeSchema.shape.updated_at,
    expected_updated_at: bookingTimeSchema.shape.expected_updated_at,
  })
  .nullish();

/** A 409 of confirm-complete whose `expected_charge` is missing or not the charge now carries the settlement preview now. */
const actionConflictSchema = apiErrorSchema.extend({ preview: settlementPreviewSchema.optional() });

const OPTIONAL_BODIES: readonly unknown[] = [bookingActionBodySchema, bookingConfirmCompleteSchema];

/** The body each action takes (validated here so a wrong field is a 400 naming it, like every other route). */
function actionBody(action: BookingPartyAction, body: unknown): { reason?: string; date?: string; expected_charge?: number } & BodyVersion {
  const schema =
    action === 'decline'
      ? bookingDeclineSchema
      : action === 'suggest-time' || action === 'change-time'
        ? bookingTimeSchema
        : action === 'confirm-complete'
          ? bookingConfirmCompleteSchema
          : bookingActionBodySchema;
  const parsed = schema.safeParse(body ?? (OPTIONAL_BODIES.includes(schema) ? undefined : {}));
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
    throw new DomainError('invalid', { message: `Invalid ${details[0]!.field}: ${details[0]!.message}`, code: 'validation.failed', details });
  }
  return parsed.data ?? {};
}

type BodyVersion = { updated_at?: string; expected_updated_at?: string };

/** The version the caller saw: the body's `updated_at` / `expected_updated_at` and the `If-Unmodified-Since` header. */
const versionOf = (request: FastifyRequest, body: BodyVersion = {}): BookingVersion => ({
  updatedAt: body.updated_at,
  expectedUpdatedAt: body.expected_updated_at,
  ifUnmodifiedSince: typeof request.headers['if-unmodified-since'] === 'string' ? request.headers['if-unmodified-since'] : undefined,
});

/** The deadlines this deployment runs with (BOOKING_* settings): the service's, kept here for the tests' kit. */
export { bookingRulesOf };

/** Bookings: drafts, the lifecycle's actions, guest preferences, rebook, timelines, lists and their summary. */
export async function bookingsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rules = bookingRulesOf(app.config);
  const email = { publicUrl: publicUrl(app.config), mailFrom: app.config.MAIL_FROM };
  const moduleDeps = { jobs: app.jobs, mailer: app.mailer, live: app.live, rules, email, transitions: app.bookingTransitions };
  const system = { db: app.db, clock: app.clock, ...moduleDeps };
  const deps = (request: FastifyRequest) => signedInContext(request, moduleDeps);
  defineBookingJobs(app.jobs, system);

  routes.post('/bookings', {
    preHandler: requireAuth,
    schema: {
      tags: ['bookings'],
      summary: 'Start a booking as a draft (guests and managers; any field may still be missing: submit checks completeness)',
      security: bearer,
      body: bookingCreateSchema,
      response: { 201: bookingSchema, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await createBooking(deps(request), request.body)),
  });

  routes.get('/bookings/:id', {
    preHandler: requireAuth,
    schema: {
      tags: ['bookings'],
      summary: "A booking as the viewer sees it (its label and allowed actions); parties only, others 404",
      security: bearer,
      params: idParamSchema,
      response: { 200: bookingSchema, ...errors },
    },
    handler: async (request) => getBooking(deps(request), request.params.id),
  });

  routes.put('/bookings/:id', {
    preHandler: requireAuth,
    schema: {
      tags: ['bookings'],
      summary: `Edit a DRAFT, or a PENDING request before the restaurant answers (the organiser; only the fields sent change).${VERSION_NOTE}`,
      security: bearer,
      params: idParamSchema,
      body: bookingUpdateSchema,
      response: { 200: bookingSchema, ...errors },
    },
    handler: async (request) => updateBooking(deps(request), { id: request.params.id, input: request.body, version: versionOf(request, request.body) }),
  });

  routes.delete('/bookings/:id', {
    preHandler: requireAuth,
    schema: {
      tags: ['bookings'],
      summary: `Delete a DRAFT (the organiser).${VERSION_NOTE}`,
      security: bearer,
      params: idParamSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await deleteBooking(deps(request), { id: request.params.id, version: versionOf(request) });
      return reply.code(204).send(null);
    },
  });

  routes.get('/bookings/:id/events', {
    preHandler: requireAuth,
    schema: {
      tags: ['bookings'],
      summary: "A booking's timeline, oldest first (who changed what, when and why); parties only",
      security: bearer,
      params: idParamSchema,
      response: { 200: bookingEventListSchema, ...errors },
    },
    handler: async (request) => listBookingEvents(deps(request), request.params.id),
  });

  routes.put('/bookings/:id/guest-preferences', {
    preHandler: requireAuth,
    schema: {
      tags: ['bookings'],
      summary: `Set the guests' dietary needs (with counts), seating, accessibility, arrival time and notes (the organiser, until the event starts).${VERSION_NOTE}`,
      security: bearer,
      params: idParamSchema,
      body: bookingGuestPreferencesInputSchema,
      response: { 200: bookingSchema, ...errors },
    },
    handler: async (request) => setGuestPreferences(deps(request), { id: request.params.id, input: request.body, version: versionOf(request, request.body) }),
  });

  routes.post('/bookings/:id/rebook', {
    preHandler: requireAuth,
    schema: {
      tags: ['bookings'],
      summary: 'A new draft copied from a cancelled (without suggestion), incomplete or completed booking, without its date (the organiser)',
      security: bearer,
      params: idParamSchema,
      response: { 201: bookingSchema, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await rebookBooking(deps(request), request.params.id)),
  });

  routes.post('/bookings/:id/:action', {
    preHandler: requireAuth,
    schema: {
      tags: ['bookings'],
      summary:
        'Take a lifecycle action: submit, accept, decline ({reason}), suggest-time ({date}), accept-suggestion, decline-suggestion, change-time ({date}), ' +
        `cancel, mark-complete, confirm-complete ({expected_charge}), mark-unsatisfactory. 403 when never the viewer's to take, 409 when not possible now (the message says why). ` +
        'confirm-complete: when the settlement charges the client more than 0 and `expected_charge` is missing or not that charge now, 409 `bookings.chargeChanged` with `preview` (GET …/settlement-preview now) and nothing changes.' +
        VERSION_NOTE,
      security: bearer,
      params: bookingActionParamSchema,
      body: actionBodyDocSchema,
      response: { 200: bookingSchema, ...errors, 409: actionConflictSchema },
    },
    handler: async (request) => {
      const { action, id } = request.params;
      const body = actionBody(action, request.body);
      const { updated_at: _seen, expected_updated_at: _expected, ...input } = body;
      return applyBookingAction(deps(request), { id, action, input, version: versionOf(request, body) });
    },
  });

  routes.get('/users/:id/bookings', {
    preHandler: requireAuth,
    // A hot read path: serialised by fast-json-stringify (docs/decisions/0094-fast-serialisation-of-hot-paths.md).
    serializerCompiler: fastSerializerCompiler({ verify: app.config.NODE_ENV === 'test' }),
    schema: {
      tags: ['bookings'],
      summary:
        "The viewer's bookings (`{id}` is the viewer: as client, restaurant side or cause): status filter, search by title, restaurant or cause, " +
        'sort Latest or Event Date, paging; `restaurant_id` one restaurant it runs, `needs_action=true` only what waits for it',
      security: bearer,
      params: idParamSchema,
      querystring: bookingListQuerySchema,
      response: { 200: bookingListSchema, ...errors },
    },
    handler: async (request) => listUserBookings(deps(request), { userId: request.params.id, query: request.query }),
  });

  routes.get('/users/:id/bookings/summary', {
    preHandler: requireAuth,
    schema: {
      tags: ['bookings'],
      summary: "The viewer's bookings counted per dashboard group, and how many wait for its action (`restaurant_id`: one restaurant it runs)",
      security: bearer,
      params: idParamSchema,
      querystring: bookingSummaryQuerySchema,
      response: { 200: bookingSummarySchema, ...errors },
    },
    handler: async (request) => bookingSummary(deps(request), { userId: request.params.id, query: request.query }),
  });

  routes.get('/restaurants/:id/booking-options', {
    preHandler: requireAuth,
    schema: {
      tags: ['bookings'],
      summary: "What a booking request at this restaurant is checked against: its currency and zone, active menus and hosting preferences (published restaurants, or one the viewer runs)",
      security: bearer,
      params: idParamSchema,
      response: { 200: bookingOptionsSchema, ...errors },
    },
    handler: async (request) => getBookingOptions(deps(request), request.params.id),
  });
}

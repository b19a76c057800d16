import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptedSchema,
  answerAccessRequestSchema,
  apiErrorSchema,
  createManagedRestaurantSchema,
  inviteTeamMemberSchema,
  managedRestaurantSchema,
  managerAccessRequestSchema,
  managerRestaurantsQuerySchema,
  pagedListSchema,
  restaurantAccessRequestSchema,
  teamMemberSchema,
} from '@goodtable/shared';
import { z } from 'zod';
import { publicUrl } from '../../config/env.ts';
import { requireRole, signedInViewer } from '../../plugins/auth.ts';
import { signedInContext } from '../../plugins/request-context.ts';
import { accountKeys, bodyEmail, limitPerAccount, perClientAddress } from '../../plugins/rate-limits.ts';
import { ACCEPTED_MESSAGE } from '../auth/auth.service.ts';
import {
  answerAccessRequest,
  createRestaurant,
  inviteMember,
  listAccessRequests,
  listMembers,
  listRestaurants,
  removeMember,
  removeRestaurant,
  requestRestaurantAccess,
  type ManagersDeps,
} from './managers.service.ts';

const managerParams = z.object({ id: z.uuid('validation.invalidId') });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const security = [{ bearerAuth: [] }];

export async function managersRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: ManagersDeps = { mailer: app.mailer, publicUrl: publicUrl(app.config), live: app.live };
  const context = (request: FastifyRequest) => signedInContext(request, deps);
  const managerOnly = requireRole('manager');
  const limitedByAddress = perClientAddress(app.config.AUTH_RATE_LIMIT_MAX);
  // Each of these emails an address the caller types: counted per recipient and per sending account.
  const emailsSent = limitPerAccount({
    keys: (request) => [accountKeys.mailTo(bodyEmail(request)), accountKeys.mailBy(signedInViewer(request).id)],
    max: app.config.ACCOUNT_RATE_LIMIT_MAX,
  });

  routes.get('/managers/:id/restaurants', {
    preHandler: managerOnly,
    schema: {
      tags: ['managers'],
      summary: 'Restaurants the manager’s team runs (limit at most 100; status active by default)',
      security,
      params: managerParams,
      querystring: managerRestaurantsQuerySchema,
      response: { 200: pagedListSchema(managedRestaurantSchema), ...errors },
    },
    handler: async (request) => listRestaurants(context(request), { managerId: request.params.id, query: request.query }),
  });

  routes.post('/managers/:id/restaurants', {
    preHandler: [managerOnly, emailsSent],
    config: limitedByAddress,
    schema: {
      tags: ['managers'],
      summary: 'Register a new restaurant account the team runs; its owner gets a link to choose a password',
      security,
      params: managerParams,
      body: createManagedRestaurantSchema,
      response: { 201: managedRestaurantSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await createRestaurant(context(request), { managerId: request.params.id, input: request.body })),
  });

  routes.post('/managers/:id/restaurant-requests', {
    preHandler: [managerOnly, emailsSent],
    config: limitedByAddress,
    schema: {
      tags: ['managers'],
      summary: 'Ask an existing restaurant account for access; answers the same for any address',
      security,
      params: managerParams,
      body: restaurantAccessRequestSchema,
      response: { 202: acceptedSchema, 429: apiErrorSchema, ...errors },
    },
    handler: async (request, reply) => {
      await requestRestaurantAccess(context(request), { managerId: request.params.id, input: request.body });
      return reply.code(202).send({ message: ACCEPTED_MESSAGE });
    },
  });

  routes.delete('/managers/:id/restaurants/:restaurantId', {
    preHandler: managerOnly,
    schema: {
      tags: ['managers'],
      summary: 'Stop running a restaurant, or withdraw an access request',
      security,
      params: managerParams.extend({ restaurantId: z.uuid('validation.invalidId') }),
      response: { 204: z.null(), 404: apiErrorSchema, ...errors },
    },
    handler: async (request, reply) => {
      await removeRestaurant(context(request), { managerId: request.params.id, restaurantId: request.params.restaurantId });
      return reply.code(204).send(null);
    },
  });

  routes.get('/managers/:id/members', {
    preHandler: managerOnly,
    schema: {
      tags: ['managers'],
      summary: 'Additional Members (sub-managers) of a manager',
      security,
      params: managerParams,
      response: { 200: z.object({ data: z.array(teamMemberSchema) }), ...errors },
    },
    handler: async (request) => ({ data: await listMembers(context(request), request.params.id) }),
  });

  routes.post('/managers/:id/members', {
    preHandler: [managerOnly, emailsSent],
    config: limitedByAddress,
    schema: {
      tags: ['managers'],
      summary: 'Invite an additional member by email; answers the same for any address',
      security,
      params: managerParams,
      body: inviteTeamMemberSchema,
      response: { 202: acceptedSchema, 429: apiErrorSchema, ...errors },
    },
    handler: async (request, reply) => {
      await inviteMember(context(request), { managerId: request.params.id, input: request.body });
      return reply.code(202).send({ message: ACCEPTED_MESSAGE });
    },
  });

  routes.delete('/managers/:id/members/:memberId', {
    preHandler: managerOnly,
    schema: {
      tags: ['managers'],
      summary: 'Remove an additional member (closes its account)',
      security,
      params: managerParams.extend({ memberId: z.uuid('validation.invalidId') }),
      response: { 204: z.null(), 404: apiErrorSchema, ...errors },
    },
    handler: async (request, reply) => {
      await removeMember(context(request), { managerId: request.params.id, memberId: request.params.memberId });
      return reply.code(204).send(null);
    },
  });

  routes.get('/me/manager-requests', {
    preHandler: requireRole('seller'),
    schema: {
      tags: ['managers'],
      summary: 'Managers who asked for, or have, access to the signed-in restaurant',
      security,
      response: { 200: z.object({ data: z.array(managerAccessRequestSchema) }), ...errors },
    },
    handler: async (request) => ({ data: await listAccessRequests(context(request)) }),
  });

  routes.put('/me/manager-requests/:id', {
    preHandler: requireRole('seller'),
    schema: {
      tags: ['managers'],
      summary: 'Grant (active) or refuse (refused) a manager’s access to the signed-in restaurant',
      security,
      params: managerParams,
      body: answerAccessRequestSchema,
      response: { 200: managerAccessRequestSchema, 404: apiErrorSchema, ...errors },
    },
    handler: async (request) => answerAccessRequest(context(request), { managerId: request.params.id, input: request.body }),
  });
}

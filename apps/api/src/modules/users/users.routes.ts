import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, meSchema, updateMeSchema } from '@goodtable/shared';
import { requireAuth, signedInViewer } from '../../plugins/auth.ts';
import { getMe, updateMe } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/me', {
    preHandler: requireAuth,
    schema: { tags: ['users'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: meSchema, 401: apiErrorSchema } },
    handler: async (request) => getMe(app.db, signedInViewer(request).id),
  });

  routes.put('/me', {
    preHandler: requireAuth,
    schema: {
      tags: ['users'],
      summary: "Update the signed-in user's profile",
      security: [{ bearerAuth: [] }],
      body: updateMeSchema,
      response: { 200: meSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema },
    },
    handler: async (request) => updateMe(app.db, signedInViewer(request).id, request.body),
  });
}

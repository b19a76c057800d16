import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, authResponseSchema, signInSchema, signUpSchema } from '@goodtable/shared';
import { z } from 'zod';
import { requireAuth, signedInViewer } from '../../plugins/auth.ts';
import { signIn, signOut, signUp } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, sessionTtlDays: app.config.SESSION_TTL_DAYS };
  const rateLimit = { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' };

  routes.post('/auth/sign-up', {
    config: { rateLimit },
    schema: {
      tags: ['auth'],
      summary: 'Create a client account and sign in',
      body: signUpSchema,
      response: { 201: authResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await signUp(deps, request.body)),
  });

  routes.post('/auth/sign-in', {
    config: { rateLimit },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with email and password',
      body: signInSchema,
      response: { 200: authResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request) => signIn(deps, request.body),
  });

  routes.post('/auth/sign-out', {
    preHandler: requireAuth,
    schema: {
      tags: ['auth'],
      summary: 'Revoke the bearer token of this request',
      security: [{ bearerAuth: [] }],
      response: { 204: z.null(), 401: apiErrorSchema },
    },
    handler: async (request, reply) => {
      await signOut(deps, signedInViewer(request).sessionId);
      return reply.code(204).send(null);
    },
  });
}

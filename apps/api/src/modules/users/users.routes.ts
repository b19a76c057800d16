import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, changePasswordSchema, deleteAccountSchema, meSchema, signInMethodsSchema, updateMeSchema } from '@goodtable/shared';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { fastSerializerCompiler } from '../../plugins/fast-serializer.ts';
import { signedInContext } from '../../plugins/request-context.ts';
import { perClientAddress } from '../../plugins/rate-limits.ts';
import { publicUrl } from '../../config/env.ts';
import { changePassword, deleteAccount, getMe, getSignInMethods, unlinkGoogle, updateMe, type UpdateMeDeps } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const updateMeDeps: UpdateMeDeps = {
    mailer: app.mailer,
    publicUrl: publicUrl(app.config),
    rateLimits: app.rateLimits,
    accountRateLimitMax: app.config.ACCOUNT_RATE_LIMIT_MAX,
  };

  routes.get('/me', {
    preHandler: requireAuth,
    // A hot read path: serialised by fast-json-stringify (docs/decisions/0094-fast-serialisation-of-hot-paths.md).
    serializerCompiler: fastSerializerCompiler({ verify: app.config.NODE_ENV === 'test' }),
    schema: { tags: ['users'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: meSchema, 401: apiErrorSchema } },
    handler: async (request) => getMe(signedInContext(request)),
  });

  routes.put('/me', {
    preHandler: requireAuth,
    schema: {
      tags: ['users'],
      summary:
        "Update the signed-in user's profile. Changing the email needs `current_password` (or, without a password, a sign-in within 10 minutes); the new address must be verified and the old one gets an undo link",
      security: [{ bearerAuth: [] }],
      body: updateMeSchema,
      response: { 200: meSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request) => updateMe(signedInContext(request, updateMeDeps), request.body),
  });

  routes.put('/me/password', {
    preHandler: requireAuth,
    // The current password is checked here: limited like sign-in against guessing.
    config: perClientAddress(app.config.AUTH_RATE_LIMIT_MAX),
    schema: {
      tags: ['users'],
      summary: 'Change the password (current password required); signs out the other sessions',
      security: [{ bearerAuth: [] }],
      body: changePasswordSchema,
      response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema },
    },
    handler: async (request, reply) => {
      await changePassword(signedInContext(request), request.body);
      return reply.code(204).send(null);
    },
  });

  routes.get('/me/sign-in-methods', {
    preHandler: requireAuth,
    schema: { tags: ['users'], summary: 'How the signed-in user can sign in (password, Google)', security: [{ bearerAuth: [] }], response: { 200: signInMethodsSchema, 401: apiErrorSchema } },
    handler: async (request) => getSignInMethods(signedInContext(request)),
  });

  routes.delete('/me/sign-in-methods/google', {
    preHandler: requireAuth,
    schema: {
      tags: ['users'],
      summary: 'Unlink Google sign-in (needs a password)',
      security: [{ bearerAuth: [] }],
      response: { 200: signInMethodsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    },
    handler: async (request) => unlinkGoogle(signedInContext(request)),
  });

  routes.delete('/me', {
    preHandler: requireAuth,
    config: perClientAddress(app.config.AUTH_RATE_LIMIT_MAX),
    schema: {
      tags: ['users'],
      summary: 'Delete the account: personal data anonymised, bookings and money records kept',
      security: [{ bearerAuth: [] }],
      body: deleteAccountSchema,
      response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema },
    },
    handler: async (request, reply) => {
      await deleteAccount(signedInContext(request), request.body);
      return reply.code(204).send(null);
    },
  });
}

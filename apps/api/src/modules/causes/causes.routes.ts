import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  causeInputSchema,
  causeSchema,
  causeSlugParamSchema,
  causesPageSchema,
  causesQuerySchema,
  idParamSchema,
  userCausesQuerySchema,
  userCausesSchema,
} from '@goodtable/shared';
import { requireAuth, requireRole } from '../../plugins/auth.ts';
import { fastSerializerCompiler } from '../../plugins/fast-serializer.ts';
import { requestContext, signedInContext } from '../../plugins/request-context.ts';
import { limitUploads } from '../../plugins/rate-limits.ts';
import { readLogoUpload } from './cause-logo.ts';
import {
  assertOwnsCause,
  createCause,
  editCause,
  getCause,
  getCauseBySlug,
  getCauseDirectory,
  getUserCauses,
  removeCause,
  removeCauseLogo,
  replaceCauseLogo,
} from './causes.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const bearer = [{ bearerAuth: [] }];

/** Causes: profiles owned by cause users, the public directory and pages. */
export async function causesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { storage: app.storage };
  const context = (request: FastifyRequest) => requestContext(request, deps);
  const ownerContext = (request: FastifyRequest) => signedInContext(request, deps);
  // Hot read paths: responses serialised by fast-json-stringify (docs/decisions/0094-fast-serialisation-of-hot-paths.md).
  const serializerCompiler = fastSerializerCompiler({ verify: app.config.NODE_ENV === 'test' });

  routes.get('/causes', {
    serializerCompiler,
    schema: {
      tags: ['causes'],
      summary: 'Public cause directory: published causes, filtered by category and search, sorted and paged',
      querystring: causesQuerySchema,
      response: { 200: causesPageSchema, 400: apiErrorSchema },
    },
    handler: async (request) => getCauseDirectory(context(request), request.query),
  });

  routes.post('/causes', {
    preHandler: requireRole('cause'),
    schema: { tags: ['causes'], summary: 'Add a cause (cause accounts)', security: bearer, body: causeInputSchema, response: { 201: causeSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await createCause(ownerContext(request), request.body)),
  });

  routes.get('/causes/by-slug/:slug', {
    serializerCompiler,
    schema: {
      tags: ['causes'],
      summary: "A published cause's public page by its address (the owner may also preview it unpublished)",
      params: causeSlugParamSchema,
      response: { 200: causeSchema, 404: apiErrorSchema },
    },
    handler: async (request) => getCauseBySlug(context(request), request.params.slug),
  });

  routes.get('/causes/:id', {
    schema: {
      tags: ['causes'],
      summary: 'A cause by id: published ones for anyone, unpublished ones for the owner only',
      params: idParamSchema,
      response: { 200: causeSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => getCause(context(request), request.params.id),
  });

  routes.put('/causes/:id', {
    preHandler: requireAuth,
    schema: { tags: ['causes'], summary: "Update a cause's profile (owner only)", security: bearer, params: idParamSchema, body: causeInputSchema, response: { 200: causeSchema, ...errors } },
    handler: async (request) => editCause(ownerContext(request), { id: request.params.id, input: request.body }),
  });

  routes.delete('/causes/:id', {
    preHandler: requireAuth,
    schema: { tags: ['causes'], summary: 'Delete a cause (owner only)', security: bearer, params: idParamSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await removeCause(ownerContext(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  routes.put('/causes/:id/logo', {
    preHandler: [requireAuth, limitUploads(app.config.UPLOAD_RATE_LIMIT_MAX)],
    schema: {
      tags: ['causes'],
      summary: 'Upload the logo (multipart field `logo`: JPEG, PNG or WebP up to 5 MB; stored as WebP; owner only)',
      consumes: ['multipart/form-data'],
      security: bearer,
      params: idParamSchema,
      response: { 200: causeSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request) => {
      const ctx = ownerContext(request);
      await assertOwnsCause(ctx, request.params.id);
      const upload = await readLogoUpload(request);
      return replaceCauseLogo(ctx, { id: request.params.id, upload });
    },
  });

  routes.delete('/causes/:id/logo', {
    preHandler: requireAuth,
    schema: { tags: ['causes'], summary: 'Remove the logo (owner only)', security: bearer, params: idParamSchema, response: { 200: causeSchema, ...errors } },
    handler: async (request) => removeCauseLogo(ownerContext(request), request.params.id),
  });

  routes.get('/users/:id/causes', {
    schema: {
      tags: ['causes'],
      summary: "A user's causes: all of them for the user themself, the published ones for anyone else",
      params: idParamSchema,
      querystring: userCausesQuerySchema,
      response: { 200: userCausesSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => getUserCauses(context(request), { userId: request.params.id, query: request.query }),
  });
}

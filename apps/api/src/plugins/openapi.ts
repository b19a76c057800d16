import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { docsContentSecurityDirectives, formatPolicy } from './security-headers.ts';

/** OpenAPI document generated from the routes' zod schemas; browsable at /docs, raw at /docs/json. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'GoodTable API', description: 'Fundraising dinners marketplace: REST API under /v1.', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // Its own policy: the rest of the site's, plus the inline styles Swagger UI adds.
  const docsPolicy = formatPolicy(docsContentSecurityDirectives(app.config));
  await app.register(swaggerUi, { routePrefix: '/docs', transformStaticCSP: () => docsPolicy });
});

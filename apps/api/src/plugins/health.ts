import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

/** A database that has not answered by then counts as unreachable: a load balancer's probe must not hang. */
const DATABASE_CHECK_TIMEOUT_MS = 3000;

const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'unreachable']) });

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
  });
  const query = app.db.execute(sql`SELECT 1`).then(
    () => true,
    (error: unknown) => {
      app.log.warn({ err: error }, 'health check: database unreachable');
      return false;
    },
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /health` for load balancers and orchestrators: 200 when the database answers, else 503. No sign-in, no rate
 * limit, and kept out of the request log (probes come every few seconds).
 */
export const healthPlugin = fp(async (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    logLevel: 'warn',
    config: { rateLimit: false },
    schema: {
      tags: ['health'],
      summary: 'Whether this instance and its database answer (for load balancers)',
      response: { 200: healthSchema, 503: healthSchema },
    },
    handler: async (_request, reply) => {
      if (await databaseAnswers(app)) return { status: 'ok' as const, database: 'ok' as const };
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    },
  });
});

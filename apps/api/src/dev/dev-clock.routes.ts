import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { advanceDevClockSchema, apiErrorSchema, devClockSchema } from '@goodtable/shared';

/**
 * The business clock for tests and demos, like a payment provider's test clock: read it, or move it forward and
 * run every job that became due before answering. Registered only outside production.
 */
export async function devClockRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const present = () => ({ now: app.clock.now().toISOString(), offset_ms: app.clock.offsetMs() });

  routes.get('/dev/clock', {
    schema: { tags: ['dev'], summary: 'The business clock: its now and how far it is ahead of real time (not in production)', response: { 200: devClockSchema } },
    handler: async () => present(),
  });

  routes.post('/dev/clock', {
    schema: {
      tags: ['dev'],
      summary: 'Move the business clock forward by advance_ms and run the jobs due by then before answering (not in production)',
      body: advanceDevClockSchema,
      response: { 200: devClockSchema, 400: apiErrorSchema },
    },
    handler: async (request) => {
      await app.clock.advance(request.body.advance_ms);
      await app.jobs.drain();
      return present();
    },
  });
}

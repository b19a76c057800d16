import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@goodtable/shared';
import { notFound } from '../lib/domain-errors.ts';
import { setTicketsSoldForTests } from '../modules/bookings/bookings.service.ts';
import { checkLedger } from '../modules/payments/payments.service.ts';

const ledgerCheckSchema = z.object({ transactions: z.number().int(), accounts: z.number().int(), problems: z.array(z.string()) });

/**
 * Money helpers for browser tests and demos, registered only outside production (like `/dev/clock`):
 * - `GET /dev/ledger-check`: `npm run ledger:check` through the running server. PGlite admits one process, and
 *   Playwright's globalTeardown runs before its webServer stops, so the e2e run checks its ledger here.
 * - `POST /dev/bookings/{id}/tickets-sold`: sets a booking's ticket counter, which marking an event complete needs,
 *   without buying tickets. It moves no money.
 */
export async function devMoneyRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/dev/ledger-check', {
    schema: { tags: ['dev'], summary: 'Check the ledger as `npm run ledger:check` does; problems listed (not in production)', response: { 200: ledgerCheckSchema } },
    handler: async () => checkLedger(app.db),
  });

  routes.post('/dev/bookings/:id/tickets-sold', {
    schema: {
      tags: ['dev'],
      summary: 'Set a booking’s sold-ticket counter, without ticket money (not in production)',
      params: z.object({ id: z.uuid() }),
      body: z.object({ count: z.number().int().min(0).max(10_000) }),
      response: { 200: z.object({ id: z.string(), tickets_sold: z.number().int() }), 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => {
      const found = await app.db.transaction((tx) => setTicketsSoldForTests(tx, { bookingId: request.params.id, count: request.body.count }));
      if (!found) throw notFound('No such booking', 'bookings.notFound');
      return { id: request.params.id, tickets_sold: request.body.count };
    },
  });
}

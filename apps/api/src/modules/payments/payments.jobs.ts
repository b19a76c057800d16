import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { loggableError } from '../../lib/database-errors.ts';
import { completeBalanceCharge, type BookingMoneyDeps } from './booking-money.ts';
import { completeRefund } from './provider-refunds.ts';
import * as repository from './payments.repository.ts';
import { resolveProcessingPayment, type PaymentModuleDeps } from './payments.service.ts';

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    'payments.resolve-processing': { payment_id: string };
    'payments.pending-provider-calls': Record<string, never>;
  }
}

/** How often the provider calls that did not happen after their commit are made again (business clock). */
export const PENDING_PROVIDER_CALLS_EVERY_MS = 60_000;
/** How many of each kind one pass makes. */
const PENDING_PER_PASS = 100;

/** Makes each call again, oldest first; one that fails again stays for the next pass and does not stop the others. */
async function callAgain({ ids, complete, log, what }: { ids: string[]; complete: (id: string) => Promise<boolean>; log: FastifyBaseLogger; what: string }): Promise<void> {
  for (const id of ids) {
    await complete(id).catch((error: unknown) => log.error({ error: loggableError(error), id, what }, `${what} still waits for the provider`));
  }
}

/**
 * One job per processing debit, due (business clock) when the provider expects to know how it ended; it runs in one
 * transaction with the payment's new status, the booking's confirmation and the ledger charge. A payment already
 * answered (by a webhook, once the Stripe adapter exists) leaves it nothing to do.
 *
 * And the recurring pass that makes again the provider calls that did not happen after their commit.
 */
export function definePaymentJobs(jobs: JobQueue, deps: PaymentModuleDeps & { db: Database; money: BookingMoneyDeps }): void {
  jobs.define('payments.resolve-processing', {
    schema: z.object({ payment_id: z.uuid() }),
    handle: async ({ db, clock, payload }) => {
      await resolveProcessingPayment({ ...deps, db, clock }, payload.payment_id);
    },
  });
  // The refunds and balance charges whose provider call did not happen after their change committed (the provider was
  // down, the process stopped). Not transactional: each commits on its own, and the next pass is the retry.
  jobs.define('payments.pending-provider-calls', {
    schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
    everyMs: PENDING_PROVIDER_CALLS_EVERY_MS,
    transactional: false,
    handle: async ({ log, clock }) => {
      const { db, provider, money } = deps;
      const now = clock.now();
      await callAgain({
        ids: await repository.listDuePendingRefundIds(db, { now, limit: PENDING_PER_PASS }),
        complete: (refundId) => completeRefund(provider, { db, refundId, now, skipLocked: true }),
        log,
        what: 'refund',
      });
      await callAgain({
        ids: await repository.listUnaskedBalanceChargeIds(db, PENDING_PER_PASS),
        complete: (paymentId) => completeBalanceCharge(money, { db, paymentId, skipLocked: true }),
        log,
        what: 'balance charge',
      });
    },
  });
}

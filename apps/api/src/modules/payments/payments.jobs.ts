import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { completePendingRefunds } from './provider-refunds.ts';
import { resolveProcessingPayment, type PaymentModuleDeps } from './payments.service.ts';

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    'payments.resolve-processing': { payment_id: string };
    'payments.pending-refunds': Record<string, never>;
  }
}

/**
 * One job per processing debit, due (business clock) when the provider expects to know how it ended; it runs in one
 * transaction with the payment's new status, the booking's confirmation and the ledger charge. A payment already
 * answered (by a webhook, once the Stripe adapter exists) leaves it nothing to do.
 */
/** How often the refunds the provider has not made yet are asked for again (business clock). */
export const PENDING_REFUNDS_EVERY_MS = 60_000;

export function definePaymentJobs(jobs: JobQueue, deps: PaymentModuleDeps & { db: Database }): void {
  jobs.define('payments.resolve-processing', {
    schema: z.object({ payment_id: z.uuid() }),
    handle: async ({ db, clock, payload }) => {
      await resolveProcessingPayment({ ...deps, db, clock }, payload.payment_id);
    },
  });
  // Not transactional: each refund commits on its own, and the pass itself is the retry.
  jobs.define('payments.pending-refunds', {
    schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
    everyMs: PENDING_REFUNDS_EVERY_MS,
    transactional: false,
    handle: async ({ log }) => {
      await completePendingRefunds(deps.provider, deps.db, log);
    },
  });
}

import { z } from 'zod';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { resolveProcessingPayment, type PaymentModuleDeps } from './payments.service.ts';

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    'payments.resolve-processing': { payment_id: string };
  }
}

/**
 * One job per processing debit, due (business clock) when the provider expects to know how it ended; it runs in one
 * transaction with the payment's new status, the booking's confirmation and the ledger charge. A payment already
 * answered (by a webhook, once the Stripe adapter exists) leaves it nothing to do.
 */
export function definePaymentJobs(jobs: JobQueue, deps: PaymentModuleDeps): void {
  jobs.define('payments.resolve-processing', {
    schema: z.object({ payment_id: z.uuid() }),
    handle: async ({ db, clock, payload }) => {
      await resolveProcessingPayment({ ...deps, db, clock }, payload.payment_id);
    },
  });
}

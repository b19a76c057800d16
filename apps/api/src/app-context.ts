import type { Database } from './db/client.ts';
import type { Env } from './config/env.ts';
import type { FileStorage } from './storage/file-storage.ts';
import type { BusinessClock } from './lib/clock.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { BookingTransitionListeners } from './modules/bookings/bookings.service.ts';
import type { PaymentProvider } from './modules/payments/payments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Env;
    storage: FileStorage;
    /** The domain's clock (movable outside production through /dev/clock). */
    clock: BusinessClock;
    /** Background work (src/jobs): enqueue in the caller's transaction, run by any instance. */
    jobs: JobQueue;
    /** Listeners of booking status changes (payments settles and refunds through it; bookings never imports payments). */
    bookingTransitions: BookingTransitionListeners;
    /** The deployment's payment provider (one instance: the local provider remembers idempotency keys). */
    paymentProvider: PaymentProvider;
  }
}

import { z } from 'zod';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { findUserByEmail, sendPasswordResetEmailTo, sendVerificationEmailTo, type MailContext } from '../accounts/accounts.service.ts';

declare module '../../jobs/job-queue.ts' {
  interface JobPayloads {
    'auth.verification-requested': { email: string };
    'auth.password-reset-requested': { email: string };
  }
}

const emailPayload = z.object({ email: z.string() });

/**
 * The work behind forgot-password and send-verification-email, done after the request answered so that answer
 * tells nothing about the address. Each runs in one transaction: the token and its email job commit together.
 */
export function defineAuthJobs(jobs: JobQueue, deps: Omit<MailContext, 'db'>): void {
  jobs.define('auth.verification-requested', {
    schema: emailPayload,
    handle: async ({ payload, db }) => {
      const user = await findUserByEmail(db, payload.email);
      if (user && !user.isVerified) await sendVerificationEmailTo({ ...deps, db }, user);
    },
  });
  jobs.define('auth.password-reset-requested', {
    schema: emailPayload,
    handle: async ({ payload, db }) => {
      const user = await findUserByEmail(db, payload.email);
      if (user) await sendPasswordResetEmailTo({ ...deps, db }, user);
    },
  });
}

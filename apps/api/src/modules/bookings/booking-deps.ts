// What the bookings use cases work with (the service convention: one options object, then the input).
import type { BookingRules } from '@goodtable/shared';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ServiceContext, SignedInContext } from '../../lib/service-context.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import type { Mailer } from '../../email/mailer.ts';
import type { BookingTransitionListeners } from './booking-transition-listeners.ts';

/** Where the emails' links point (`publicUrl(config)`) and who sends them (`MAIL_FROM`, the invitations' organiser). */
export type BookingEmailSettings = { publicUrl: string; mailFrom: string };

/** What every bookings service function works with (the service convention: one options object, then the input). */
export type BookingModuleDeps = {
  jobs: JobQueue;
  mailer: Mailer;
  live: LiveHub;
  rules: BookingRules;
  email: BookingEmailSettings;
  transitions: BookingTransitionListeners;
};
/** Background work (deadlines, the payment webhook): no viewer. */
export type BookingSystemDeps = Omit<ServiceContext, 'viewer'> & BookingModuleDeps;
export type BookingDeps = SignedInContext & BookingModuleDeps;

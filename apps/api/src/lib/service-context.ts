import type { Database } from '../db/client.ts';
import type { Viewer } from '../plugins/auth.ts';
import type { Clock } from './clock.ts';

/**
 * The first argument of every service function, the same shape in every module (docs/decisions/0058-one-service-shape.md): the database or the caller's open transaction (a Drizzle transaction is a `Database` too), the
 * signed-in viewer (null for anonymous calls and background jobs) and the business clock. A module adds its own
 * dependencies (storage, jobs, mailer, settings) by intersecting this type; the call's input comes after it.
 */
export type ServiceContext = {
  db: Database;
  viewer: Viewer | null;
  clock: Clock;
};

/** The context of a call only a signed-in user may make (the route guarded by requireAuth/requireRole). */
export type SignedInContext = ServiceContext & { viewer: Viewer };

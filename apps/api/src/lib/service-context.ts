import type { Database } from '../db/client.ts';
import type { Role } from '@goodtable/shared';
import type { Clock } from './clock.ts';

/** The signed-in user behind a request (plugins/auth.ts resolves it from the bearer token). */
export type Viewer = {
  id: string;
  role: Role;
  parentUserId: string | null;
  sessionId: string;
  /** When this session signed in (recent sign-in proves presence for sensitive changes). */
  signedInAt: Date;
  /** A sub-manager whose manager's account is deleted: it acts for no team. */
  teamClosed: boolean;
};

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

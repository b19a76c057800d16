import type { FastifyRequest } from 'fastify';
import type { ServiceContext, SignedInContext } from '../lib/service-context.ts';
import { signedInViewer } from './auth.ts';

/**
 * The service context of a request: the app's database and business clock and the viewer the auth plugin resolved
 * (null when anonymous), plus a module's own dependencies, so a route handler stays one line.
 */
export function requestContext<Deps extends object = Record<never, never>>(request: FastifyRequest, deps?: Deps): ServiceContext & Deps {
  const { db, clock } = request.server;
  return { ...(deps as Deps), db, clock, viewer: request.viewer };
}

/** The same for a route guarded by requireAuth/requireRole: the viewer is signed in (401 otherwise). */
export function signedInContext<Deps extends object = Record<never, never>>(request: FastifyRequest, deps?: Deps): SignedInContext & Deps {
  return { ...requestContext(request, deps), viewer: signedInViewer(request) };
}

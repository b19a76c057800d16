import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@goodtable/shared';
import { hashSecureToken } from '../lib/secure-tokens.ts';
import { notAllowed, notSignedIn } from '../lib/domain-errors.ts';
import { createSessionCache, findLiveSessionByTokenHash } from '../modules/accounts/accounts.service.ts';
import type { Viewer } from '../lib/service-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user behind the bearer token; null for anonymous requests or a token that is not live. */
    viewer: Viewer | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Resolves the session of every request carrying a bearer token. Sessions live in the database (any instance can
 * answer any request); each instance remembers a lookup for SESSION_CACHE_MS (session-cache.ts says how revocation
 * still takes effect).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('viewer', null);
  const sessionCache = createSessionCache(app.config.SESSION_CACHE_MS);
  app.addHook('onClose', async () => sessionCache.close());
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const tokenHash = hashSecureToken(token);
    const now = app.clock.now();
    const session = await sessionCache.lookUp({ tokenHash, now, load: () => findLiveSessionByTokenHash(app.db, { tokenHash, now }) });
    if (session) {
      request.viewer = {
        id: session.userId,
        role: session.role,
        parentUserId: session.parentUserId,
        sessionId: session.sessionId,
        signedInAt: session.signedInAt,
        teamClosed: session.teamClosed,
      };
    }
  });
});

/** The viewer of a route guarded by `requireAuth`/`requireRole`. */
export function signedInViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw notSignedIn();
  return request.viewer;
}

export const requireAuth: preHandlerAsyncHookHandler = async (request) => {
  signedInViewer(request);
};

export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const viewer = signedInViewer(request);
    if (!roles.includes(viewer.role)) throw notAllowed();
  };
}

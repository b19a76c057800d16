import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One log line per request, written when the response is sent, instead of Fastify's two (`incoming request` with the
 * client's address and port, then `request completed`). It carries what finding a slow or failing request needs:
 * the request id (also on every other line of the request), method, path, status and milliseconds. Not the query
 * string (search words, links' tokens) nor the client's address. A route's `logLevel` still applies (the health
 * probe logs at warn, so its lines are left out).
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', (request, reply, done) => {
    const queryStart = request.url.indexOf('?');
    request.log.info(
      { method: request.method, path: queryStart === -1 ? request.url : request.url.slice(0, queryStart), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });
});

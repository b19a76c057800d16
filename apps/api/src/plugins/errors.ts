import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DomainErrorKind } from '@goodtable/shared';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isTransientConflict, loggableError } from '../lib/database-errors.ts';
import { DomainError } from '../lib/domain-errors.ts';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The one place a domain error gets its HTTP status. */
const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedType: 415,
  rateLimited: 429,
  providerRefused: 502,
  providerUnavailable: 503,
};

/** How long a client is asked to wait before trying again a call the database aborted for a transient conflict. */
const TRANSIENT_CONFLICT_RETRY_AFTER_SECONDS = 1;
/** How long a client is asked to wait when the database is away: about one pool acquire timeout. */
const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Every failure leaves as `{statusCode, error, message, code?, details?}` (docs/architecture.md, API conventions). */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
        message: issue.message,
      }));
      const first = details[0]!;
      return reply.code(400).send({
        statusCode: 400,
        error: STATUS_NAMES[400],
        message: `Invalid ${first.field}: ${first.message}`,
        code: 'validation.failed',
        details,
      });
    }
    if (error instanceof DomainError) {
      const statusCode = DOMAIN_ERROR_STATUS[error.kind];
      // A provider's failure answered with our own code: the log keeps what the provider said of it (its `cause`).
      if (statusCode >= 500) request.log.warn({ code: error.code, cause: error.cause, method: request.method, route: request.routeOptions.url }, 'request failed at a provider');
      return reply.code(statusCode).send({
        statusCode,
        error: STATUS_NAMES[statusCode] ?? 'Error',
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.details ? { details: error.details } : {}),
        ...error.extra,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ error: loggableError(error), issues: error.cause.issues, route: request.routeOptions.url }, 'response did not match its schema');
      return reply.code(500).send({ statusCode: 500, error: STATUS_NAMES[500], message: 'Internal server error' });
    }
    if (isTransientConflict(error)) {
      // PostgreSQL aborted the call's transaction for another one on the same rows (a deadlock): nothing was written,
      // and the same call a moment later goes through. Not a fault of the server to hide behind a 500.
      request.log.warn({ error: loggableError(error), method: request.method, route: request.routeOptions.url }, 'request aborted by a transient database conflict');
      return reply
        .code(503)
        .header('retry-after', String(TRANSIENT_CONFLICT_RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, error: STATUS_NAMES[503], message: 'The server was busy with the same item and changed nothing: please try again', code: 'common.busyTryAgain' });
    }
    if (isDatabaseUnavailable(error)) {
      // The database refused, cut or did not answer the call's connection, or is shutting down: its transaction did not
      // commit, so nothing changed, and the API itself is fine (docs/decisions/0290-database-outage-answers-503.md).
      request.log.warn({ error: loggableError(error), method: request.method, route: request.routeOptions.url }, 'request failed: database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, error: STATUS_NAMES[503], message: 'The database is unavailable and nothing changed: please try again shortly', code: 'common.databaseUnavailable' });
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) request.log.error({ error: loggableError(error), method: request.method, route: request.routeOptions.url }, 'request failed');
    return reply.code(statusCode).send({
      statusCode,
      error: STATUS_NAMES[statusCode] ?? 'Error',
      message: statusCode >= 500 ? 'Internal server error' : error.message,
      ...(error.code && statusCode < 500 ? { code: error.code } : {}),
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ statusCode: 404, error: STATUS_NAMES[404], message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'common.routeNotFound' });
  });
});

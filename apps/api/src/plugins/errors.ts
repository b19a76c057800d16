import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';

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
};

/** Errors of the database driver carry a five-character SQLSTATE `code`; drizzle wraps them with the query and its parameters. */
function databaseCause(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string') return { code, message };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const isQueryError = (error: unknown) => typeof error === 'object' && error !== null && 'params' in error && 'query' in error;

/**
 * What the log keeps of an unexpected error. A database error is logged by its SQLSTATE and the server's message
 * only: the query text and its parameters (emails, password hashes, tokens) never reach the log.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const database = databaseCause(error);
  if (database || isQueryError(error)) return { type: 'DatabaseError', code: database?.code, message: database?.message ?? 'database query failed' };
  const { name, code, message, stack } = error as { name?: string; code?: string; message?: string; stack?: string };
  return { type: name ?? 'Error', code, message, stack };
}

/** Every failure leaves as `{statusCode, error, message, code?, details?}` (DESIGN.md §7). */
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
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        error: STATUS_NAMES[error.statusCode] ?? 'Error',
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ error: loggableError(error), issues: error.cause.issues, route: request.routeOptions.url }, 'response did not match its schema');
      return reply.code(500).send({ statusCode: 500, error: STATUS_NAMES[500], message: 'Internal server error' });
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

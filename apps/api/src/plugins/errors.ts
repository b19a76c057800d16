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
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ statusCode: 500, error: STATUS_NAMES[500], message: 'Internal server error' });
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
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

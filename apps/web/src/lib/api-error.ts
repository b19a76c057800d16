import type { ApiError } from '@goodtable/shared';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The API's error shape (shared `apiErrorSchema`), checked by hand: every page's first load needs it, zod would not fit its budget. */
function isApiError(body: unknown): body is ApiError {
  if (!isRecord(body)) return false;
  const { statusCode, error, message, code, details } = body;
  return (
    Number.isInteger(statusCode) &&
    typeof error === 'string' &&
    typeof message === 'string' &&
    (code === undefined || typeof code === 'string') &&
    (details === undefined ||
      (Array.isArray(details) && details.every((detail) => isRecord(detail) && typeof detail.field === 'string' && typeof detail.message === 'string')))
  );
}

/** Thrown by the API clients for every failing call; `body` is the server's error body (docs/architecture.md, API conventions). */
export class ApiRequestError extends Error {
  readonly body: ApiError;

  constructor(body: ApiError) {
    super(body.message || body.error);
    this.name = 'ApiRequestError';
    this.body = body;
  }

  get statusCode(): number {
    return this.body.statusCode;
  }

  /** Server-side field errors as `{field: translationKey}` (first message per field). */
  get fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const detail of this.body.details ?? []) {
      errors[detail.field] ??= detail.message;
    }
    return errors;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** The error body of a failed response; a body that is not the API's error shape becomes one without a message. */
export function apiErrorFromResponse({ status, statusText, body }: { status: number; statusText: string; body: unknown }): ApiRequestError {
  if (isApiError(body)) return new ApiRequestError(body);
  return new ApiRequestError({ statusCode: status, error: statusText || 'Error', message: '' });
}

/** A call that never reached the server (offline, DNS, aborted): status 0, no server message. */
export function networkError(): ApiRequestError {
  return new ApiRequestError({ statusCode: 0, error: 'Network Error', message: '' });
}

/** Whether `error` is an API answer with one of `statuses` (e.g. 404 for a page whose item does not exist). */
export function hasErrorStatus(error: unknown, statuses: readonly number[]): boolean {
  return isApiRequestError(error) && statuses.includes(error.statusCode);
}

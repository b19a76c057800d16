/**
 * An error the API answers with its own status and a translation `code` (the error body of docs/architecture.md, API conventions).
 * Services throw these; the error plugin turns them into `{statusCode, error, message, code, details}`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly details?: { field: string; message: string }[],
    /** More of the answer beside the error (a 409's current state, so the caller can show it without asking again). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code?: string, details?: { field: string; message: string }[]) =>
  new HttpError(400, message, code, details);
export const unauthorized = (message = 'Authentication required', code = 'auth.unauthorized') => new HttpError(401, message, code);
export const forbidden = (message = 'You are not allowed to do this', code = 'auth.forbidden') => new HttpError(403, message, code);
export const notFound = (message = 'Not found', code = 'common.notFound') => new HttpError(404, message, code);
export const conflict = (message: string, code?: string, details?: { field: string; message: string }[]) =>
  new HttpError(409, message, code, details);

/** For `.catch()` of a lookup whose 404 means "none": undefined for a 404, the error again for anything else. */
export function isNotFound(error: unknown): undefined {
  if (error instanceof HttpError && error.statusCode === 404) return undefined;
  throw error;
}

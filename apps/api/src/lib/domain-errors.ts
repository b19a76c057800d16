import type { DomainErrorCode, DomainErrorKind } from '@goodtable/shared';

/** A field at fault and the translation key of what is wrong with it. */
export type FieldProblem = { field: string; message: string };

/**
 * A failure of domain code: its kind, an English message and a translation `code` (docs/decisions/0222-domain-errors.md).
 * Services and repositories throw these; the error plugin (plugins/errors.ts) gives each kind its HTTP status and
 * answers `{statusCode, error, message, code, details}`.
 */
export class DomainError extends Error {
  readonly code?: DomainErrorCode;
  readonly details?: FieldProblem[];
  /** More of the answer beside the error (a conflict's current state, so the caller can show it without asking again). */
  readonly extra?: Record<string, unknown>;

  constructor(
    readonly kind: DomainErrorKind,
    { message, code, details, extra }: { message: string; code?: DomainErrorCode; details?: FieldProblem[]; extra?: Record<string, unknown> },
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
    this.extra = extra;
  }
}

// A failure that names the fields at fault is a `new DomainError(kind, { message, code, details })`.
export const invalidInput = (message: string, code?: DomainErrorCode) => new DomainError('invalid', { message, code });
export const notSignedIn = (message = 'Authentication required', code: DomainErrorCode = 'auth.unauthorized') => new DomainError('unauthenticated', { message, code });
export const notAllowed = (message = 'You are not allowed to do this', code: DomainErrorCode = 'auth.forbidden') => new DomainError('forbidden', { message, code });
export const notFound = (message = 'Not found', code: DomainErrorCode = 'common.notFound') => new DomainError('notFound', { message, code });
export const conflict = (message: string, code?: DomainErrorCode) => new DomainError('conflict', { message, code });

/** True for a domain error of this kind (a caller that answers one kind differently). */
export const isDomainError = (error: unknown, kind: DomainErrorKind): error is DomainError => error instanceof DomainError && error.kind === kind;

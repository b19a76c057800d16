/**
 * The SQLSTATE of a database error and the server's message, on PGlite and node-postgres alike: the drivers' errors
 * carry a five-character `code`, and drizzle wraps them (with the query and its parameters) as their `cause`.
 */
export function databaseErrorOf(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string') return { code, message };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when a database error is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorOf(error)?.code === '23505';
}

/**
 * PostgreSQL aborted the transaction so that another could go on (40P01 deadlock_detected, 40001
 * serialization_failure): nothing of it was written, and the same work tried again can succeed.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
}

/** How many times `retryTransientConflicts` runs its body at most. */
export const TRANSIENT_CONFLICT_ATTEMPTS = 3;

/**
 * Runs `body` (a whole transaction: it must write only through the database, so an aborted try leaves nothing) again
 * when PostgreSQL aborted it for a transient conflict, up to `TRANSIENT_CONFLICT_ATTEMPTS` times in all; the last
 * conflict is thrown (the API answers it 503, nothing changed).
 */
export async function retryTransientConflicts<Result>(body: () => Promise<Result>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await body();
    } catch (error) {
      if (attempt >= TRANSIENT_CONFLICT_ATTEMPTS || !isTransientConflict(error)) throw error;
    }
  }
}

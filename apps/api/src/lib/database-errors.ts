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

/** Socket errors of a connection to the database that is refused, cut or never answered. */
const UNREACHABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * What node-postgres and its pool say when the connection is gone or never came: "Connection terminated
 * (unexpectedly | due to connection timeout)", the pool's acquire timeout, the client's own query timeout, and a
 * client that already lost its connection.
 */
/** The server shuts down or starts (57P01, 57P02, 57P03), or cancelled a statement past its time (57014). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014']);
const UNREACHABLE_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /^Query read timeout/, /is not queryable/];

/**
 * True when the database is away rather than the call wrong: it refused, cut or never answered the connection
 * (SQLSTATE class 08, socket errors, node-postgres's terminated connections and timeouts), it is shutting down or
 * starting (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now), or it cancelled a statement that ran
 * past `statement_timeout` (57014). Nothing the call meant to write was committed; the same call later can succeed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code: socketCode, message } = current as { code?: unknown; message?: unknown };
    if (typeof socketCode === 'string' && UNREACHABLE_SOCKET_CODES.has(socketCode)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // An AggregateError (a host name with several addresses, each refused) carries its causes in `errors`.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  const code = databaseErrorOf(error)?.code;
  return code !== undefined && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code));
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

const isQueryError = (error: unknown) => typeof error === 'object' && error !== null && 'params' in error && 'query' in error;

/**
 * What a log may say of a SQLSTATE. The server's own message is not logged: it may quote the value it refused
 * (`invalid input syntax for type integer: "…"`).
 */
const SQLSTATE_NAMES: Record<string, string> = {
  '22001': 'string data right truncation',
  '22003': 'numeric value out of range',
  '22021': 'character not in repertoire',
  '22P02': 'invalid text representation',
  '23502': 'not null violation',
  '23503': 'foreign key violation',
  '23505': 'unique violation',
  '23514': 'check violation',
  '40001': 'serialization failure',
  '40P01': 'deadlock detected',
  '42703': 'undefined column',
  '42P01': 'undefined table',
  '57014': 'query canceled',
  '57P01': 'admin shutdown',
  '57P02': 'crash shutdown',
  '57P03': 'cannot connect now',
  '08000': 'connection exception',
  '08003': 'connection does not exist',
  '08006': 'connection failure',
};

/** The schema names a database error carries (constraint, table, column): names of ours, never data. */
function schemaNamesOf(error: unknown): Record<string, string> {
  const names: Record<string, string> = {};
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    for (const key of ['constraint', 'table', 'column'] as const) {
      const value = (current as Record<string, unknown>)[key];
      if (typeof value === 'string' && !(key in names)) names[key] = value;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return names;
}

/**
 * What the log keeps of an unexpected error. A database error is logged by its SQLSTATE, a name for it and the
 * constraint, table or column it names: drizzle's "Failed query: … params: …" text, its parameters (emails, password
 * hashes, tokens) and the server's message never reach the log.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const database = databaseErrorOf(error);
  if (database || isQueryError(error)) {
    const code = database?.code;
    return { type: 'DatabaseError', code, message: (code && SQLSTATE_NAMES[code]) ?? 'database query failed', ...schemaNamesOf(error) };
  }
  const { name, code, message, stack } = error as { name?: string; code?: string; message?: string; stack?: string };
  return { type: name ?? 'Error', code, message, stack };
}

/** An error's message safe to store for an operator (a job's last error): for a database error, as it is logged. */
export function safeErrorMessage(error: unknown): string {
  const loggable = loggableError(error);
  if (loggable['type'] === 'DatabaseError') return `database error ${String(loggable['code'] ?? 'unknown')}: ${String(loggable['message'])}`;
  return error instanceof Error ? error.message : String(error);
}

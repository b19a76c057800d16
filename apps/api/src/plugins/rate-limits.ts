import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { DomainError } from '../lib/domain-errors.ts';

const MINUTE_MS = 60 * 1000;
/** Window of the per-account limits (sign-in by email, emails to one address, emails one account sends). */
export const ACCOUNT_WINDOW_MS = 15 * MINUTE_MS;
/** Window of the per-account upload limit. */
export const UPLOAD_WINDOW_MS = 10 * MINUTE_MS;
/** How often an instance deletes the rows of finished windows. */
const SWEEP_EVERY_MS = MINUTE_MS;

export type RateLimitHit = { hits: number; resetInMs: number };

export type RateLimits = {
  /** Counts one hit of `key` in the current fixed window of `windowMs`; atomic across instances. */
  hit: (key: string, windowMs: number) => Promise<RateLimitHit>;
  /** Counts one hit on every key and throws 429 when any of them is over `max`. */
  enforce: (options: { keys: string[]; max: number; windowMs: number }) => Promise<void>;
  /** Deletes the rows of windows that have ended. */
  sweep: () => Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

/** The 429 every limit answers (the body shape the web already translates). */
export function tooManyAttempts(retryInMs: number): DomainError {
  return new DomainError('rateLimited', { message: `Too many attempts; try again in ${Math.max(1, Math.ceil(retryInMs / 1000))} seconds`, code: 'auth.tooManyAttempts' });
}

/** Keys are stored hashed: the table holds no email addresses or client addresses. */
const storedKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function createRateLimits(db: Database, now: () => Date = () => new Date()): RateLimits {
  let lastSweep = 0;

  async function sweep(): Promise<number> {
    const deleted = await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now())).returning({ key: rateLimits.key });
    return deleted.length;
  }

  async function hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const at = now().getTime();
    const windowStart = Math.floor(at / windowMs) * windowMs;
    const [row] = await db
      .insert(rateLimits)
      .values({ key: storedKey(key), windowStart: new Date(windowStart), hits: 1, expiresAt: new Date(windowStart + windowMs) })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
      .returning({ hits: rateLimits.hits });
    if (at - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = at;
      // Housekeeping only: a failed sweep is retried on a later hit.
      sweep().catch(() => undefined);
    }
    return { hits: row!.hits, resetInMs: windowStart + windowMs - at };
  }

  async function enforce(options: { keys: string[]; max: number; windowMs: number }): Promise<void> {
    let over: RateLimitHit | undefined;
    for (const key of options.keys) {
      const result = await hit(key, options.windowMs);
      if (result.hits > options.max && (!over || result.resetInMs > over.resetInMs)) over = result;
    }
    if (over) throw tooManyAttempts(over.resetInMs);
  }

  return { hit, enforce, sweep };
}

/** A `@fastify/rate-limit` store over the shared counters, so per-address route limits hold across instances. */
class PostgresRateLimitStore implements FastifyRateLimitStore {
  readonly #limits: RateLimits;
  readonly #route: string;
  constructor(limits: RateLimits, route: string) {
    this.#limits = limits;
    this.#route = route;
  }
  // eslint-disable-next-line local/options-object -- @fastify/rate-limit calls a store's incr(key, callback, timeWindow).
  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    this.#limits.hit(`route:${this.#route}:${key}`, timeWindow).then(
      (result) => callback(null, { current: result.hits, ttl: result.resetInMs }),
      (error: Error) => callback(error),
    );
  }
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin passes the route as `routeInfo` in the merged options; each route counts on its own.
    const route = (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
    return new PostgresRateLimitStore(this.#limits, `${String(route?.method ?? '')} ${route?.url ?? ''}`);
  }
}

function postgresStore(limits: RateLimits): FastifyRateLimitStoreCtor {
  return class extends PostgresRateLimitStore {
    constructor() {
      super(limits, '');
    }
  };
}

/**
 * Rate limiting: per-client-address route limits (`config.rateLimit` on a route) and
 * per-account limits (`limitPerAccount`), all counted in PostgreSQL. The client address is the TCP peer unless
 * TRUST_PROXY names the proxies in front of the API.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  // Windows follow the business clock, so tests that move it also end the windows.
  const limits = createRateLimits(app.db, () => app.clock.now());
  app.decorate('rateLimits', limits);
  await app.register(rateLimit, {
    global: false,
    store: postgresStore(limits),
    errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl),
  });
});

/** Lower-cased, so `Victim@x` and `victim@x` share a counter. */
const address = (email: string) => email.trim().toLowerCase();

/** Counter keys of a per-account limit. */
export const accountKeys = {
  /** Sign-in attempts against one email address, whoever makes them. */
  signIn: (email: string) => `sign-in:${address(email)}`,
  /** Emails the API sends to one address, from every endpoint. */
  mailTo: (email: string) => `mail-to:${address(email)}`,
  /** Emails one signed-in account makes the API send. */
  mailBy: (userId: string) => `mail-by:${userId}`,
  /** Image uploads of one account. */
  uploadsBy: (userId: string) => `uploads-by:${userId}`,
};

/**
 * A preHandler (after validation, so the body is parsed) counting one attempt on each key `keys` gives for the
 * request; over `max` in the window, 429 before the handler runs.
 */
export function limitPerAccount(options: { keys: (request: FastifyRequest) => (string | undefined)[]; max: number; windowMs?: number }): preHandlerAsyncHookHandler {
  return async (request) => {
    const keys = options.keys(request).filter((key): key is string => key !== undefined);
    await request.server.rateLimits.enforce({ keys, max: options.max, windowMs: options.windowMs ?? ACCOUNT_WINDOW_MS });
  };
}

/** Route config of a per-client-address limit of `max` requests a minute (`@fastify/rate-limit`). */
export const perClientAddress = (max: number) => ({ rateLimit: { max, timeWindow: MINUTE_MS } });

/** The `email` of a validated body (the routes limited by target address all carry one). */
export const bodyEmail = (request: FastifyRequest): string => (request.body as { email: string }).email;

/** Image uploads per signed-in account (decoding is the costliest thing a client can ask for). */
export const limitUploads = (max: number) =>
  limitPerAccount({ keys: (request) => [request.viewer ? accountKeys.uploadsBy(request.viewer.id) : undefined], max, windowMs: UPLOAD_WINDOW_MS });

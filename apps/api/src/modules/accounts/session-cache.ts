import { performance } from 'node:perf_hooks';
import type { Role } from '@goodtable/shared';

/** A session that is live (not expired or revoked, its user not deleted), with what a request needs of its user. */
export type LiveSession = { sessionId: string; signedInAt: Date; expiresAt: Date; userId: string; role: Role; parentUserId: string | null; teamClosed: boolean };

/**
 * Session lookups remembered in memory for a few seconds, so a signed-in request costs no database round trip for
 * its session. Revocation (sign-out, password change or reset, account closed) takes effect at once on this
 * instance: the revoking code calls `forgetSessionsOfUser`/`forgetSession`, which empty every cache of the process.
 * Another instance (another process) keeps its copy for at most the cache's `ttlMs`, then asks the database again.
 *
 * A revocation is written inside a transaction that commits after the forget: for a while the database still
 * shows the session live, and a lookup then would put it back. So a forgotten user or session stays "quiet" (its
 * lookups go to the database and are not remembered) for `QUIET_MS`, far longer than any transaction takes.
 *
 * Ages are measured on the monotonic clock (`performance.now()`): this is how long a copy is trusted, not business
 * time; the session's own expiry is still checked against the business clock on every hit.
 */
export type SessionCache = {
  /** The live session for a token hash: from memory when looked up less than `ttlMs` ago, else from `load`. */
  lookUp: (lookup: { tokenHash: string; now: Date; load: () => Promise<LiveSession | undefined> }) => Promise<LiveSession | undefined>;
  /** Stops this cache receiving revocations (the app closed). */
  close: () => void;
};

type CachedSession = { session: LiveSession; storedAt: number };
type CacheState = { sessions: Map<string, CachedSession> };

/** How long after a revocation its user or session is not cached (covers the revoking transaction's commit). */
const QUIET_MS = 30_000;
/** More remembered sessions than this and the cache is emptied (a bound on memory, not a tuning knob). */
const MAX_ENTRIES = 50_000;

const caches = new Set<CacheState>();
/** User ids (`user:`) and session ids (`session:`) recently revoked, with when their quiet time ends. */
const quietUntil = new Map<string, number>();

function isQuiet(session: LiveSession, at: number): boolean {
  const keys = [`user:${session.userId}`, `session:${session.sessionId}`];
  if (session.parentUserId) keys.push(`user:${session.parentUserId}`);
  return keys.some((key) => (quietUntil.get(key) ?? 0) > at);
}

function forget(key: string, matches: (session: LiveSession) => boolean): void {
  const at = performance.now();
  for (const [quietKey, until] of quietUntil) if (until <= at) quietUntil.delete(quietKey);
  quietUntil.set(key, at + QUIET_MS);
  for (const cache of caches) {
    for (const [tokenHash, cached] of cache.sessions) if (matches(cached.session)) cache.sessions.delete(tokenHash);
  }
}

/** Drops the user's sessions, and those of the sub-managers of a manager (their team depends on it), from memory. */
export function forgetSessionsOfUser(userId: string): void {
  forget(`user:${userId}`, (session) => session.userId === userId || session.parentUserId === userId);
}

export function forgetSession(sessionId: string): void {
  forget(`session:${sessionId}`, (session) => session.sessionId === sessionId);
}

/** `ttlMs` 0: no cache, every lookup asks the database. */
export function createSessionCache(ttlMs: number): SessionCache {
  const state: CacheState = { sessions: new Map() };
  if (ttlMs > 0) caches.add(state);
  return {
    async lookUp({ tokenHash, now, load }) {
      if (ttlMs === 0) return load();
      const cached = state.sessions.get(tokenHash);
      if (cached && performance.now() - cached.storedAt < ttlMs && cached.session.expiresAt > now) return cached.session;
      const session = await load();
      const storedAt = performance.now();
      if (!session || isQuiet(session, storedAt)) {
        state.sessions.delete(tokenHash);
        return session;
      }
      if (state.sessions.size >= MAX_ENTRIES) state.sessions.clear();
      state.sessions.set(tokenHash, { session, storedAt });
      return session;
    },
    close() {
      caches.delete(state);
      state.sessions.clear();
    },
  };
}

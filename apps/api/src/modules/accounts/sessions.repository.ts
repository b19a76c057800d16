import { and, eq, gt, isNull, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { forgetSession, forgetSessionsOfUser, type LiveSession } from './session-cache.ts';

export async function insertSession(db: Executor, values: { userId: string; tokenHash: string; expiresAt: Date }) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

const parents = alias(users, 'parents');

/**
 * The live session for a token hash, with its user; expired, revoked and deleted-user sessions are not found.
 * `teamClosed`: the user is a sub-manager whose manager's account is deleted (its team no longer exists).
 */
export function findLiveSessionByTokenHash(db: Executor, { tokenHash, now }: { tokenHash: string; now: Date }) {
  return findLiveSession(db, { which: eq(sessions.tokenHash, tokenHash), now });
}

/** The same by session id (a live-stream ticket names the session it was asked for). */
export function findLiveSessionById(db: Executor, { sessionId, now }: { sessionId: string; now: Date }) {
  return findLiveSession(db, { which: eq(sessions.id, sessionId), now });
}

async function findLiveSession(db: Executor, { which, now }: { which: SQL; now: Date }): Promise<LiveSession | undefined> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      signedInAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      role: users.role,
      parentUserId: users.parentUserId,
      parentDeletedAt: parents.deletedAt,
      parentId: parents.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(parents, eq(parents.id, users.parentUserId))
    .where(and(which, isNull(sessions.revokedAt), gt(sessions.expiresAt, now), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  const { parentDeletedAt, parentId, ...session } = row;
  return { ...session, teamClosed: session.parentUserId !== null && (parentId === null || parentDeletedAt !== null) };
}

// Each revocation also empties the in-memory session caches of this process (session-cache.ts).

export async function revokeSession(db: Executor, { sessionId, now }: { sessionId: string; now: Date }) {
  forgetSession(sessionId);
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessionsOfUser(db: Executor, { userId, now }: { userId: string; now: Date }) {
  forgetSessionsOfUser(userId);
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Signs a user out everywhere but `keepSessionId` (the session that changed the password). */
export async function revokeOtherSessionsOfUser(db: Executor, { userId, keepSessionId, now }: { userId: string; keepSessionId: string; now: Date }) {
  forgetSessionsOfUser(userId);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

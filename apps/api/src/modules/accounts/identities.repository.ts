import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userIdentities, type UserIdentityRow } from '../../db/schema/index.ts';

export async function findIdentity(db: Executor, { provider, subject }: { provider: UserIdentityRow['provider']; subject: string }): Promise<UserIdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row;
}

export async function findIdentitiesOfUser(db: Executor, userId: string): Promise<UserIdentityRow[]> {
  return db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
}

export async function insertIdentity(db: Executor, values: { userId: string; provider: UserIdentityRow['provider']; subject: string; email: string }) {
  await db.insert(userIdentities).values(values).onConflictDoNothing();
}

export async function deleteIdentitiesOfUser(db: Executor, { userId, provider }: { userId: string; provider?: UserIdentityRow['provider'] }) {
  const condition = provider ? and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)) : eq(userIdentities.userId, userId);
  await db.delete(userIdentities).where(condition);
}

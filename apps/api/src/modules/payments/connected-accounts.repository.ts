import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { connectedAccounts, type ConnectedAccountRow } from '../../db/schema/index.ts';

export async function findConnectedAccountOfUser(db: Executor, userId: string): Promise<ConnectedAccountRow | undefined> {
  const [row] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.userId, userId)).limit(1);
  return row;
}

/**
 * The user's one connected account, created or (same id, same creation time) given new details: one statement, so
 * two concurrent onboardings of the same user end with one row and never a unique-key error.
 */
export async function upsertConnectedAccount(
  db: Executor,
  values: Pick<ConnectedAccountRow, 'id' | 'userId' | 'provider' | 'capabilities' | 'externalAccount' | 'createdAt' | 'updatedAt'>,
): Promise<ConnectedAccountRow> {
  const [row] = await db
    .insert(connectedAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: connectedAccounts.userId,
      set: { capabilities: values.capabilities, externalAccount: values.externalAccount, updatedAt: values.updatedAt },
    })
    .returning();
  return row!;
}

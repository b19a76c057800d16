import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { connectedAccounts, type ConnectedAccountRow } from '../../db/schema/index.ts';

export async function findConnectedAccountOfUser(db: Executor, userId: string): Promise<ConnectedAccountRow | undefined> {
  const [row] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.userId, userId)).limit(1);
  return row;
}

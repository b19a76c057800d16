import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { subscriptions, type SubscriptionRow } from '../../db/schema/index.ts';
import type { Locale } from '@goodtable/shared';

export async function findSubscriptionByEmail(db: Executor, email: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(sql`lower(${subscriptions.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

/**
 * Adds `email` to the list; when the address is already there (a concurrent subscribe included: the unique index
 * on lower(email) decides), nothing is written and undefined is answered.
 */
export async function insertSubscription(
  db: Executor,
  values: { email: string; language: Locale; unsubscribeTokenHash: string; createdAt: Date },
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.insert(subscriptions).values(values).onConflictDoNothing().returning();
  return row;
}

/** Puts an unsubscribed address back on the list with a new unsubscribe secret. */
export async function resubscribe(db: Executor, { id, values }: { id: string; values: { language: Locale; unsubscribeTokenHash: string } }): Promise<void> {
  await db.update(subscriptions).set({ ...values, unsubscribedAt: null }).where(eq(subscriptions.id, id));
}

/** Marks the subscription of the unsubscribe secret `tokenHash` as ended (once); undefined when no row has it. */
export async function markUnsubscribed(db: Executor, { tokenHash, at }: { tokenHash: string; at: Date }): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ unsubscribedAt: sql`coalesce(${subscriptions.unsubscribedAt}, ${at})` })
    .where(eq(subscriptions.unsubscribeTokenHash, tokenHash))
    .returning();
  return row;
}

import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { stripeCustomers, stripeWebhookEvents } from '../../db/schema/index.ts';
import type { StripeCustomerStore } from './providers/stripe-provider.ts';

/** The payers' Stripe Customers in `stripe_customers`: the first one kept for a user wins a race. */
export function stripeCustomerStore(db: Executor): StripeCustomerStore {
  const customerOf = async (userId: string) => {
    const [row] = await db.select({ customerId: stripeCustomers.customerId }).from(stripeCustomers).where(eq(stripeCustomers.userId, userId)).limit(1);
    return row?.customerId ?? null;
  };
  return {
    customerOf,
    async remember(userId, customerId) {
      await db.insert(stripeCustomers).values({ userId, customerId }).onConflictDoNothing({ target: stripeCustomers.userId });
      return (await customerOf(userId))!;
    },
  };
}

/** Records a webhook event as applied; false when it already was (a redelivery), in which case nothing is to change. */
export async function recordWebhookEventOnce(tx: Executor, event: { id: string; type: string; processedAt: Date }): Promise<boolean> {
  const inserted = await tx.insert(stripeWebhookEvents).values(event).onConflictDoNothing({ target: stripeWebhookEvents.id }).returning({ id: stripeWebhookEvents.id });
  return inserted.length > 0;
}

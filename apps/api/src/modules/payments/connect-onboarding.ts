import { and, eq } from 'drizzle-orm';
import type { ConnectedAccount, ProviderOnboardingInput, ProviderOnboardingLink } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import { connectedAccounts, type ConnectedAccountRow } from '../../db/schema/index.ts';
import { conflict, notAllowed, notFound, notSignedIn } from '../../lib/domain-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SignedInContext } from '../../lib/service-context.ts';
import { findUserById, updateUser } from '../accounts/accounts.service.ts';
import { findConnectedAccountOfUser } from './connected-accounts.repository.ts';
import { presentConnectedAccount } from './payout-accounts.ts';
import type { ConnectOnboarding, PaymentProvider, ProviderConnectedAccount } from './providers/index.ts';
import { recordWebhookEventOnce } from './stripe.repository.ts';

/**
 * Payout onboarding at the provider's hosted pages (Stripe Connect Express; docs/decisions/0076-stripe-connect-onboarding.md). The account is created once per user and kept in `connected_accounts`; its
 * `capabilities.transfers` follows the provider: `account.updated` webhooks and a refresh when the browser comes back.
 */

export type ConnectDeps = SignedInContext & { provider: Pick<PaymentProvider, 'name' | 'connect'>; publicUrl: string };

/** Where the provider sends the browser back: `/payment-management`, told why (a new link is needed, or done). */
export const onboardingReturnUrls = (publicUrl: string) => ({
  refreshUrl: `${publicUrl}/payment-management?onboarding=refresh`,
  returnUrl: `${publicUrl}/payment-management?onboarding=return`,
});

function connectOf(deps: ConnectDeps): ConnectOnboarding {
  if (deps.viewer.role !== 'seller' && deps.viewer.role !== 'cause') throw notAllowed('Only restaurants and causes have payout accounts', 'payments.notPayee');
  if (!deps.provider.connect) throw conflict('The payout account is set up with the form on this page', 'payments.onboardingLocal');
  return deps.provider.connect;
}

/** The provider's state written on our row (id and creation kept). Answers the row, or undefined when it is not ours. */
async function writeProviderState(db: Executor, { state, now }: { state: ProviderConnectedAccount; now: Date }): Promise<ConnectedAccountRow | undefined> {
  const [row] = await db
    .update(connectedAccounts)
    .set({ capabilities: { transfers: state.transfers }, externalAccount: state.externalAccount, updatedAt: now })
    .where(eq(connectedAccounts.id, state.id))
    .returning();
  return row;
}

/**
 * POST /payments/me/connected-account/onboarding: the viewer's connected account at the provider (created the first
 * time, the same one afterwards) and a fresh single-use onboarding link for the browser. The provider is called
 * outside any transaction; a retry or a second tab gets the same account (the provider's idempotency key, then the
 * unique user id here, first one kept).
 */
export async function startProviderOnboarding(deps: ConnectDeps, input: ProviderOnboardingInput): Promise<ProviderOnboardingLink> {
  const connect = connectOf(deps);
  const existing = await findConnectedAccountOfUser(deps.db, deps.viewer.id);
  let account = existing;
  if (!account || account.provider !== deps.provider.name) {
    const user = await findUserById(deps.db, deps.viewer.id);
    if (!user || user.deletedAt) throw notSignedIn();
    const created = await connect.createAccount({ userId: user.id, country: input.country, email: user.email });
    const now = deps.clock.now();
    account = await deps.db.transaction(async (tx) => {
      // An account of another provider (a deployment that moved from local to Stripe) gives way to the provider's.
      await tx.delete(connectedAccounts).where(and(eq(connectedAccounts.userId, deps.viewer.id), eq(connectedAccounts.provider, existing?.provider ?? '')));
      await tx
        .insert(connectedAccounts)
        .values({
          id: created.id,
          userId: deps.viewer.id,
          provider: deps.provider.name,
          capabilities: { transfers: created.transfers },
          externalAccount: created.externalAccount,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: connectedAccounts.userId });
      const kept = (await findConnectedAccountOfUser(tx, deps.viewer.id))!;
      if (!(await updateUser(tx, { id: deps.viewer.id, values: { connectedAccountId: kept.id } }))) throw notSignedIn();
      return kept;
    });
  }
  const link = await connect.onboardingLink({ accountId: account.id, ...onboardingReturnUrls(deps.publicUrl) });
  return { url: link.url, expires_at: link.expiresAt.toISOString() };
}

/**
 * POST /payments/me/connected-account/refresh (the browser back from the provider): reads the account at the provider
 * and keeps its state, so the page and the banners follow at once, before (or without) the webhook.
 */
export async function refreshProviderAccount(deps: ConnectDeps): Promise<ConnectedAccount> {
  const connect = connectOf(deps);
  const account = await findConnectedAccountOfUser(deps.db, deps.viewer.id);
  if (!account) throw notFound('No connected payout account', 'payments.noConnectedAccount');
  if (account.provider !== deps.provider.name) return presentConnectedAccount(account);
  const state = await connect.retrieveAccount(account.id);
  return presentConnectedAccount((await writeProviderState(deps.db, { state, now: deps.clock.now() })) ?? account);
}

/**
 * An `account.updated` webhook: the account as the provider reports it now is written once per event id (a
 * redelivery is `replayed`); an account that is not one of ours is recorded and `ignored`.
 */
export async function applyConnectedAccountEvent(
  deps: { db: Executor; clock: Clock; provider: Pick<PaymentProvider, 'connect'> },
  event: { id: string; type: string; accountId: string },
): Promise<'applied' | 'replayed' | 'ignored'> {
  const [known] = await deps.db.select({ id: connectedAccounts.id }).from(connectedAccounts).where(eq(connectedAccounts.id, event.accountId)).limit(1);
  // Read before the transaction (one connection on PGlite; a slow provider holds no lock).
  const state = known && deps.provider.connect ? await deps.provider.connect.retrieveAccount(event.accountId) : null;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEventOnce(tx, { id: event.id, type: event.type, processedAt: now }))) return 'replayed' as const;
    if (!state) return 'ignored' as const;
    return (await writeProviderState(tx, { state, now })) ? ('applied' as const) : ('ignored' as const);
  });
}

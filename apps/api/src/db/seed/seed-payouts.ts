import { eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { connectedAccounts, users, type StoredExternalAccount } from '../schema/index.ts';

/** The demo payees' payout accounts at the local provider (README): fixed ids so the demo reads the same every time. */
export const DEMO_PAYOUT_ACCOUNTS = {
  seller: {
    id: 'local_acct_demo_trattoria_rossi',
    externalAccount: { country: 'AU', account_holder: 'Trattoria Rossi Pty Ltd', bsb: '000-000', bank_code: null, account_number_last4: '3456' },
  },
  cause: {
    id: 'local_acct_demo_hope_kitchen',
    externalAccount: { country: 'VN', account_holder: 'Hope Kitchen Foundation', bsb: null, bank_code: 'VCB', account_number_last4: '6789' },
  },
} as const satisfies Record<string, { id: string; externalAccount: StoredExternalAccount }>;

/**
 * Payouts demo data: the demo seller and the demo cause have connected accounts with transfers
 * active; `newbistro@example.com` (and every other restaurant) has none, so its Payments link leads to set-up.
 */
export async function seedDemoPayoutAccounts(db: Executor, options: { sellerId: string; causeOwnerId: string }): Promise<void> {
  for (const [userId, account] of [
    [options.sellerId, DEMO_PAYOUT_ACCOUNTS.seller],
    [options.causeOwnerId, DEMO_PAYOUT_ACCOUNTS.cause],
  ] as const) {
    await db.insert(connectedAccounts).values({ id: account.id, userId, provider: 'local', capabilities: { transfers: 'active' }, externalAccount: account.externalAccount });
    await db.update(users).set({ connectedAccountId: account.id }).where(eq(users.id, userId));
  }
}

import type { BankDetailsInput, ConnectedAccount, Me, PayoutAccountDetails } from '@goodtable/shared';
import { authenticatedApi } from '../../lib/api.ts';

export { connectedAccountQueryKey, fetchConnectedAccount } from '../../lib/connected-account.ts';

/** PUT payments/me/connected-account: the local provider's onboarding (creates or updates the payout account). */
export async function connectPayoutAccount(input: PayoutAccountDetails): Promise<ConnectedAccount> {
  return authenticatedApi.put<ConnectedAccount>('payments/me/connected-account', { body: input });
}

/** PUT payments/me/bank-details: country not listed, and the bank details for manual payouts; answers the user. */
export async function updateBankDetails(input: BankDetailsInput): Promise<Me> {
  return authenticatedApi.put<Me>('payments/me/bank-details', { body: input });
}

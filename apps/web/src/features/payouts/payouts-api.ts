import type { BankDetailsInput, ConnectedAccount, Me, PayoutAccountDetails, ProviderOnboardingInput, ProviderOnboardingLink } from '@goodtable/shared';
import { authenticatedApi } from '../../lib/api.ts';


/** PUT payments/me/connected-account: the local provider's onboarding (creates or updates the payout account). */
export async function connectPayoutAccount(input: PayoutAccountDetails): Promise<ConnectedAccount> {
  return authenticatedApi.put<ConnectedAccount>('payments/me/connected-account', { body: input });
}

/** PUT payments/me/bank-details: country not listed, and the bank details for manual payouts; answers the user. */
export async function updateBankDetails(input: BankDetailsInput): Promise<Me> {
  return authenticatedApi.put<Me>('payments/me/bank-details', { body: input });
}

/** POST payments/me/connected-account/onboarding: the account at the provider (created once) and a fresh onboarding link. */
export async function startProviderOnboarding(input: ProviderOnboardingInput): Promise<ProviderOnboardingLink> {
  return authenticatedApi.post<ProviderOnboardingLink>('payments/me/connected-account/onboarding', { body: input });
}

/** POST payments/me/connected-account/refresh: the account as the provider reports it now (back from onboarding). */
export async function refreshProviderAccount(): Promise<ConnectedAccount> {
  return authenticatedApi.post<ConnectedAccount>('payments/me/connected-account/refresh');
}

import { randomBytes } from 'node:crypto';
import type { BankDetails, ConnectedAccount, Me, PayoutAccountDetails } from '@goodtable/shared';
import type { ConnectedAccountRow, StoredBankAccount, StoredExternalAccount } from '../../db/schema/index.ts';
import { conflict, notAllowed, notSignedIn } from '../../lib/domain-errors.ts';
import type { SignedInContext } from '../../lib/service-context.ts';
import { presentMe, updateUser } from '../accounts/accounts.service.ts';
import { findConnectedAccountOfUser, upsertConnectedAccount } from './connected-accounts.repository.ts';
import type { PaymentProvider } from './providers/index.ts';

/** Who is paid out: restaurants (sellers) and causes. A manager's restaurants are paid to their own sellers. */
const PAYEE_ROLES = new Set(['seller', 'cause']);

function assertPayee({ viewer }: SignedInContext): void {
  if (!PAYEE_ROLES.has(viewer.role)) throw notAllowed('Only restaurants and causes have payout accounts', 'payments.notPayee');
}

const lastFour = (accountNumber: string) => accountNumber.slice(-4);

export function presentConnectedAccount(account: ConnectedAccountRow): ConnectedAccount {
  return {
    id: account.id,
    provider: account.provider,
    capabilities: account.capabilities,
    created_at: account.createdAt.toISOString(),
    external_account: account.externalAccount,
  };
}

/**
 * PUT /payments/me/connected-account, the local provider's onboarding form: creates the viewer's payout account or
 * gives it new bank details. The local provider checks nothing further, so transfers are active at once (Stripe
 * would verify first and report by webhook). Only the last four digits are kept, as a provider's dashboard shows.
 * The user row's `connected_account_id` follows, in the same transaction.
 */
export async function connectPayoutAccount(
  deps: SignedInContext & { provider: Pick<PaymentProvider, 'name'> },
  details: PayoutAccountDetails,
): Promise<ConnectedAccount> {
  assertPayee(deps);
  // Stripe onboards through its own hosted pages (Connect Express account links), not through this form.
  if (deps.provider.name !== 'local') throw conflict('Payout accounts are set up with the payment provider', 'payments.onboardingAtProvider');
  const externalAccount: StoredExternalAccount = {
    country: details.country,
    account_holder: details.account_holder,
    bsb: details.country === 'AU' ? details.bsb : null,
    bank_code: details.country === 'VN' ? details.bank_code : null,
    account_number_last4: lastFour(details.account_number),
  };
  const now = deps.clock.now();
  const account = await deps.db.transaction(async (tx) => {
    const row = await upsertConnectedAccount(tx, {
      id: `local_acct_${randomBytes(12).toString('hex')}`,
      userId: deps.viewer.id,
      provider: deps.provider.name,
      capabilities: { transfers: 'active' },
      externalAccount,
      createdAt: now,
      updatedAt: now,
    });
    if (!(await updateUser(tx, { id: deps.viewer.id, values: { connectedAccountId: row.id } }))) throw notSignedIn();
    return row;
  });
  return presentConnectedAccount(account);
}

/**
 * PUT /payments/me/bank-details: the viewer's country is (not) one the provider serves, and with it, optionally,
 * the bank account for manual payouts, which replaces the `bank` list. Without `bank_account` the list is kept.
 */
export async function updateBankDetails(deps: SignedInContext, input: BankDetails): Promise<Me> {
  assertPayee(deps);
  const bank: StoredBankAccount[] | undefined = input.bank_account
    ? [
        {
          account_name: input.bank_account.account_name,
          bsb: null,
          account_number_last4: lastFour(input.bank_account.account_number),
          country: input.bank_account.country,
          bank_name: input.bank_account.bank_name,
          swift_code: input.bank_account.swift_code,
          account_number: input.bank_account.account_number,
        },
      ]
    : undefined;
  const row = await updateUser(deps.db, { id: deps.viewer.id, values: { countryNotListed: input.country_not_listed, ...(bank ? { bank } : {}) } });
  if (!row) throw notSignedIn();
  return presentMe(row);
}

/**
 * GET payments/me/connected-account: the viewer's payout account, or null when there is none. Having no account
 * is an ordinary state (every manager, most new sellers and causes), so it is an answer, not an error.
 */
export async function getMyConnectedAccount({ db, viewer }: SignedInContext): Promise<ConnectedAccount | null> {
  const account = await findConnectedAccountOfUser(db, viewer.id);
  return account ? presentConnectedAccount(account) : null;
}

import { use } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@goodtable/shared';
import { connectedAccountQuery, seesPayoutBanners } from '../lib/connected-account.ts';
import { i18n } from '../lib/i18n.ts';

type AccountNoticesModule = typeof import('../features/accounts/account-notices.tsx');
let accountNoticesLoad: { userId: string; ready: Promise<AccountNoticesModule> } | undefined;

/**
 * Everything the account notices need before they render, loaded once per signed-in user: their code, their texts
 * and, for the payout banners, the connected account.
 */
function accountNoticesReady(queryClient: QueryClient, user: Me): Promise<AccountNoticesModule> {
  if (accountNoticesLoad?.userId !== user.id) {
    const ready = Promise.all([
      import('../features/accounts/account-notices.tsx'),
      i18n.loadNamespaces('accounts'),
      seesPayoutBanners(user) ? queryClient.prefetchQuery(connectedAccountQuery()) : undefined,
    ]).then(([notices]) => notices);
    accountNoticesLoad = { userId: user.id, ready };
  }
  return accountNoticesLoad.ready;
}

/** The signed-in user's banners and time-zone prompt, once all they need is here. */
export function AccountNoticesSlot({ user }: { user: Me }) {
  const { AccountNotices: Notices } = use(accountNoticesReady(useQueryClient(), user));
  return <Notices />;
}

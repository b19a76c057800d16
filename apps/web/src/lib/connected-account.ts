import { queryOptions } from '@tanstack/react-query';
import type { ConnectedAccount, Me } from '@goodtable/shared';
import { authenticatedApi } from './api.ts';

export const connectedAccountQueryKey = ['payments', 'me', 'connected-account'] as const;

/** docs/product.md, Roles and permissions: published sellers and managers see the payout banners, which depend on their connected account. */
export function seesPayoutBanners(user: Pick<Me, 'published' | 'role'>): boolean {
  return user.published && (user.role === 'seller' || user.role === 'manager');
}

/** GET payments/me/connected-account: the viewer's payout account, null when there is none. */
export async function fetchConnectedAccount(): Promise<ConnectedAccount | null> {
  return authenticatedApi.get<ConnectedAccount | null>('payments/me/connected-account');
}

export const connectedAccountQuery = () => queryOptions({ queryKey: connectedAccountQueryKey, queryFn: fetchConnectedAccount });

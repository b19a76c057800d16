import type { ConnectedAccount, Me } from '@goodtable/shared';
import { authenticatedApi } from './api.ts';
import { ApiRequestError } from './api-error.ts';

export const connectedAccountQueryKey = ['payments', 'me', 'connected-account'] as const;

/** SPEC.md §6: published sellers and managers see the payout banners, which depend on their connected account. */
export function seesPayoutBanners(user: Pick<Me, 'published' | 'role'>): boolean {
  return user.published && (user.role === 'seller' || user.role === 'manager');
}

/** SPEC.md §7 GET payments/me/connected-account; null when there is none (404). */
export async function fetchConnectedAccount(): Promise<ConnectedAccount | null> {
  try {
    // Awaited here, so a 404 is caught below rather than rejecting the caller.
    return await authenticatedApi.get<ConnectedAccount>('payments/me/connected-account');
  } catch (error) {
    if (error instanceof ApiRequestError && error.statusCode === 404) return null;
    throw error;
  }
}

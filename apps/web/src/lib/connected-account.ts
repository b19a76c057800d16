import type { ConnectedAccount } from '@goodtable/shared';
import { authenticatedApi } from './api.ts';
import { ApiRequestError } from './api-error.ts';

export const connectedAccountQueryKey = ['payments', 'me', 'connected-account'] as const;

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

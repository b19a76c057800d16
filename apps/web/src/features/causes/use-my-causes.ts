import { useQuery } from '@tanstack/react-query';
import { HEADER_CAUSES_LIMIT, HEADER_CAUSES_SORT, MAX_PAGE_SIZE } from '@goodtable/shared';
import { useSession } from '../../lib/session.ts';
import { userCausesQuery } from './causes-api.ts';

/**
 * The signed-in cause user's causes. `limit` 10 sorted `created_at:desc` is the header dropdown's list
 * (docs/product.md, Business constants); the profile screen asks for all of them. Other roles get no call.
 */
export function useMyCauses({ limit = HEADER_CAUSES_LIMIT, sortBy = HEADER_CAUSES_SORT }: { limit?: number; sortBy?: string } = {}) {
  const session = useSession();
  const userId = session.status === 'signed-in' && session.role === 'cause' ? session.user.id : null;
  // Without a cause user the query stays off: its key's placeholder id is never asked for.
  const query = useQuery({ ...userCausesQuery({ userId: userId ?? 'none', limit, sortBy }), enabled: userId !== null });
  return { ...query, isCauseUser: userId !== null, sessionLoading: session.status === 'loading' };
}

export const ALL_MY_CAUSES_LIMIT = MAX_PAGE_SIZE;

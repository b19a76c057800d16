import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HEADER_CAUSES_LIMIT, HEADER_CAUSES_SORT, MAX_PAGE_SIZE } from '@goodtable/shared';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { useSession } from '../../lib/session.ts';
import { causeKeys, fetchUserCauses } from './causes-api.ts';

/**
 * The signed-in cause user's causes. `limit` 10 sorted `created_at:desc` is the header dropdown's list
 * (docs/product.md, Business constants); the profile screen asks for all of them. Other roles get no call.
 */
export function useMyCauses({ limit = HEADER_CAUSES_LIMIT, sortBy = HEADER_CAUSES_SORT }: { limit?: number; sortBy?: string } = {}) {
  const session = useSession();
  const userId = session.status === 'signed-in' && session.role === 'cause' ? session.user.id : null;
  const query = useQuery({
    queryKey: causeKeys.ofUser(userId ?? 'none', limit, sortBy),
    queryFn: () => fetchUserCauses(userId!, { limit, sortBy }),
    enabled: userId !== null,
  });
  return { ...query, isCauseUser: userId !== null, sessionLoading: session.status === 'loading' };
}

export const ALL_MY_CAUSES_LIMIT = MAX_PAGE_SIZE;

/** Shows "Get Cause error!" (docs/product.md, Errors; translated) once when loading the user's causes fails. */
export function useCausesErrorToast(error: unknown): void {
  const { t } = useTranslation('causes');
  const showErrorToast = useErrorToast();
  useEffect(() => {
    if (error) showErrorToast(error, t('dropdown.loadError'));
  }, [error, showErrorToast, t]);
}

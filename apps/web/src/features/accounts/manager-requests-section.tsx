import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/feedback/spinner.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { primaryButtonClassName, secondaryButtonClassName } from './account-styles.ts';
import { answerManagerRequest, managerRequestsQuery } from './accounts-api.ts';


/** A restaurant's /account section: grant or refuse managers' access requests, withdraw a grant. */
export function ManagerRequestsSection() {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const requests = useQuery(managerRequestsQuery());
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const answer = useMutation({
    mutationFn: ({ managerId, status }: { managerId: string; status: 'active' | 'refused' }) => answerManagerRequest(managerId, status),
    onSuccess: (updated) => {
      queryClient.setQueryData(managerRequestsQuery().queryKey, (current) =>
        (current ?? []).map((request) => (request.manager_id === updated.manager_id ? updated : request)),
      );
      showToast({ kind: 'success', message: updated.status === 'active' ? t('managerRequests.granted') : t('managerRequests.refused') });
    },
    onError: (error) => showErrorToast(error, t('managerRequests.error')),
  });

  return (
    <SectionCard headingId="manager-requests-heading" title={t('managerRequests.heading')} description={t('managerRequests.text')}>
      {requests.isPending ? <Spinner /> : null}
      {requests.isError ? <p className="text-sm text-red-700">{t('managerRequests.loadError')}</p> : null}
      {requests.data?.length === 0 ? <p className="text-sm text-slate-500">{t('managerRequests.empty')}</p> : null}
      <ul className="divide-y divide-slate-100">
        {requests.data?.map((request) => (
          <li key={request.manager_id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-800">
                {request.first_name} {request.last_name}
                {request.name ? ` · ${request.name}` : ''}
              </p>
              <p className="text-slate-500">
                {request.email} · {t(`managerRequests.status.${request.status}`)}
              </p>
            </div>
            <div className="flex gap-2">
              {request.status !== 'active' ? (
                <button
                  type="button"
                  className={primaryButtonClassName}
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ managerId: request.manager_id, status: 'active' })}
                >
                  {t('managerRequests.grant')}
                </button>
              ) : null}
              {request.status !== 'refused' ? (
                <button
                  type="button"
                  className={secondaryButtonClassName}
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ managerId: request.manager_id, status: 'refused' })}
                >
                  {request.status === 'active' ? t('managerRequests.revoke') : t('managerRequests.refuse')}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

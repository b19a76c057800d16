import { useState } from 'react';
import { useParams, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { QueryState } from '../../components/feedback/query-state.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { CauseForm } from './cause-form.tsx';
import { causeKeys, causeQuery, deleteCause } from './causes-api.ts';
import { ALL_MY_CAUSES_LIMIT, useMyCauses } from './use-my-causes.ts';

/** /cause/{id}/edit: the owner edits or deletes a cause; anyone else sees the 404 page (the API refuses them too). */
export function CauseEditPage() {
  const { t } = useTranslation('causes');
  usePageTitle(t('edit.pageTitle'));
  const { id = '' } = useParams();
  // The cause's answer does not say whose it is: the signed-in cause account's own list does.
  const myCauses = useMyCauses({ limit: ALL_MY_CAUSES_LIMIT });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const query = useQuery({ ...causeQuery(id), retry: false });
  const removal = useMutation({
    mutationFn: () => deleteCause(id),
    onSuccess: async () => {
      setConfirmOpen(false);
      queryClient.removeQueries({ queryKey: causeQuery(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: causeKeys.all });
      showToast({ kind: 'success', message: t('edit.deleted') });
      navigate('/cause-profile');
    },
    onError: (error) => showErrorToast(error, t('edit.deleteError')),
  });

  const notFound = query.isError && hasErrorStatus(query.error, [400, 403, 404]);
  const cause = query.data;
  const notMine = !myCauses.sessionLoading && (!myCauses.isCauseUser || (myCauses.data !== undefined && !myCauses.data.some((mine) => mine.id === id)));
  if (notFound || notMine) return <NotFoundPage />;

  return (
    <SignedInLayout>
      <QueryState data={myCauses.data ? cause : undefined} isError={query.isError || myCauses.isError} errorText={t('edit.loadError')}>
        {(cause) => (
          <>
            <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('edit.heading', { name: cause.name })}</h1>
              <button
                type="button"
                onClick={() => setConfirmOpen(true)}
                className="rounded-md border border-red-300 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
              >
                {t('edit.delete')}
              </button>
            </div>
            <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <CauseForm key={cause.updated_at} cause={cause} onSaved={(saved) => navigate(`/cause-profile?causeId=${saved.id}`)} />
            </section>
            <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)} className="fixed inset-0 z-50 flex items-center justify-center p-4">
              <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
              <DialogPanel className="relative w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
                  <DialogTitle className="text-lg font-semibold text-slate-900">{t('edit.deleteTitle')}</DialogTitle>
                  <Description className="mt-2 text-sm text-slate-600">{t('edit.deleteText', { name: cause.name })}</Description>
                  <div className="mt-6 flex justify-end gap-3">
                    <button type="button" onClick={() => setConfirmOpen(false)} className="rounded-md px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
                      {t('edit.cancel')}
                    </button>
                    <button
                      type="button"
                      disabled={removal.isPending}
                      onClick={() => removal.mutate()}
                      className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70"
                    >
                      {t('edit.deleteConfirm')}
                    </button>
                  </div>
              </DialogPanel>
            </Dialog>
          </>
        )}
      </QueryState>
    </SignedInLayout>
  );
}

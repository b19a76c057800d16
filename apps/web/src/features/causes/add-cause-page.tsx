import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CompleteProfileDialog } from '../../components/dialogs/complete-profile-dialog.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { CauseForm } from './cause-form.tsx';
import { wantsCompleteProfileDialog } from './complete-profile-state.ts';

/** /add-cause: a cause user creates a cause (their first, or one more). */
export function AddCausePage() {
  const { t } = useTranslation('causes');
  usePageTitle(t('add.pageTitle'));
  const location = useLocation();
  const navigate = useNavigate();
  const [dialogOpen, setDialogOpen] = useState(() => wantsCompleteProfileDialog(location.state));

  return (
    <SignedInLayout>
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('add.heading')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('add.subtitle')}</p>
      </div>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <CauseForm onSaved={(cause) => navigate(`/cause-profile?causeId=${cause.id}`)} />
      </section>
      <CompleteProfileDialog
        open={dialogOpen}
        text={t('completeProfile.text')}
        onClose={() => {
          setDialogOpen(false);
          // Forget the reason, so a reload does not open the dialog again.
          navigate(location.pathname, { replace: true, state: null });
        }}
      />
    </SignedInLayout>
  );
}

import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useTranslation } from 'react-i18next';

/** SPEC.md §5 dialog shown on /add-cause to a cause user who was sent there for having no cause yet. */
export function CompleteProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('causes');
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel className="relative w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('completeProfile.title')}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-600">{t('completeProfile.text')}</Description>
          <div className="mt-6 flex justify-end">
            <button type="button" onClick={onClose} className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              {t('completeProfile.ok')}
            </button>
          </div>
      </DialogPanel>
    </Dialog>
  );
}

/** Navigation state that makes /add-cause open the dialog. */
export const COMPLETE_PROFILE_STATE = { completeProfile: true } as const;

export function wantsCompleteProfileDialog(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { completeProfile?: unknown }).completeProfile === true;
}

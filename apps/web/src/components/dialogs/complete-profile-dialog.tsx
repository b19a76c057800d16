import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC.md §5 "Please complete your profile first" dialog, shown to a user sent to their profile page for having
 * not finished it. `text` is the role's own explanation; title and button are the same for every role.
 */
export function CompleteProfileDialog({ open, onClose, text }: { open: boolean; onClose: () => void; text: string }) {
  const { t } = useTranslation();
  return (
    // The dialog element itself covers the screen (not a zero-size wrapper), so it counts as visible.
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel className="relative w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">{t('completeProfile.title')}</DialogTitle>
        <Description className="mt-2 text-sm text-slate-600">{text}</Description>
        <div className="mt-6 flex justify-end">
          <button type="button" onClick={onClose} className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t('completeProfile.ok')}
          </button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

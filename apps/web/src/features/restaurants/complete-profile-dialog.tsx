import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';

/** SPEC.md §5 dialog on /profile for a seller sent there for having no menus yet. */
export function CompleteRestaurantProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('restaurants');
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('completeProfile.title')}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-600">{t('completeProfile.text')}</Description>
          <div className="mt-6 flex justify-end">
            <button type="button" onClick={onClose} className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              {t('completeProfile.ok')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

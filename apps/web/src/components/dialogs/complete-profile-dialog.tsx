import { useTranslation } from 'react-i18next';
import { ModalDialog } from './modal-dialog.tsx';

/**
 * The "Please complete your profile first" dialog (docs/product.md, Validation rules), shown to a user sent to their profile page for having
 * not finished it. `text` is the role's own explanation; title and button are the same for every role.
 */
export function CompleteProfileDialog({ open, onClose, text }: { open: boolean; onClose: () => void; text: string }) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('completeProfile.title')}
      text={text}
      actions={
        <button type="button" onClick={onClose} className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          {t('completeProfile.ok')}
        </button>
      }
    />
  );
}

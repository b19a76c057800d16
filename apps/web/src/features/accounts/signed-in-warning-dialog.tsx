import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../components/dialogs/modal-dialog.tsx';
import { useSignOut } from '../../lib/session-changes.ts';
import { primaryButtonClassName, secondaryButtonClassName } from './account-styles.ts';

/** The Warning of docs/product.md, Validation rules: signed in with a Client, Guest or Manager account, sign out first to register a restaurant. */
export function SignedInWarningDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <ModalDialog
      open
      onClose={onClose}
      title={t('signedInWarning.title')}
      text={t('signedInWarning.text')}
      actions={
        <>
          <button type="button" className={secondaryButtonClassName} onClick={() => onClose()}>
            {t('signedInWarning.close')}
          </button>
          <button
            type="button"
            className={primaryButtonClassName}
            onClick={() => {
              onClose();
              void signOut(() => navigate('/register-as-a-restaurant'));
            }}
          >
            {t('signedInWarning.signOut')}
          </button>
        </>
      }
    />
  );
}

import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession, useSignOut } from '../../lib/session.ts';
import { ModalDialog } from '../../components/dialogs/modal-dialog.tsx';
import { primaryButtonClassName, secondaryButtonClassName } from './account-styles.ts';

/**
 * The header/footer "Register as a restaurant" link. SPEC.md §5: a signed-in user who opens it sees a Warning
 * dialog (signed in with a Client, Guest or Manager account: sign out first) instead of the page.
 */
export function RegisterRestaurantLink({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation('accounts');
  const session = useSession();
  const [open, setOpen] = useState(false);
  const signOut = useSignOut();
  const navigate = useNavigate();

  return (
    <>
      <Link
        to="/register-as-a-restaurant"
        className={className}
        onClick={(event) => {
          if (session.status !== 'signed-in') return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </Link>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('signedInWarning.title')}
        text={t('signedInWarning.text')}
        actions={
          <>
            <button type="button" className={secondaryButtonClassName} onClick={() => setOpen(false)}>
              {t('signedInWarning.close')}
            </button>
            <button
              type="button"
              className={primaryButtonClassName}
              onClick={() => {
                setOpen(false);
                void signOut(() => navigate('/register-as-a-restaurant'));
              }}
            >
              {t('signedInWarning.signOut')}
            </button>
          </>
        }
      />
    </>
  );
}

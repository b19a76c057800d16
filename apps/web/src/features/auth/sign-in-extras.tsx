import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GoogleSignInButton } from './google-sign-in-button.tsx';

/** Below the sign-in form: the forgotten-password link and, when configured, Google sign-in. */
export function SignInExtras({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('accounts');
  return (
    <div className="mt-4 space-y-4">
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="font-semibold text-brand-700 hover:text-brand-800">
          {t('forgotPassword.link')}
        </Link>
      </p>
      <GoogleSignInButton redirect={redirect} />
    </div>
  );
}

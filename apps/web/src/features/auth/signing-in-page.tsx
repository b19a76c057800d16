import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { safeRedirectPath, SIGNED_IN_HOME } from '@goodtable/shared';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useSession } from '../../lib/session.ts';
import { SignInScreen } from './sign-in-screen.tsx';

/**
 * /signing-in (docs/product.md, Access rules): a valid stored token goes straight to `redirect`; none or an invalid one shows the
 * sign-in form, which returns to `redirect` after success. Only same-site redirects are honoured.
 */
export function SigningInPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('signingIn.pageTitle'));
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const session = useSession();

  if (session.status === 'loading') return <PageLoading />;
  if (session.status === 'signed-in') return <Navigate to={safeRedirectPath(redirect, SIGNED_IN_HOME)} replace />;
  return <SignInScreen title={t('signingIn.heading')} subtitle={t('signingIn.subtitle')} redirect={redirect} />;
}

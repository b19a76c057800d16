import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { SignInScreen } from './sign-in-screen.tsx';

export function SignInPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('signIn.pageTitle'));
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');

  return <SignInScreen title={t('signIn.heading')} subtitle={t('signIn.subtitle')} redirect={redirect} />;
}

import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { SiteLayout } from '../layout/site-layout.tsx';
import { AuthCard } from './auth-card.tsx';
import { AuthSwitchLink } from './auth-links.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignInExtras } from '../accounts/sign-in-extras.tsx';

export function SignInPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('signIn.pageTitle'));
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');

  return (
    <SiteLayout>
      <AuthCard
        title={t('signIn.heading')}
        subtitle={t('signIn.subtitle')}
        footer={
          <>
            {t('signIn.noAccount')} <AuthSwitchLink to="/sign-up" redirect={redirect}>{t('signIn.signUpLink')}</AuthSwitchLink>
          </>
        }
      >
        <SignInForm redirect={redirect} />
        <SignInExtras redirect={redirect} />
      </AuthCard>
    </SiteLayout>
  );
}

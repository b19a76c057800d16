import { useTranslation } from 'react-i18next';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { AuthCard } from './auth-card.tsx';
import { AuthSwitchLink } from './auth-links.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignInExtras } from './sign-in-extras.tsx';

/** The sign-in card (form, extras, link to sign up) of /sign-in and /signing-in, which differ only in title and subtitle. */
export function SignInScreen({ title, subtitle, redirect }: { title: string; subtitle: string; redirect: string | null }) {
  const { t } = useTranslation('auth');
  return (
    <SiteLayout>
      <AuthCard
        title={title}
        subtitle={subtitle}
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

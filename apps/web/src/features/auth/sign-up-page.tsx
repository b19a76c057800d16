import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, signUpSchema } from '@goodtable/shared';
import { EmailField, NameFields, PasswordField } from '../../components/form/form-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { signUp } from './auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthSwitchLink } from './auth-links.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';
import { CauseChoice } from './cause-choice.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { browserTimeZone } from './registration-form.tsx';

export function SignUpPage() {
  const { t, i18n } = useTranslation('auth');
  usePageTitle(t('signUp.pageTitle'));
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const form = useZodForm({
    schema: signUpSchema,
    defaultValues: { first_name: '', last_name: '', email: '', password: '' },
  });
  const [isCause, setIsCause] = useState(false);
  const finishSignIn = useFinishSignIn(redirect);
  const mutation = useFormMutation({
    form,
    mutationFn: signUp,
    onSuccess: finishSignIn,
    errorMessage: t('signUp.error'),
  });

  return (
    <SiteLayout>
      <AuthCard
        title={t('signUp.heading')}
        subtitle={t('signUp.subtitle')}
        footer={
          <>
            {t('signUp.haveAccount')} <AuthSwitchLink to="/sign-in" redirect={redirect}>{t('signUp.signInLink')}</AuthSwitchLink>
          </>
        }
      >
        <form
          noValidate
          className="space-y-5"
          onSubmit={form.form.handleSubmit((input) => mutation.mutate({ ...input, role: isCause ? 'cause' : 'user', language: currentLocale(i18n), timezone: browserTimeZone() }))}
        >
          <NameFields form={form} firstNameLabel={t('fields.firstName')} lastNameLabel={t('fields.lastName')} />
          <EmailField form={form} label={t('fields.email')} />
          <PasswordField form={form} label={t('fields.password')} autoComplete="new-password" hint={t('signUp.passwordHint', { count: PASSWORD_MIN_LENGTH })} />
          <CauseChoice checked={isCause} onChange={setIsCause} />
          <SubmitButton pending={mutation.isPending} fullWidth>
            {t('signUp.submit')}
          </SubmitButton>
        </form>
        <div className="mt-4">
          <GoogleSignInButton redirect={redirect} role={isCause ? 'cause' : 'user'} />
        </div>
      </AuthCard>
    </SiteLayout>
  );
}

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentTimeZoneName, isValidTimeZone, PASSWORD_MIN_LENGTH, signUpSchema } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useValidatedForm } from '../../components/form/use-validated-form.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { SiteLayout } from '../layout/site-layout.tsx';
import { signUp } from './auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthSwitchLink } from './auth-links.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';
import { CauseChoice } from '../accounts/cause-choice.tsx';
import { GoogleSignInButton } from '../accounts/google-sign-in-button.tsx';

/** The browser's time zone, so dates and emails fit the new user from the start. */
function browserTimeZone(): string | undefined {
  const zone = currentTimeZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return isValidTimeZone(zone) ? zone : undefined;
}

export function SignUpPage() {
  const { t, i18n } = useTranslation('auth');
  usePageTitle(t('signUp.pageTitle'));
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const form = useValidatedForm({
    schema: signUpSchema,
    initialValues: { first_name: '', last_name: '', email: '', password: '' },
  });
  const [isCause, setIsCause] = useState(false);
  const showErrorToast = useErrorToast();
  const finishSignIn = useFinishSignIn(redirect);
  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: finishSignIn,
    onError: (error) => {
      if (!form.showServerFieldErrors(error)) showErrorToast(error, t('signUp.error'));
    },
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
          onSubmit={(event) => {
            event.preventDefault();
            const input = form.validate();
            if (input) mutation.mutate({ ...input, role: isCause ? 'cause' : 'user', language: currentLocale(i18n), timezone: browserTimeZone() });
          }}
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t('fields.firstName')}
              name="first_name"
              autoComplete="given-name"
              value={form.values.first_name}
              onChange={(value) => form.setValue('first_name', value)}
              error={form.errorOf('first_name')}
            />
            <TextField
              label={t('fields.lastName')}
              name="last_name"
              autoComplete="family-name"
              value={form.values.last_name}
              onChange={(value) => form.setValue('last_name', value)}
              error={form.errorOf('last_name')}
            />
          </div>
          <TextField
            label={t('fields.email')}
            type="email"
            name="email"
            autoComplete="email"
            value={form.values.email}
            onChange={(value) => form.setValue('email', value)}
            error={form.errorOf('email')}
          />
          <TextField
            label={t('fields.password')}
            type="password"
            name="password"
            autoComplete="new-password"
            value={form.values.password}
            onChange={(value) => form.setValue('password', value)}
            error={form.errorOf('password')}
            hint={t('signUp.passwordHint', { count: PASSWORD_MIN_LENGTH })}
          />
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

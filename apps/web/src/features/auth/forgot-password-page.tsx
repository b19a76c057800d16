import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { EmailField } from '../../components/form/form-fields.tsx';
import { useValidatedForm } from '../../components/form/use-validated-form.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { AuthCard } from './auth-card.tsx';
import { AuthSwitchLink } from './auth-links.tsx';
import { requestPasswordReset } from './auth-api.ts';

/** /forgot-password: asks for a reset link; the answer is the same whether or not the address exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('forgotPassword.pageTitle'));
  const form = useValidatedForm({ schema: forgotPasswordSchema, initialValues: { email: '' } });
  const [sent, setSent] = useState(false);
  const showErrorToast = useErrorToast();
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => setSent(true),
    onError: (error) => {
      if (!form.showServerFieldErrors(error)) showErrorToast(error, t('forgotPassword.error'));
    },
  });

  return (
    <SiteLayout>
      <AuthCard
        title={t('forgotPassword.heading')}
        subtitle={t('forgotPassword.subtitle')}
        footer={<AuthSwitchLink to="/sign-in" redirect={null}>{t('forgotPassword.backToSignIn')}</AuthSwitchLink>}
      >
        {sent ? (
          <p role="status" className="text-sm text-slate-700">
            {t('forgotPassword.sent')}
          </p>
        ) : (
          <form
            noValidate
            className="space-y-5"
            onSubmit={(event) => {
              event.preventDefault();
              const input = form.validate();
              if (input) mutation.mutate(input.email);
            }}
          >
            <EmailField form={form} label={t('fields.email')} />
            <SubmitButton pending={mutation.isPending} fullWidth>
              {t('forgotPassword.submit')}
            </SubmitButton>
          </form>
        )}
      </AuthCard>
    </SiteLayout>
  );
}

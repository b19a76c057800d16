import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { EmailField } from '../../components/form/form-fields.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { AuthCard } from './auth-card.tsx';
import { AuthSwitchLink } from './auth-links.tsx';
import { requestPasswordReset } from './auth-api.ts';

/** /forgot-password: asks for a reset link; the answer is the same whether or not the address exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('forgotPassword.pageTitle'));
  const form = useZodForm({ schema: forgotPasswordSchema, defaultValues: { email: '' } });
  const [sent, setSent] = useState(false);
  const mutation = useFormMutation({
    form,
    mutationFn: requestPasswordReset,
    onSuccess: () => setSent(true),
    errorMessage: t('forgotPassword.error'),
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
            onSubmit={form.form.handleSubmit((input) => mutation.mutate(input.email))}
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
